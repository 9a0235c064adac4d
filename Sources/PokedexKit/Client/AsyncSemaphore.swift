import Foundation
import InternalSupport

/// A counting semaphore for tasks: at most `limit` permits are out at once, and a task that
/// waits for one suspends (it never blocks a thread).
///
/// Waiters are served first come, first served. A waiter whose task is cancelled leaves the
/// queue at once and throws `CancellationError`; it never takes a permit.
///
/// The state is behind a `Mutex` rather than in an actor: a task-cancellation handler runs
/// synchronously, and it must take its waiter out of the queue and resume it at once.
final class AsyncSemaphore: Sendable {
    private struct State: Sendable {
        var available: Int
        var nextWaiterID: UInt64 = 0
        /// Waiters in arrival order, with an id so a cancelled one can be found.
        var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
    }

    private let state: Mutex<State>

    /// Creates a semaphore with `limit` permits (at least one).
    init(limit: Int) {
        state = Mutex(State(available: max(1, limit)))
    }

    /// The tasks waiting for a permit now; tests wait on it to know a caller is queued.
    var waitingCount: Int {
        state.withLock { $0.waiters.count }
    }

    /// Runs `body` while holding a permit, and gives the permit back when it ends.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while waiting for a permit, or
    ///   whatever `body` throws.
    func withPermit<Result: Sendable>(
        _ body: @Sendable () async throws -> Result
    ) async throws -> Result {
        try await acquire()
        defer { release() }
        return try await body()
    }

    /// Waits for a permit.
    ///
    /// - Throws: `CancellationError` when the task is cancelled before it gets one.
    func acquire() async throws {
        let id = state.withLock { state in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                enum Decision { case proceed, cancel, wait }
                // The cancellation check is under the lock: either the handler below runs
                // first (and this sees the flag) or it runs later (and finds the waiter).
                let decision = state.withLock { state -> Decision in
                    if Task.isCancelled { return .cancel }
                    if state.available > 0 {
                        state.available -= 1
                        return .proceed
                    }
                    state.waiters.append((id, continuation))
                    return .wait
                }
                switch decision {
                case .proceed: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                case .wait: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0) }
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Gives a permit back, handing it straight to the longest waiter if there is one.
    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            if state.waiters.isEmpty {
                state.available += 1
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        next?.resume()
    }
}
