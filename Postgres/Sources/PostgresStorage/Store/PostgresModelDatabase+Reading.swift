import KeyPathQuery
import ModelStorage
@_spi(BackendInternals) import SQLStorage

// Reads of several models at one moment: a read-only transaction on a reader's connection, so
// that they run beside the writes and on a read-only database too.
extension PostgresModelDatabase {
    /// Reads any of the database's models at one moment, writing nothing (see
    /// `ModelDatabase/read(_:)`).
    ///
    /// The body runs on a reader's connection inside one `REPEATABLE READ READ ONLY`
    /// transaction, so it sees the database as of one commit while writers go on, and it is
    /// not queued behind the writes. A model whose table a read-only database has not found
    /// yet reads as empty.
    ///
    /// - Parameter body: Reads through the transaction; its result is returned.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; `StoreError/unknownModel(_:at:models:)` when it
    ///   read a model the database does not hold; `StoreError/closed(at:)` when the
    ///   database is closed; `StoreError/statementFailed(at:operation:message:)` or
    ///   `StoreError/connectionFailed(at:operation:message:)` when the records cannot
    ///   be read.
    /// - Complexity: The body's reads, each a query of PostgreSQL.
    public func read<Result: Sendable>(
        _ body: @escaping @Sendable (DatabaseTransaction) throws -> Result
    ) async throws -> Result {
        try await read(answering: nil, body)
    }

    /// Reads through a transaction, as ``read(_:)`` does (the shared `SnapshotRead`); with
    /// `kinds`, as a store's answer to a query whose references SQL cannot follow exactly,
    /// which the engine resolves through the transaction: counted once, as finished in memory
    /// (in all and as those kinds), and none of the reads inside it counted.
    func read<Result: Sendable>(
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
            session: snapshotsTaken, location: location, models: modelNames, kinds: kinds,
            evaluations: evaluations)
        let thread = reader()
        let tables = tables
        return try await thread.perform { [absent] connection in
            try read.run(
                on: connection,
                tables: PostgresConnectionTables(
                    thread: thread, connection: connection, tables: tables,
                    session: read.session, absent: absent),
                body)
        }
    }

    /// Answers a store's query whose references SQL cannot follow through a read of the
    /// whole database (`SQLStoreDatabase`; see `read(answering:_:)`).
    public func read<Model: StorableModel, Result: Sendable>(
        resolving query: RecordQuery<Model>, counting: Bool,
        _ body: @escaping @Sendable (DatabaseTransaction) throws -> Result
    ) async throws -> Result {
        try await read(
            answering: counting ? [.count] : QueryEvaluationCounter.kinds(of: query), body)
    }
}
