import Foundation

/// A counter safe to bump from any task.
///
/// `@unchecked Sendable`: `value` is read and written only while `lock` is held.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// The next number, from 1.
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
