/// How an ``SQLiteStore`` opens: for writing or only reading, how long to wait for another
/// connection's lock, and how many connections read.
///
/// ```swift
/// let store = try await SQLiteStore<Pokemon>.open(
///     at: url, options: SQLiteStoreOptions(busyTimeout: .seconds(10)))
/// let viewer = try await SQLiteStore<Pokemon>.open(at: url, options: .readOnly)
/// ```
public struct SQLiteStoreOptions: Sendable {
    /// Whether a store may write.
    public enum AccessMode: Hashable, Sendable {
        /// Read and write: the database is created when absent, and migrated when older.
        case readWrite
        /// Read only: the database must exist at the model's schema version.
        case readOnly
    }

    /// Whether the store may write; ``AccessMode/readWrite`` by default.
    public var mode: AccessMode

    /// How long a statement waits for a lock another connection holds (another process
    /// writing, say) before it fails with `StoreError/locked(path:pid:message:)`; five
    /// seconds by default.
    public var busyTimeout: Duration

    /// How many connections serve reads, each on a thread of its own; two by default, at
    /// least one.
    public var readerCount: Int

    /// Creates options.
    ///
    /// - Parameters:
    ///   - mode: Whether the store may write.
    ///   - busyTimeout: How long to wait for another connection's lock.
    ///   - readerCount: How many connections serve reads (at least one is opened).
    public init(
        mode: AccessMode = .readWrite, busyTimeout: Duration = .seconds(5), readerCount: Int = 2
    ) {
        self.mode = mode
        self.busyTimeout = busyTimeout
        self.readerCount = readerCount
    }

    /// Read and write, waiting up to five seconds for a lock.
    public static var readWrite: SQLiteStoreOptions { SQLiteStoreOptions() }

    /// Read only.
    public static var readOnly: SQLiteStoreOptions { SQLiteStoreOptions(mode: .readOnly) }
}
