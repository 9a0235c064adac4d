import Foundation

/// A value handed to work on another thread exactly once: taking it leaves nothing behind, so
/// the sender's copy is the only one left when the work ends (and changing it copies
/// nothing).
///
/// `@unchecked Sendable`: `value` is read and cleared only while `lock` is held.
final class Handoff<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?

    init(_ value: Value) {
        self.value = value
    }

    /// The value, the first time; `nil` after.
    func take() -> Value? {
        lock.lock()
        defer { lock.unlock() }
        let taken = value
        value = nil
        return taken
    }
}
