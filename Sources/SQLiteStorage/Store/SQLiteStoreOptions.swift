/// How an ``SQLiteStore`` opens: for writing or only reading, how long to wait for another
/// connection's lock, how many connections read, and how often live queries look for other
/// connections' commits.
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

    /// How often, while the store has a live query, it looks for commits that other
    /// connections made to the database (another process, say); 100 milliseconds by default.
    ///
    /// Each look reads SQLite's `PRAGMA data_version` on a connection kept for it, which
    /// costs no disk read when nothing changed; the live queries re-run only after another
    /// connection committed to the store's table, and a new result is delivered only when it
    /// differs from the last. The store's own commits reach its live queries at once, however
    /// long the interval. Nothing is polled while the store has no live query. An interval
    /// under one millisecond counts as one millisecond.
    public var observationInterval: Duration

    /// Creates options.
    ///
    /// - Parameters:
    ///   - mode: Whether the store may write.
    ///   - busyTimeout: How long to wait for another connection's lock.
    ///   - readerCount: How many connections serve reads (at least one is opened).
    ///   - observationInterval: How often live queries look for other connections' commits.
    public init(
        mode: AccessMode = .readWrite, busyTimeout: Duration = .seconds(5), readerCount: Int = 2,
        observationInterval: Duration = .milliseconds(100)
    ) {
        self.mode = mode
        self.busyTimeout = busyTimeout
        self.readerCount = readerCount
        self.observationInterval = observationInterval
    }

    /// Read and write, waiting up to five seconds for a lock.
    public static var readWrite: SQLiteStoreOptions { SQLiteStoreOptions() }

    /// Read only.
    public static var readOnly: SQLiteStoreOptions { SQLiteStoreOptions(mode: .readOnly) }
}
