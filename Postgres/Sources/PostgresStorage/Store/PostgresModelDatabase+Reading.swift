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
        try await snapshotRead(answering: nil, body)
    }

    /// Answers a store's query whose references SQL cannot follow through a read of the
    /// whole database (`SQLStoreDatabase`; see `SQLDriverDatabase.snapshotRead(answering:_:)`).
    public func read<Model: StorableModel, Result: Sendable>(
        resolving query: RecordQuery<Model>, counting: Bool,
        _ body: @escaping @Sendable (DatabaseTransaction) throws -> Result
    ) async throws -> Result {
        try await snapshotRead(
            answering: counting ? [.count] : QueryEvaluationCounter.kinds(of: query), body)
    }
}
