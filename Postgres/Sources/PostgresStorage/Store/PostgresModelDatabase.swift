import Foundation
import KeyPathQuery
import ModelStorage
import PostgresNIO
@_spi(BackendInternals) import SQLStorage

/// A database of several models kept in one PostgreSQL schema, which many processes on many
/// machines share: a table per model, one commit version, and transactions that span the
/// models.
///
/// ```swift
/// let configuration = PostgresConnection.Configuration(
///     host: "db.internal", username: "dex", password: secret, database: "dex", tls: .disable)
/// let dex = try await PostgresModelDatabase.open(
///     configuration, for: [Pokemon.self, PokemonSpecies.self])
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
/// Each model has its own table in the connection's current schema, named by
/// `StorableModel/storageName` and laid out as ``PostgresStore`` describes, and its own
/// schema version, kept with its commit version in the table `modelstorage_version`
/// (`table_name`, `version`, `schema_version`). The database's version is the highest
/// `version` there: every commit writes it to the rows of the tables it changed. The schema
/// is the database: every ``PostgresModelDatabase`` opened on it, in any process and with
/// any of its models, shares that one version.
///
/// The database holds one set of connections for all of its models: one that writes, on a
/// thread of its own (see ``PostgresStore`` for why), the readers
/// (`PostgresStoreOptions.readerCount`), and, while a live query of any model exists, one
/// that listens. Writes to different models, through their stores or through
/// ``transaction(_:)``, are grouped into one PostgreSQL transaction, each in a savepoint and
/// counted as a commit of its own. Each group first locks every row of the version table,
/// in the order of the tables' names (`SELECT … ORDER BY "table_name" FOR UPDATE`), which
/// no read waits for, so that the groups of every database on the schema run one at a time, each over every commit before
/// it. A transaction across models commits all of its changes in one PostgreSQL
/// transaction, or none of them.
///
/// Every commit sends `NOTIFY` on the schema's channel (`modelstorage_<schema>`) with the
/// new version; while a live query exists, the database `LISTEN`s there, so that a commit
/// through another database on the schema — in another process, on another machine —
/// re-runs the live queries of every model.
///
/// A database written by ``PostgresStore`` before it kept several models — one table per
/// model, each with its own `version` — opens with nothing lost: the tables keep their
/// records and write versions, the database's version is the highest of theirs, and a model
/// added beside them gets a table of its own.
public actor PostgresModelDatabase: SQLStoreDatabase {
    /// Where the database keeps its records, as its errors name it:
    /// `.database("postgresql://user@host:port/database")`, with the directory of the Unix
    /// socket for the host when it has one, and never a password.
    public nonisolated let location: StoreLocation

    /// Whether the database was opened read-only: every write throws
    /// `StoreError/readOnly(at:)`.
    public nonisolated let isReadOnly: Bool

    /// The models the database holds, in the order it was opened with.
    public nonisolated let models: [any StorableModel.Type]

    /// The database's models: each one's table layout, and the schema version it was
    /// migrated from when the database opened.
    public nonisolated let tables: ModelTables
    /// The quoted names of the models' tables.
    nonisolated let tableNames: [String]
    /// The channel the database's commits are announced on (see ``Schema/channel(schema:)``).
    nonisolated let channel: String
    /// What this database's notifications carry after the version, to tell them from other
    /// databases'.
    nonisolated let tag: String
    nonisolated let writer: ConnectionThread
    let readers: [ConnectionThread]
    private var nextReader = 0
    /// The number of ``read(_:)`` snapshots taken, which tells each one's reads apart.
    @_spi(BackendInternals) public var snapshotsTaken: UInt64 = 0
    /// Every model's live queries.
    public nonisolated let liveQueries = LiveQueries()
    /// The writes waiting for a group commit, the version of the latest commit this
    /// database made or heard of, and whether it is closed.
    public nonisolated let writes: WriteQueue
    /// How the database hears of other databases' commits (`SQLDriverDatabase`): `LISTEN`
    /// on the schema's channel.
    @_spi(BackendInternals) public nonisolated let otherCommits: PostgresOtherCommits
    /// The task that listens for other databases' commits while a live query exists.
    @_spi(BackendInternals) public var otherCommitsFollower: Task<Void, Never>?
    /// Counts how the database's connections answer queries (``queryEvaluationCounts``).
    @_spi(BackendInternals) public nonisolated let evaluations: QueryEvaluationCounter
    /// The models of this read-only database whose table it last found missing.
    ///
    /// No database has written the schema yet, or none opened with the model. The model's
    /// store then reads as empty, and looks again before each read.
    @_spi(BackendInternals) public var awaitingTables: AwaitedTables

    struct Parts {
        var tables: ModelTables
        var channel: String
        var version: UInt64
        /// The models whose table a read-only database did not find when it opened.
        var awaitingTables = AwaitedTables()
    }

    init(
        _ parts: Parts, writer: ConnectionThread, readers: [ConnectionThread],
        options: PostgresStoreOptions, configuration: PostgresConnection.Configuration,
        evaluations: QueryEvaluationCounter
    ) {
        self.location = parts.tables.location
        self.isReadOnly = options.mode == .readOnly
        self.models = parts.tables.models
        self.tables = parts.tables
        tableNames = parts.tables.models.map { SQLIdentifier.quoted($0.storageName) }
        self.channel = parts.channel
        self.writes = WriteQueue(committedVersion: parts.version, location: parts.tables.location)
        self.writer = writer
        self.readers = readers
        let tag = UUID().uuidString
        self.tag = tag
        otherCommits = PostgresOtherCommits(
            configuration: configuration, logger: options.logger, channel: parts.channel,
            tag: tag)
        self.evaluations = evaluations
        self.awaitingTables = parts.awaitingTables
    }

    deinit {
        // Released without `close()`: its threads and connections go too.
        otherCommitsFollower?.cancel()
        for reader in readers { reader.stopSoon() }
        writer.stopSoon()
    }

    /// One model's table as PostgreSQL's driver reads it (`SQLStoreDatabase`).
    ///
    /// - Throws: `StoreError/unknownModel(_:at:models:)` when the database does not hold
    ///   the model.
    public nonisolated func table<Model: StorableModel>(
        of model: Model.Type
    ) throws(StoreError) -> any SQLDriverTable<Model, BlockingConnection> {
        try tables.layout(of: model) as TableLayout<Model>
    }

    /// Whether SQL answers a query exactly on the database as it is (`SQLStoreDatabase`):
    /// always for one that follows no reference; for one that follows references, only
    /// while no table of the database holds an inexact row.
    public nonisolated func answersInSQL<Model: StorableModel>(
        _ query: RecordQuery<Model>, on connection: BlockingConnection
    ) throws(StoreError) -> Bool {
        try connection.answersExactly(query, tables: tableNames)
    }

    /// How the database answered queries so far, for every model: in PostgreSQL alone,
    /// narrowed by PostgreSQL and finished in memory (rows holding values SQL cannot read
    /// exactly), or in memory (a query the dialect refuses, such as `matches`).
    public nonisolated var queryEvaluationCounts: QueryEvaluationCounts {
        evaluations.counts
    }

    /// The next reader, in turn (`SQLDriverDatabase`).
    @_spi(BackendInternals) public func reader() -> any ConnectionOwner<BlockingConnection> {
        nextReader += 1
        return readers[nextReader % readers.count]
    }

    /// Runs a read of one model's table on the next reader (`SQLStoreDatabase`); a model
    /// whose table a read-only database has not found yet reads as `empty`.
    public func read<Model: StorableModel, Value: Sendable>(
        _ model: Model.Type, orEmpty empty: Value,
        _ body: @escaping @Sendable (BlockingConnection) throws(StoreError) -> Value
    ) async throws -> Value {
        try await readTable(model, orEmpty: empty, body)
    }

    // MARK: Closing

    /// Finishes the writes already made, ends every live query of every model and closes
    /// the database's connections; every store it handed out is closed with it.
    ///
    /// Later calls, on the database and on each of its stores, throw
    /// `StoreError/closed(at:)`; closing again does nothing.
    ///
    /// - Throws: Nothing today: the connections are let go whatever the server says. The
    ///   signature is `ModelDatabase/close()`'s, so that every backend closes alike.
    /// - Complexity: That of the writes still queued.
    public func close() async throws {
        await closeConnections(readers: readers, writer: writer)
    }
}

/// PostgreSQL's database on its driver: the shared reads (`SQLDriverDatabase`).
@_spi(BackendInternals)
extension PostgresModelDatabase: SQLDriverDatabase {
    /// PostgreSQL's driver.
    public typealias Driver = PostgresDriver
}
