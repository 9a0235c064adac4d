import Foundation

/// A value that many threads and tasks share, guarded by a lock: the package's one lock type.
///
/// It has the shape of the standard library's `Synchronization.Mutex` (the same initializer,
/// the same `withLock`), which needs macOS 15 and iOS 18: once the package's platforms reach
/// those, this type goes, and every use compiles against that one unchanged. Like it, the
/// mutex is noncopyable, so that it cannot be copied by mistake: store it in a `let` of a
/// `final class`, or in a `static let`, and that class is `Sendable` without `@unchecked`.
///
/// ```swift
/// final class Counter: Sendable {
///     private let count = Mutex(0)
///
///     func next() -> Int {
///         count.withLock { count in
///             count += 1
///             return count
///         }
///     }
/// }
/// ```
///
/// `@unchecked Sendable` (below): the value is read and written only inside ``withLock(_:)``,
/// which holds the lock; the value goes in and out as `sending`, so that no reference to it
/// escapes the lock unguarded.
package struct Mutex<Value: ~Copyable>: ~Copyable {
    /// The lock and the value it guards, in one place that the noncopyable mutex owns.
    private final class Storage {
        let lock = NSLock()
        var value: Value

        init(_ value: consuming sending Value) {
            self.value = value
        }
    }

    private let storage: Storage

    /// Creates a mutex guarding a value.
    ///
    /// - Parameter initialValue: The value, which the mutex owns from now on.
    package init(_ initialValue: consuming sending Value) {
        storage = Storage(initialValue)
    }
}

extension Mutex: @unchecked Sendable where Value: ~Copyable {}

extension Mutex where Value: ~Copyable {
    /// Runs a closure with exclusive access to the value, and returns what it returns.
    ///
    /// The lock is held until `body` returns or throws. `body` must not suspend, block or
    /// take this lock again, and should not resume continuations: return them, and resume
    /// them after `withLock` returns.
    ///
    /// - Parameter body: Reads or changes the value.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; the lock is released, and the changes `body` made
    ///   before throwing are kept.
    package borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        storage.lock.lock()
        defer { storage.lock.unlock() }
        return try body(&storage.value)
    }
}
