import KeyPathQuery
import ModelStorage

/// A database of several models that ``SQLStore`` reads and writes through: what the
/// database gives the one store every SQL backend shares.
///
/// ``SQLModelDatabase`` conforms, over any backend's driver; ``SQLStore`` over it is
/// `SQLiteStore` and `PostgresStore`. A backend of your own writes a driver (``SQLDriver``)
/// and gets the database and the store:
///
/// ```swift
/// public typealias MyModelDatabase = SQLModelDatabase<MyDriver>
/// public typealias MyStore<Model: StorableModel> = SQLStore<MyModelDatabase, Model>
/// ```
///
/// ## Implementation requirements
///
/// - ``read(_:orEmpty:_:)`` runs its body on a connection of the database's readers, never
///   the writer's, and throws `StoreError/closed(at:)` once the database is closed.
/// - ``enqueue(isLarge:_:)`` adds the write to the database's group commit (``GroupCommit``)
///   and returns once its group is durable; it throws `StoreError/readOnly(at:)` and
///   `StoreError/closed(at:)` without running the write.
/// - ``observe(_:)`` gives the query's current result first, then a new result after every
///   commit that can change it, the database's own and other connections'.
public protocol SQLStoreDatabase: AnyObject, ModelDatabase, QueryEvaluationReporting {
    /// The backend's connection, on which reads run.
    associatedtype Connection

    /// The database's models and each one's table layout.
    var tables: ModelTables { get }

    /// Whether the database was opened read-only.
    var isReadOnly: Bool { get }

    /// One model's table, as the driver reads it on its connection.
    ///
    /// - Throws: `StoreError/unknownModel(_:at:models:)` when the model is not one of the
    ///   database's.
    func table<Model: StorableModel>(of model: Model.Type) throws(StoreError)
        -> any SQLDriverTable<Model, Connection>

    /// Runs a read of one model's table on a reader's connection.
    ///
    /// - Parameters:
    ///   - model: The model whose table is read.
    ///   - empty: The answer when the model's table is not in the database yet (a read-only
    ///     database another process has not created it in): no record.
    ///   - body: The read.
    /// - Returns: What `body` returns, or `empty`.
    /// - Throws: `StoreError/closed(at:)` when the database is closed; what `body` throws.
    func read<Model: StorableModel, Value: Sendable>(
        _ model: Model.Type, orEmpty empty: Value,
        _ body: @escaping @Sendable (Connection) throws(StoreError) -> Value
    ) async throws -> Value

    /// Whether SQL answers a query exactly on this database as it is, read on the
    /// connection before the query runs; when it does not, the store resolves the query
    /// through a read of the whole database (`ModelDatabase.read(_:)`).
    func answersInSQL<Model: StorableModel>(
        _ query: RecordQuery<Model>, on connection: Connection
    ) throws(StoreError) -> Bool

    /// Answers a query of one model through a read of the whole database at one moment
    /// (its conditions that follow references resolved over the other models' records),
    /// counted as a fetch of the query or as a count.
    ///
    /// - Parameters:
    ///   - query: The query the read answers.
    ///   - counting: Whether the answer is a count.
    ///   - body: The read.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; `StoreError/closed(at:)` when the database is closed.
    func read<Model: StorableModel, Result: Sendable>(
        resolving query: RecordQuery<Model>, counting: Bool,
        _ body: @escaping @Sendable (DatabaseTransaction) throws -> Result
    ) async throws -> Result

    /// The writes waiting for the group commit, with the committed version.
    var writes: WriteQueue { get }

    /// Adds a write to the group commit and waits until its group is durable; the shared
    /// implementation queues it in ``writes`` and commits through
    /// ``commitGroup(_:group:collectingChanges:)``.
    ///
    /// - Parameters:
    ///   - isLarge: Whether the write is large (an import): the driver may commit it off the
    ///     caller's thread.
    ///   - makeWrite: Makes the write around the callback that resumes its caller.
    /// - Returns: What the write's body returned.
    /// - Throws: `StoreError/closed(at:)` or `StoreError/readOnly(at:)` without running the
    ///   write; what the write or its commit threw.
    func enqueue<Result: Sendable>(
        isLarge: Bool,
        _ makeWrite:
            @Sendable (
                @escaping @Sendable (Swift.Result<Result, any Error>) -> Void
            ) -> QueuedWrite
    ) async throws -> Result

