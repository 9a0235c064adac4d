import Dispatch
import ModelStorage
import TestSupport

/// A write whose body holds the store's writer, inside its group's SQLite transaction, until
/// it is released: it stands for a long commit (a body should never block; this one does).
struct HeldWrite: Sendable {
    private let task: Task<Bool, any Error>
    private let release: DispatchSemaphore

    /// Starts the write, and returns once its body runs.
    ///
    /// - Parameters:
    ///   - record: The record the write upserts.
    ///   - store: The store.
    /// - Returns: The write, its body waiting to be released.
    static func start<Store: ModelStore>(
        upserting record: Store.Model, in store: Store
    ) async -> HeldWrite {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let patience = DispatchTimeInterval.seconds(Int(hangGuard.components.seconds))
        let task = taskThatBlocks {
            try await store.transaction { transaction in
                transaction.upsert(record)
                started.signal()
                return release.wait(timeout: .now() + patience) == .timedOut
            }
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                started.wait()
                continuation.resume()
            }
        }
        return HeldWrite(task: task, release: release)
    }

    /// Releases the body and waits for the write to return.
    ///
    /// - Returns: Whether the body's wait ran out of patience (the hang guard) first.
    /// - Throws: What the write throws.
    func finish() async throws -> Bool {
        release.signal()
        return try await task.value
    }
}
