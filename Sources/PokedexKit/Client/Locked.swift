import Foundation

/// A value that many tasks share, guarded by a lock.
///
/// The client's coordinators (`AsyncSemaphore`, `RequestCoalescer`) keep their state here
/// instead of in an actor: a task-cancellation handler runs synchronously, and it must be able
/// to take a waiter out of a queue and resume it at once, without hopping to an actor first.
final class Locked<State: Sendable>: @unchecked Sendable {
    // `lock` guards every read and write of `state`; nothing else touches it, which is what
    // makes the `@unchecked Sendable` above sound.
    private let lock = NSLock()
    private var state: State

    /// Creates the guarded value.
    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the value.
    ///
    /// `body` must not suspend or block, and must not resume continuations: collect them and
    /// resume them after this returns.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
