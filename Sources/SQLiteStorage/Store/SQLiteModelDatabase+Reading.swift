import KeyPathQuery
import ModelStorage
@_spi(BackendInternals) import SQLStorage

// Reads of several models at one moment: a read transaction on a reader's connection, so that
// they run beside the writes and on a read-only database too.
extension SQLiteModelDatabase {
    /// Reads any of the database's models at one moment, writing nothing (see
    /// `ModelDatabase/read(_:)`).
    ///
    /// The body runs on a reader's connection inside one SQLite read transaction, so it sees
    /// the database as of one commit while writers go on (WAL keeps its snapshot), and it is
    /// not queued behind the writes. A model whose table a read-only database has not found
    /// yet reads as empty.
    ///
    /// - Parameter body: Reads through the transaction; its result is returned.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; `StoreError/unknownModel(_:at:models:)` when it
    ///   read a model the database does not hold; `StoreError/closed(at:)` when the
    ///   database is closed; `StoreError/io(at:operation:code:message:)` when the records
    ///   cannot be read.
    /// - Complexity: The body's reads, each a query of SQLite.
    public func read<Result: Sendable>(
        _ body: @escaping @Sendable (DatabaseTransaction) throws -> Result
    ) async throws -> Result {
        try await read(answering: nil, body)
    }

    /// Reads through a transaction, as ``read(_:)`` does (the shared `SnapshotRead`); with
    /// `kinds`, as a store's answer to a query whose references SQL cannot follow, which the
    /// engine resolves through the transaction: counted once, as finished in memory (in all
    /// and as those kinds), and none of the reads inside it counted.
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
            session: snapshotsTaken, location: .file(path), models: modelNames, kinds: kinds,
            evaluations: evaluations)
        let queue = reader()
        let tables = SQLiteConnectionTables(
            queue: queue, tables: tables, session: read.session, absent: absent)
        let outcome = await queue.run { connection -> Swift.Result<Result, any Error> in
            Swift.Result { try read.run(on: connection, tables: tables, body) }
        }
        return try outcome.get()
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

    private func lacksTable<Model: StorableModel>(of model: Model.Type) async throws(StoreError)
        -> Bool
    {
        try await lacksTable(try layout(of: model))
    }
}
