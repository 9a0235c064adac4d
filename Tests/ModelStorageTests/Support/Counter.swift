import InternalSupport

/// A counter safe to bump from any task.
final class Counter: Sendable {
    private let value = Mutex(0)

    /// The next number, from 1.
    ///
    /// - Returns: One more than the number this call's predecessor returned.
    func next() -> Int {
        value.withLock { value in
            value += 1
            return value
        }
    }
}
