import KeyPathQuery
import ModelStorage

/// A database of several models kept in an SQL database, on a backend's driver: a table per
/// model, one commit version, and transactions that span the models.
///
/// Every SQL backend's database is this one type over its driver: `SQLiteModelDatabase` is
/// `SQLModelDatabase<SQLiteDriver>` and `PostgresModelDatabase` is
/// `SQLModelDatabase<PostgresDriver>`, each opened by its backend's `open`:
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
/// The database holds one set of connections for all of its models: the writer's, which
/// its driver keeps, and the readers'. Writes to different models, through their stores
/// (``SQLStore``) or through ``transaction(_:)``, are grouped into one SQL transaction on the
/// writer's connection (``GroupCommit``); reads go to the readers in turn, so they never
/// wait for a write. While a live query of any model exists, the database follows its
/// driver's notices of other connections' commits (``SQLDriver/otherCommits``), and re-runs
/// the live queries after each.
///
/// The layout of the tables, the SQL, the connections and the errors are the driver's: see
/// `SQLiteModelDatabase` and `PostgresModelDatabase`.
public actor SQLModelDatabase<Driver: SQLDriver>: ModelDatabase, QueryEvaluationReporting {
    /// The driver's connection, on which reads run.
    public typealias Connection = Driver.Connection

    /// The backend's driver: the writer's connection, and what only the backend knows.
    @_spi(BackendInternals) public nonisolated let driver: Driver

    /// Where the database keeps its records, as its errors name it.
    public nonisolated var location: StoreLocation { tables.location }

    /// Whether the database was opened read-only: every write throws
    /// `StoreError/readOnly(at:)`.
    public nonisolated let isReadOnly: Bool

    /// The models the database holds, in the order it was opened with.
    public nonisolated var models: [any StorableModel.Type] { tables.models }

    /// The database's models: each one's table layout, and the schema version it was
    /// migrated from when the database opened.
    public nonisolated let tables: ModelTables

    /// Every model's live queries.
    nonisolated let liveQueries = LiveQueries()

    /// The writes waiting for a group commit, the version of the latest commit this database
    /// made or heard of, and whether it is closed.
    nonisolated let writes: WriteQueue

    /// Counts how the database's connections answer queries.
    @_spi(BackendInternals) public nonisolated let evaluations: QueryEvaluationCounter

    /// The owners of the readers' connections, used in turn.
    let readers: [any ConnectionOwner<Connection>]
    /// The owner of the writer's connection, or `nil` when the database has none.
    let writer: (any ConnectionOwner<Connection>)?
    /// The reader the last read went to.
    private var lastReader = 0
    /// The number of snapshot reads taken, which tells each one's reads apart.
    var snapshotsTaken: UInt64 = 0
    /// The models of a read-only database whose table it last found missing: their stores
    /// read as empty, and look again before each read.
    var awaitingTables: AwaitedTables
    /// The task that follows the driver's notices of other connections' commits while the
    /// database has a live query, or `nil`.
    var otherCommitsFollower: Task<Void, Never>?

    /// A database over a driver whose connections are open and whose tables are checked: the
    /// end of a backend's `open`.
    ///
    /// - Parameters:
    ///   - driver: The backend's driver.
    ///   - tables: The database's models and their layouts, as opening left them.
    ///   - writer: The owner of the writer's connection, or `nil` for a database that has
    ///     none (read-only); the database closes it last.
    ///   - readers: The owners of the readers' connections, at least one; never the
    ///     writer's.
    ///   - version: The database's committed version.
    ///   - isReadOnly: Whether the database was opened read-only.
    ///   - evaluations: The counter the connections count their answers in.
    ///   - awaitingTables: The models of a read-only database whose table it did not find.
    @_spi(BackendInternals)
    public init(
        driver: Driver, tables: ModelTables, writer: (any ConnectionOwner<Connection>)?,
        readers: [any ConnectionOwner<Connection>], version: UInt64, isReadOnly: Bool,
        evaluations: QueryEvaluationCounter, awaitingTables: AwaitedTables
    ) {
        precondition(!readers.isEmpty, "a database reads through at least one connection")
        self.driver = driver
        self.tables = tables
        self.writer = writer
        self.readers = readers
        self.isReadOnly = isReadOnly
        self.writes = WriteQueue(committedVersion: version, location: tables.location)
        self.evaluations = evaluations
        self.awaitingTables = awaitingTables
    }

    deinit {
        // Released without `close()`: the connections go too.
        otherCommitsFollower?.cancel()
        for reader in readers { reader.closeSoon() }
        writer?.closeSoon()
    }

    /// How the database answered queries so far, for every model: in SQL alone, narrowed by
    /// SQL and finished in memory, or in memory.
    public nonisolated var queryEvaluationCounts: QueryEvaluationCounts {
        evaluations.counts
    }

    /// One model's table as the driver reads it.
    ///
    /// - Throws: `StoreError/unknownModel(_:at:models:)` when the database does not hold
    ///   the model.
    nonisolated func table<Model: StorableModel>(
        of model: Model.Type
    ) throws(StoreError) -> any SQLDriverTable<Model, Connection> {
        try Driver.table(of: model, in: tables)
    }

    /// Whether SQL answers a query exactly on the database as it is, as the driver says.
    ///
    /// When it does not, the store resolves the query through a read of the whole database
    /// (``SQLDriver/answersInSQL(_:on:)``).
    nonisolated func answersInSQL<Model: StorableModel>(
        _ query: RecordQuery<Model>, on connection: Connection
    ) throws(StoreError) -> Bool {
        try driver.answersInSQL(query, on: connection)
    }

    /// The next of the readers, in turn.
    func reader() -> any ConnectionOwner<Connection> {
        lastReader = lastReader == readers.count - 1 ? 0 : lastReader + 1
        return readers[lastReader]
    }

    // MARK: Closing

    /// Finishes the writes already made, ends every live query of every model, and closes
    /// the database's connections; every store it handed out is closed with it.
    ///
    /// It stops following other connections' commits, then closes the readers' connections
    /// and last the writer's. Later calls, on the database and on each of its stores, throw
    /// `StoreError/closed(at:)`; closing again does nothing.
    ///
    /// - Throws: Nothing today: the connections are let go whatever the database says. The
    ///   signature is `ModelDatabase/close()`'s, so that every backend closes alike.
    /// - Complexity: That of the writes still queued.
    public func close() async throws {
        // No write joins from now on; the groups being committed finish first.
        guard await writes.close() else { return }
        liveQueries.finishAll()
        await stopWatchingOtherCommits()
        for reader in readers { await reader.close() }
        await writer?.close()
    }
}
