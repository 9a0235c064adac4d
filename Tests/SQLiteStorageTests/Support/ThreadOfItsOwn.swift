import Dispatch

/// A task executor with a thread of its own (a serial dispatch queue's), for a test task
/// that blocks on purpose.
///
/// `SQLiteStore` commits a save on its caller's thread, so a test whose transaction body
/// waits for a semaphore would hold a thread of Swift's cooperative pool meanwhile; with
/// other tests doing the same, the pool (as many threads as cores) could run out, and the
/// tasks that signal the semaphores would never run. A task that prefers this executor
/// blocks its own thread instead.
final class ThreadOfItsOwn: TaskExecutor {
    private let queue = DispatchQueue(label: "SQLiteStorageTests.blocking")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}

/// Starts a task that may block its thread: on a thread of its own where the platform has
/// task executors (Swift 6's runtime: always on Linux), else on the cooperative pool.
///
/// - Parameter body: The task's work.
/// - Returns: The task.
func taskThatBlocks<Success: Sendable>(
    _ body: @escaping @Sendable () async throws -> Success
) -> Task<Success, any Error> {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        return Task(executorPreference: ThreadOfItsOwn()) { try await body() }
    }
    return Task { try await body() }
}