    /// Throws when the database cannot take a write: `StoreError/closed(at:)` or
    /// `StoreError/readOnly(at:)`.
    func checkWritable() async throws(StoreError)

    /// Commits one group of writes on the writer's connection (``GroupCommit/run(_:on:collectingChanges:group:)``),
    /// on whichever thread the driver's writer needs.
    ///
    /// - Parameters:
    ///   - batch: The group's writes, in the order they were queued.
    ///   - group: The group's number.
    ///   - collectingChanges: Whether the database has live queries, which need each
    ///     commit's changes.
    /// - Returns: The commit, or `nil` when the group could not run at all (its writes were
    ///   failed with the error).
    func commitGroup(_ batch: [QueuedWrite], group: UInt64, collectingChanges: Bool) async
        -> GroupCommit?

    /// Tells the database's live queries of one of its own commits.
    func noteOwnCommit(_ commit: GroupCommit) async

    /// Every model's live queries.
    var liveQueries: LiveQueries { get }

    /// A live query of one model: the current result, then a new one after every commit
    /// that can change it; the shared implementation registers it in ``liveQueries`` and
    /// calls ``watchOtherCommits(from:)``.
    func observe<Model: StorableModel>(_ query: RecordQuery<Model>) async throws
        -> AsyncStream<QueryResult<Model>>

    /// Starts watching for other connections' commits, unless the database already is, and
    /// tells ``liveQueries`` of each (``LiveQueries/noteUnknownCommit(refreshingWith:)``).
    ///
    /// - Parameter version: The version the first result of the newest live query was read
    ///   at.
    func watchOtherCommits(from version: UInt64) async

    /// Stops watching for other connections' commits, once no live query is left.
    func stopWatchingOtherCommits() async

    /// Closes the database: finishes the writes already made, ends every live query and
    /// closes the connections. Closing again does nothing.
    func close() async throws
}

extension SQLStoreDatabase {
    /// The store of one of the database's models.
    ///
    /// ```swift
    /// let species = try dex.store(for: PokemonSpecies.self)
    /// ```
    ///
    /// Every call returns a store over the same table; closing any of them closes the
    /// database.
    ///
    /// - Parameter model: The model.
    /// - Returns: The model's store: `SQLiteStore<Model>` of an `SQLiteModelDatabase`,
    ///   `PostgresStore<Model>` of a `PostgresModelDatabase`.
    /// - Throws: `StoreError/unknownModel(_:at:models:)` when the database does not hold the
    ///   model.
    public func store<Model: StorableModel>(
        for model: Model.Type
    ) throws(StoreError) -> SQLStore<Self, Model> {
        try SQLStore(of: model, in: self)
    }

    /// The store of one of the database's models, as `ModelDatabase.store(for:)` hands it
    /// to code written against any database: the same ``SQLStore`` as the `store(for:)`
    /// that returns it, which a call on the database itself chooses.
    ///
    /// ```swift
    /// func load(_ pokemon: [Pokemon], into dex: some ModelDatabase) async throws {
    ///     try await dex.store(for: Pokemon.self).upsert(contentsOf: pokemon)
    /// }
    /// ```
    ///
    /// - Parameter model: The model.
    /// - Returns: The model's store.
    /// - Throws: `StoreError/unknownModel(_:at:models:)` when the database does not hold the
    ///   model.
    @_disfavoredOverload
    public func store<Model: StorableModel>(
        for model: Model.Type
    ) throws(StoreError) -> any ModelStore<Model> {
        try store(for: model) as SQLStore<Self, Model>
    }

    /// Whether SQL answers a query exactly: always, for a driver whose SQL keeps the
    /// engine's meaning for every record it stores.
    public func answersInSQL<Model: StorableModel>(
        _ query: RecordQuery<Model>, on connection: Connection
    ) throws(StoreError) -> Bool {
        true
    }
}
