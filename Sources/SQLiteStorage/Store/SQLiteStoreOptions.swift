import ModelStorage

/// How an ``SQLiteStore`` opens: for writing or only reading, how long to wait for another
/// connection's lock, whether to make the database's directory, how many connections read,
/// and how often live queries look for other connections' commits.
///
/// ```swift
/// let store = try await SQLiteStore<Pokemon>.open(
///     at: url, options: SQLiteStoreOptions(lockTimeout: .seconds(10), createsDirectories: true))
/// let viewer = try await SQLiteStore<Pokemon>.open(at: url, options: .readOnly)
/// ```
///
/// The options share their names with `JSONFileStoreOptions`: `mode`, `lockTimeout` and
/// `createsDirectories` mean the same in both.
public struct SQLiteStoreOptions: Sendable {
    /// Whether the store may write; `StoreAccessMode/readWrite` by default.
    ///
    /// `StoreAccessMode/readWrite` creates the database when it is absent and migrates it
    /// when it is older; `StoreAccessMode/readOnly` needs the database to exist at the
    /// model's schema version.
    public var mode: StoreAccessMode

    /// How long a statement waits for a lock another connection holds (another process
    /// writing, say) before it fails with `StoreError/locked(at:pid:message:)`; five
    /// seconds by default.
    ///
    /// SQLite's busy timeout, named as `JSONFileStoreOptions` names its wait for another
    /// writer's lock.
    public var lockTimeout: Duration

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

    /// Whether opening for writing makes the database's directory when it is missing, and
    /// every missing directory above it; `false` (the directory must exist) by default.
    ///
    /// The directories are made one level at a time, each followed by a sync of the directory
    /// it was made in, so that they are durable before ``SQLiteStore/open(at:options:)``
    /// returns. A directory that cannot be made fails the open with
    /// `StoreError/io(at:operation:code:message:)` naming it, and the directories made
    /// before it are removed. Opening read-only never makes a directory.
    public var createsDirectories: Bool

    /// Creates options.
    ///
    /// - Parameters:
    ///   - mode: Whether the store may write.
    ///   - lockTimeout: How long to wait for another connection's lock.
    ///   - readerCount: How many connections serve reads (at least one is opened).
    ///   - observationInterval: How often live queries look for other connections' commits.
    ///   - createsDirectories: Whether opening for writing makes missing directories.
    public init(
        mode: StoreAccessMode = .readWrite, lockTimeout: Duration = .seconds(5),
        readerCount: Int = 2, observationInterval: Duration = .milliseconds(100),
        createsDirectories: Bool = false
    ) {
        self.mode = mode
        self.lockTimeout = lockTimeout
        self.readerCount = readerCount
        self.observationInterval = observationInterval
        self.createsDirectories = createsDirectories
    }

    /// Read and write, waiting up to five seconds for a lock.
    public static var readWrite: SQLiteStoreOptions { SQLiteStoreOptions() }

    /// Read only.
    public static var readOnly: SQLiteStoreOptions { SQLiteStoreOptions(mode: .readOnly) }
}
