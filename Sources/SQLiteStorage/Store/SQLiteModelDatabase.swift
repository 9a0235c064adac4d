import Foundation
import InternalSupport
import KeyPathQuery
import ModelStorage
@_spi(BackendInternals) import SQLStorage

/// A database of several models kept in one SQLite file: a table per model, one commit
/// version, and transactions that span the models.
///
/// ```swift
/// let dex = try await SQLiteModelDatabase.open(
///     at: url, for: [Pokemon.self, PokemonSpecies.self])
/// let pokemon = try dex.store(for: Pokemon.self)
/// try await dex.transaction { transaction in
///     transaction[PokemonSpecies.self].upsert(bulbasaurSpecies)
///     transaction[Pokemon.self].upsert(bulbasaur)
/// }
/// let strongest = try await pokemon.fetch(
///     RecordQuery(where: \.attack >= 80, sortedBy: [.descending(\.attack)], limit: 10))
/// try await dex.close()
/// ```
///
/// Each model has its own table, named by `StorableModel/storageName`, laid out as
/// ``SQLiteStore`` describes, and its own schema version, kept with its commit version in
/// the table `modelstorage_version` (`table_name`, `version`, `schema_version`). The
/// database's version is the highest `version` there: every commit writes it to the rows of
/// the tables it changed.
///
/// One connection writes for every model, so writes to different models, through their
/// stores or through ``transaction(_:)``, are grouped into one SQLite transaction and one
/// sync, as a store's writes are (see ``SQLiteStore``). A transaction across models commits
/// all of its changes in one SQLite transaction: a crash or a power loss leaves all of them
/// or none. Reads go to the read connections, shared by the models' stores.
///
/// A database written by ``SQLiteStore`` before it kept several models — one table, its
/// schema version in `PRAGMA user_version` — opens with nothing lost: that table keeps its
/// records and versions, and a model added beside it gets a table of its own.
public actor SQLiteModelDatabase: SQLStoreDatabase {
    /// The database file's URL, as it was opened at.
    public nonisolated let url: URL

    /// Where the database keeps its records, as its errors name it: the
    /// `StoreLocation/file(_:)` of its file, whose URL is ``url``.
    public nonisolated var location: StoreLocation { .file(path) }

    /// Whether the database was opened read-only.
    public nonisolated let isReadOnly: Bool

    /// The models the database holds, in the order it was opened with.
    public nonisolated let models: [any StorableModel.Type]

    nonisolated let path: String
    /// The database's models: each one's table layout, and the schema version it was
    /// migrated from when the database opened.
    public nonisolated let tables: ModelTables
    let writer: ConnectionQueue?
    let readers: [ConnectionQueue]
    private var nextReader = 0
    /// The number of ``read(_:)`` snapshots taken, which tells each one's reads apart.
    @_spi(BackendInternals) public var snapshotsTaken: UInt64 = 0
    /// Every model's live queries.
    public nonisolated let liveQueries = LiveQueries()
    /// The writes waiting for a group commit and what the writing tasks share with them,
    /// reached without the actor (see `SQLiteModelDatabase+Writing.swift`).
    public nonisolated let writes: WriteQueue
    /// How the database hears of other connections' commits (`SQLDriverDatabase`):
    /// `PRAGMA data_version`, looked at on a connection of its own.
    @_spi(BackendInternals) public nonisolated let otherCommits: SQLiteOtherCommits
    /// The task that follows ``otherCommits`` while a live query exists.
    @_spi(BackendInternals) public var otherCommitsFollower: Task<Void, Never>?
    /// The models of this read-only database whose table it last found missing.
    ///
    /// The database was cut off before its first commit, or a writer has yet to make the
    /// table. The model's store then reads as empty, and looks again before each read.
    @_spi(BackendInternals) public var awaitingTables: AwaitedTables
    /// Counts how the database's connections answer queries.
    @_spi(BackendInternals) public nonisolated let evaluations: QueryEvaluationCounter

    init(
        url: URL, path: String, tables: ModelTables, writer: ConnectionQueue?,
        readers: [ConnectionQueue], version: UInt64, options: SQLiteStoreOptions,
        evaluations: QueryEvaluationCounter, awaitingTables: AwaitedTables
    ) {
        self.url = url
        self.path = path
        self.models = tables.models
        self.tables = tables
        self.writer = writer
        self.readers = readers
        self.isReadOnly = writer == nil
        self.writes = WriteQueue(committedVersion: version, location: .file(path))
        otherCommits = SQLiteOtherCommits(path: path, options: options)
        self.awaitingTables = awaitingTables
        self.evaluations = evaluations
    }

    deinit {
        // Released without `close()`: the connection that looks for other commits goes too.
        otherCommitsFollower?.cancel()
    }

    /// How the database answered queries so far, for every model: in SQLite, or in memory (a
    /// condition with an operand SQLite cannot hold, or a collection condition while a record
    /// holds NUL).
    public nonisolated var queryEvaluationCounts: QueryEvaluationCounts {
        evaluations.counts
    }

    nonisolated func layout<Model: StorableModel>(
        of model: Model.Type
    ) throws(StoreError) -> TableLayout<Model> {
        try tables.layout(of: model)
    }

    /// One model's table as SQLite's driver reads it (`SQLStoreDatabase`).
    ///
    /// - Throws: `StoreError/unknownModel(_:at:models:)` when the database does not hold
    ///   the model.
    public nonisolated func table<Model: StorableModel>(
        of model: Model.Type
    ) throws(StoreError) -> any SQLDriverTable<Model, SQLiteConnection> {
        try layout(of: model)
    }

    /// The next reader, in turn (`SQLDriverDatabase`).
    @_spi(BackendInternals) public func reader() -> any ConnectionOwner<SQLiteConnection> {
        nextReader += 1
        return readers[nextReader % readers.count]
    }

    /// Runs a read of one model's table on a reader (`SQLStoreDatabase`); a model whose
    /// table a read-only database has not found yet reads as `empty`.
    public func read<Model: StorableModel, Value: Sendable>(
        _ model: Model.Type, orEmpty empty: Value,
        _ body: @escaping @Sendable (SQLiteConnection) throws(StoreError) -> Value
    ) async throws -> Value {
        try await readTable(model, orEmpty: empty, body)
    }

    /// Whether SQL answers a query exactly on the database as it is (`SQLStoreDatabase`):
    /// always, but for a query that follows references while a read-only database has not
    /// found every model's table, which a snapshot read answers, reading the missing
    /// models as empty.
    public nonisolated func answersInSQL<Model: StorableModel>(
        _ query: RecordQuery<Model>, on connection: SQLiteConnection
    ) throws(StoreError) -> Bool {
        !(connection.awaitsTables && query.condition.followsReferences)
    }

    // MARK: Closing

    /// Finishes the writes already made, ends every live query of every model, and closes
    /// the database's connections; every store it handed out is closed with it.
    ///
    /// A writer's last connection to close checkpoints the WAL into the database file and
    /// removes the `-wal` and `-shm` files. Closing again does nothing.
    ///
    /// - Throws: Nothing in this backend; the signature is `ModelDatabase/close()`'s.
    /// - Complexity: That of the writes still queued.
    public func close() async throws {
        await closeConnections(readers: readers, writer: writer)
    }
}

/// SQLite's database on its driver: the shared reads (`SQLDriverDatabase`).
@_spi(BackendInternals)
extension SQLiteModelDatabase: SQLDriverDatabase {
    /// SQLite's driver.
    public typealias Driver = SQLiteDriver
}
