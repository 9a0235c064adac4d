import ModelStorage

/// A read of several models at one moment on a reader's connection: the one algorithm of
/// `ModelDatabase/read(_:)` for every SQL backend, over its ``SnapshotConnection``.
///
/// The backend makes one for each read, with a number of its own (``session``) that the
/// transaction's reads check (``ConnectionRecords``), and runs it on the thread that owns the
/// connection:
///
/// ```swift
/// let read = SnapshotRead(
///     session: 7, location: .file(path), models: names, kinds: nil, evaluations: counter)
/// let result = try read.run(on: connection, tables: tables, body)
/// ```
///
/// The body reads through a `DatabaseTransaction` inside one read transaction, so that it
/// sees the database as of one commit while writers go on. A read that failed where the
/// transaction could not throw fails the whole read, and so does a model the database does
/// not hold.
@_spi(BackendInternals)
public struct SnapshotRead: Sendable {
    /// The read's number, which the connection holds as its current session while the body
    /// runs: a transaction kept past its body reads nothing.
    public let session: UInt64
    /// Where the database keeps its records, for errors.
    public let location: StoreLocation
    /// The names of the database's models, for errors.
    public let models: [String]
    /// When the read is a store's answer to a query whose references SQL cannot follow, the
    /// kinds of that query: the read is then counted once, as finished in memory, and none
    /// of the reads inside it counted.
    public let kinds: Set<QueryEvaluationCounter.Kind>?
    /// The database's counter, which counts a read with ``kinds``.
    public let evaluations: QueryEvaluationCounter

    /// A snapshot read.
    ///
    /// - Parameters:
    ///   - session: The read's number, distinct from the connection's earlier ones.
    ///   - location: Where the database keeps its records.
    ///   - models: The names of the database's models.
    ///   - kinds: The kinds of the query the read answers, or `nil` for a read of the
    ///     database's own (`read(_:)`).
    ///   - evaluations: The database's counter.
    public init(
        session: UInt64, location: StoreLocation, models: [String],
        kinds: Set<QueryEvaluationCounter.Kind>?, evaluations: QueryEvaluationCounter
    ) {
        self.session = session
        self.location = location
        self.models = models
        self.kinds = kinds
        self.evaluations = evaluations
    }

    /// Runs the body inside one read transaction of the connection.
    ///
    /// - Parameters:
    ///   - connection: The reader's connection, on its own thread.
    ///   - tables: Each model's records, read on the connection during ``session``.
    ///   - body: Reads through the transaction.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; the first read that failed where the transaction could
    ///   not throw; `StoreError/unknownModel(_:at:models:)` for a model the database does not
    ///   hold; `StoreError` when the transaction cannot begin or end.
    public func run<Connection: SnapshotConnection, Result>(
        on connection: Connection, tables: some DatabaseTransaction.Tables,
        _ body: (DatabaseTransaction) throws -> Result
    ) throws -> Result {
        let counting = connection.evaluations
        if kinds != nil { connection.evaluations = nil }
        defer {
            connection.evaluations = counting
            connection.currentSession = 0
            connection.readFailure = nil
        }
        try connection.beginSnapshot()
        let result: Result
        do {
            let version = try connection.snapshotVersion()
            connection.currentSession = session
            connection.readFailure = nil
            let transaction = DatabaseTransaction(version: version, tables: tables)
            result = try body(transaction)
            if let failure = connection.readFailure { throw failure }
            try transaction.checkModels(in: location, models: models)
            try connection.commitSnapshot()
        } catch {
            connection.rollBackSnapshot()
            throw error
        }
        if let kinds { evaluations.count(.finishedInMemory, as: kinds) }
        return result
    }
}
