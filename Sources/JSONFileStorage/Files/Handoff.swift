import InternalSupport
import ModelStorage

/// A value handed to work on another thread exactly once: taking it leaves nothing behind, so
/// the sender's copy is the only one left when the work ends (and changing it copies
/// nothing).
final class Handoff<Value: Sendable>: Sendable {
    private let value: Mutex<Value?>

    init(_ value: Value) {
        self.value = Mutex(value)
    }

    /// The value, the first time; `nil` after.
    func take() -> Value? {
        value.withLock { $0.take() }
    }
}
