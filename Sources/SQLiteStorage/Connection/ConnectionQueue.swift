import Dispatch
import ModelStorage
@_spi(BackendInternals) import SQLStorage

/// An SQLite connection and the serial dispatch queue every use of it goes through: the
/// writer of a store, or one of its readers.
///
/// The connection is lent to one closure at a time, in one of two ways:
///
/// - ``run(_:)`` runs the closure on the queue's own thread while the calling task is
///   suspended, so that a statement waiting for the disk never holds up a thread of Swift's
///   cooperative pool;
/// - ``runHere(_:)`` runs it on the calling thread, waiting first for the closures queued
///   before it (`DispatchQueue.sync`), which saves two thread switches when a short wait
///   for the disk is the caller's own business, as for a single save.
///
/// `@unchecked Sendable`: the connection, which is not `Sendable`, is reached only from
/// closures the serial queue runs one at a time, and never escapes them.
final class ConnectionQueue: ConnectionOwner, @unchecked Sendable {
    /// The database file, for errors.
    let path: String
    private let queue: DispatchQueue
    private let key = DispatchSpecificKey<Bool>()
    private let connection: SQLiteConnection

    /// Opens a connection.
    ///
    /// - Parameters:
    ///   - path: The database file.
    ///   - writable: Whether to open it for writing (creating it when absent) or only reading.
    ///   - busyTimeout: How long a statement waits for another connection's lock.
    ///   - evaluations: What counts how the connection answers queries, if anything.
    /// - Throws: ``StoreError`` when SQLite cannot open the file.
    init(
        path: String, writable: Bool, busyTimeout: Duration,
        evaluations: QueryEvaluationCounter? = nil
    ) throws(StoreError) {
        self.path = path
        connection = try SQLiteConnection(
            path: path, writable: writable, busyTimeout: busyTimeout)
        connection.evaluations = evaluations
        queue = DispatchQueue(label: "SQLiteStorage.\(writable ? "writer" : "reader")")
        queue.setSpecific(key: key, value: true)
    }

    /// Whether the caller runs on this queue, inside one of its closures.
    var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) == true
    }

    /// Runs a closure with the connection on the queue's thread, after those queued before
    /// it, while the caller is suspended.
    ///
    /// - Parameter body: Uses the connection.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    func run<Value: Sendable, Failure: Error>(
        _ body: @escaping @Sendable (SQLiteConnection) throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let outcome = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
            queue.async {
                continuation.resume(
                    returning: Result { () throws(Failure) in try body(self.connection) })
            }
        }
        return try outcome.get()
    }

    /// Runs a closure with the connection on the calling thread, once the closures queued
    /// before it are done; the thread is blocked meanwhile.
    ///
    /// Called from one of this queue's closures, it runs `body` at once.
    ///
    /// - Parameter body: Uses the connection.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    func runHere<Value, Failure: Error>(
        _ body: (SQLiteConnection) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        if isCurrent { return try body(connection) }
        let outcome = queue.sync { Result { () throws(Failure) in try body(connection) } }
        return try outcome.get()
    }

    /// Runs a closure with the connection when the caller already runs on this queue.
    ///
    /// - Parameter body: Uses the connection.
    /// - Returns: What `body` returns, or `nil` when the caller is not on the queue.
    func ifCurrent<Value>(_ body: (SQLiteConnection) -> Value) -> Value? {
        guard isCurrent else { return nil }
        return body(connection)
    }

    /// Runs a closure with the connection on the queue's thread, as ``run(_:)`` does
    /// (`ConnectionOwner`).
    ///
    /// - Parameter body: Uses the connection.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    func perform<Value: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws -> Value
    ) async throws -> Value {
        try await run(body)
    }

    /// The database file, as errors name it (`ConnectionOwner`).
    var storeLocation: StoreLocation { .file(path) }

    /// Finalizes the statements and closes the connection, after the closures queued before.
    func close() async {
        await run { connection in connection.close() }
    }

    /// Does nothing: the connection closes when the queue is released, once the closures
    /// queued before have run (`ConnectionOwner`).
    func closeSoon() {}
}
