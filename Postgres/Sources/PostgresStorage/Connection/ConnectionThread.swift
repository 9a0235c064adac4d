import Foundation
import ModelStorage
@_spi(BackendInternals) import SQLStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A thread of its own that owns one ``BlockingConnection`` and runs jobs on it, one at a
/// time, in the order they come.
///
/// This is the bridge between `StoreTransaction`'s synchronous reads and postgres-nio's
/// asynchronous driver. A transaction body reads synchronously (`CommittedRecords` cannot
/// suspend), so whatever answers its reads must *block* until the server replies. Blocking
/// is only sound on a thread that nothing else needs:
///
/// - not on a NIO event loop, which would then never deliver the reply it waits for
///   (NIO traps on `EventLoopFuture.wait()` there);
/// - not on Swift's cooperative pool, whose few threads (one per core: two here) every task
///   of the process shares, so that two blocked writers could starve the whole process, and
///   a blocked thread waiting on a task queued behind it would deadlock.
///
/// So each connection gets a dedicated thread, and a query on it is postgres-nio's
/// `EventLoopFuture` API followed by `wait()`: the event loop does the I/O and fulfils the
/// future; the connection's thread sleeps meanwhile. Async callers hand a job to the thread
/// and suspend (a checked continuation) until it is done, so no task ever blocks.
///
/// Its job queue is guarded by an `NSCondition`, a lock with a condition variable to sleep
/// on while the queue is empty.
final class ConnectionThread: ConnectionOwner, @unchecked Sendable {
    /// The connection; used only on the thread, by the jobs (which is what makes the class
    /// `@unchecked Sendable`: every other stored property is guarded by `condition`).
    private let connection: BlockingConnection
    /// Guards `jobs`, `isStopping` and `threadID`, and wakes the thread.
    private let condition = NSCondition()
    private var jobs: [@Sendable (BlockingConnection) -> Void] = []
    private var isStopping = false
    private var threadID: pthread_t?

    /// The database, as errors name it.
    let database: String

    /// Starts a thread for a connection.
    ///
    /// - Parameters:
    ///   - connection: The connection the thread owns from now on.
    ///   - name: The thread's name, for debuggers.
    init(_ connection: BlockingConnection, name: String) {
        self.connection = connection
        self.database = connection.database
        let thread = Thread { [self] in run() }
        thread.name = name
        // Transaction bodies run here: room for the engine's recursion over deep conditions.
        thread.stackSize = 4 << 20
        thread.start()
    }

    /// Whether the caller runs on this thread.
    var isCurrent: Bool {
        condition.lock()
        defer { condition.unlock() }
        guard let threadID else { return false }
        return pthread_equal(threadID, pthread_self()) != 0
    }

    /// Runs a job on the thread and returns its result, suspending the caller (never
    /// blocking it) meanwhile.
    ///
    /// - Parameter body: The job; it may block on the connection.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; ``StoreError/closed(at:)`` once the thread stopped.
    func perform<Value: Sendable>(
        _ body: @escaping @Sendable (BlockingConnection) throws -> Value
    ) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let accepted = enqueue { connection in
                continuation.resume(with: Result { try body(connection) })
            }
            if !accepted {
                continuation.resume(throwing: StoreError.closed(at: .database(database)))
            }
        }
    }

    /// Runs a body with the connection at once when the caller runs on this thread, inside
    /// one of its jobs (`ConnectionOwner`).
    ///
    /// - Parameter body: Uses the connection.
    /// - Returns: What `body` returns, or `nil` when the caller runs elsewhere.
    func ifCurrent<Value>(_ body: (BlockingConnection) -> Value) -> Value? {
        guard isCurrent else { return nil }
        return body(connection)
    }

    /// The database, as errors name it (`ConnectionOwner`).
    var storeLocation: StoreLocation { .database(database) }

    /// Runs the jobs queued so far, closes the connection and ends the thread; later jobs
    /// fail with ``StoreError/closed(at:)`` (`ConnectionOwner`).
    func close() async {
        _ = try? await perform { connection in connection.close() }
        markStopping()
    }

    /// Closes the connection after the jobs queued so far and ends the thread, without
    /// waiting: for a database released without being closed (`ConnectionOwner`).
    func closeSoon() {
        _ = enqueue { connection in connection.close() }
        markStopping()
    }

    private func markStopping() {
        condition.lock()
        isStopping = true
        condition.signal()
        condition.unlock()
    }

    private func enqueue(_ job: @escaping @Sendable (BlockingConnection) -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isStopping else { return false }
        jobs.append(job)
        condition.signal()
        return true
    }

    private func run() {
        condition.lock()
        threadID = pthread_self()
        condition.unlock()
        while true {
            condition.lock()
            while jobs.isEmpty && !isStopping { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job(connection)
        }
    }
}
