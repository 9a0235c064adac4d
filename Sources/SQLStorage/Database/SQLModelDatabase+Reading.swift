import KeyPathQuery
import ModelStorage

extension SQLModelDatabase {
    /// Throws `StoreError/closed(at:)` once the database is closed.
    func checkOpen() throws(StoreError) {
        guard !writes.isClosed else { throw .closed(at: location) }
    }

    /// Runs a read of one model's table on the next reader; a model whose table a
    /// read-only database has not found yet reads as `empty`.
    ///
    /// - Parameters:
    ///   - model: The model whose table is read.
    ///   - empty: The answer while the model's table is not in the database.
    ///   - body: The read, on the reader's connection.
    /// - Returns: What `body` returns, or `empty`.
    /// - Throws: `StoreError/closed(at:)` when the database is closed; what `body` throws;
    ///   for a read-only database that looks for the table again,
    ///   `StoreError/migrationFailed(at:sourceVersion:location:reason:)` when it finds it at
    ///   an older schema version, and the driver's errors of the look.
    func read<Model: StorableModel, Value: Sendable>(
        _ model: Model.Type, orEmpty empty: Value,
        _ body: @escaping @Sendable (Connection) throws(StoreError) -> Value
    ) async throws -> Value {
        try checkOpen()
        if try await lacksTable(of: model) { return empty }
        let awaiting = !awaitingTables.isEmpty
        return try await reader().perform { connection in
            connection.awaitsTables = awaiting
            return try body(connection)
        }
    }

    /// Reads any of the database's models at one moment, writing nothing (see
    /// `ModelDatabase/read(_:)`).
    ///
    /// The body runs on a reader's connection inside one read transaction, so it sees the
    /// database as of one commit while writers go on, and it is not queued behind the
    /// writes. A model whose table a read-only database has not found yet reads as empty.
    ///
    /// - Parameter body: Reads through the transaction; its result is returned.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; `StoreError/unknownModel(_:at:models:)` when it
    ///   read a model the database does not hold; `StoreError/closed(at:)` when the
    ///   database is closed; the driver's errors when the records cannot be read.
    /// - Complexity: The body's reads, each a query of the database.
    public func read<Result: Sendable>(
        _ body: @escaping @Sendable (DatabaseTransaction) throws -> Result
    ) async throws -> Result {
        try await snapshotRead(answering: nil, body)
    }

    /// Answers a store's query whose references SQL cannot follow through a read of the
    /// whole database at one moment, counted once, as finished in memory.
    func read<Model: StorableModel, Result: Sendable>(
        resolving query: RecordQuery<Model>, counting: Bool,
        _ body: @escaping @Sendable (DatabaseTransaction) throws -> Result
    ) async throws -> Result {
        try await snapshotRead(
            answering: counting ? [.count] : QueryEvaluationCounter.kinds(of: query), body)
    }

    /// Reads every model at one moment through a transaction (the shared ``SnapshotRead``),
    /// on the next reader; a model whose table a read-only database has not found yet reads
    /// as empty.
    ///
    /// - Parameters:
    ///   - kinds: `nil` for a read of the database's own (`ModelDatabase/read(_:)`); for a
    ///     store's answer to a query whose references SQL cannot follow exactly, the query's
    ///     kinds: the read is then counted once, as finished in memory (in all and as those
    ///     kinds), and none of the reads inside it counted.
    ///   - body: Reads through the transaction.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; `StoreError/unknownModel(_:at:models:)` when it read a
    ///   model the database does not hold; `StoreError/closed(at:)` when the database is
    ///   closed; the driver's errors when the records cannot be read.
    func snapshotRead<Result: Sendable>(
        answering kinds: Set<QueryEvaluationCounter.Kind>?,
        _ body: @escaping @Sendable (DatabaseTransaction) throws -> Result
    ) async throws -> Result {
        try checkOpen()
        var absent: Set<ObjectIdentifier> = []
        for model in models where try await lacksTable(of: model) {
            absent.insert(ObjectIdentifier(model))
        }
        snapshotsTaken += 1
        let read = SnapshotRead(
            session: snapshotsTaken, location: location, models: tables.modelNames,
            kinds: kinds, evaluations: evaluations)
        let owner = reader()
        let connectionTables = ConnectionTables<Driver>(
            owner: owner, tables: tables, session: read.session, absent: absent)
        return try await owner.perform { connection in
            try read.run(on: connection, tables: connectionTables, body)
        }
    }

    /// Whether a read-only database has no table of a model yet; once it has one, it is not
    /// looked for again.
    ///
    /// - Parameter model: The model.
    /// - Returns: `true` while the table is absent.
    /// - Throws: `StoreError/migrationFailed(at:sourceVersion:location:reason:)` when the
    ///   table is of an older schema version, which a read-only database cannot migrate; the
    ///   driver's errors of a look (``SQLDriver/look(for:in:on:)``).
    func lacksTable<Model: StorableModel>(of model: Model.Type) async throws -> Bool {
        guard awaitingTables.awaits(model) else { return false }
        let tables = tables
        let look = try await reader().perform { connection in
            try Driver.look(for: model, in: tables, on: connection)
        }
        return try awaitingTables.note(look, of: model, at: location)
    }
}
