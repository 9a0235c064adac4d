import ModelStorage

/// The thread, or serial queue, that owns one connection of an SQL backend.
///
/// Every use of the connection, the writer's or a reader's, runs there, one at a time, in
/// the order it came.
///
/// SQLite's owner is a serial dispatch queue; PostgreSQL's is a thread of its own that waits
/// on postgres-nio's futures. The shared reads (`ConnectionTables` and
/// `OwnedConnectionReads`) reach the connection only through its owner, so that a
/// transaction kept past its body reads nothing.
///
/// ## Implementation requirements
///
/// - ``perform(_:)`` runs its body on the owner's thread, after the bodies queued before it,
///   while the caller is suspended (never blocked), and throws `StoreError/closed(at:)`
///   without running it once the owner has stopped.
/// - ``ifCurrent(_:)`` runs its body at once, with the connection, only when the caller runs
///   on the owner's thread, inside one of its bodies.
/// - ``close()`` returns once the connection is closed.
/// - ``closeSoon()`` returns at once; the connection closes once the bodies queued before
///   have run.
public protocol ConnectionOwner<Connection>: AnyObject, Sendable {
    /// The backend's connection.
    associatedtype Connection: SnapshotConnection

    /// Where the connection's database keeps its records, as errors name it.
    var storeLocation: StoreLocation { get }

    /// Runs a body with the connection on the owner's thread, suspending the caller.
    ///
    /// - Parameter body: Uses the connection.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; `StoreError/closed(at:)` once the owner has stopped.
    func perform<Value: Sendable>(
        _ body: @escaping @Sendable (Connection) throws -> Value
    ) async throws -> Value

    /// Runs a body with the connection when the caller already runs on the owner's thread.
    ///
    /// - Parameter body: Uses the connection.
    /// - Returns: What `body` returns, or `nil` when the caller runs elsewhere.
    func ifCurrent<Value>(_ body: (Connection) -> Value) -> Value?

    /// Closes the connection once the bodies queued before have run; later bodies throw
    /// `StoreError/closed(at:)`.
    func close() async

    /// Closes the connection once the bodies queued before have run, without waiting: what a
    /// database released without `close()` does. An owner whose connection closes when the
    /// owner is released may do nothing.
    func closeSoon()
}
