import ModelStorage

/// How an ``SQLiteStore`` opens: for writing or only reading, how long to wait for another
/// connection's lock, whether to make the database's directory, how many connections read,
/// and how often live queries look for other connections' commits.
///
/// The options of every backend are one `StoreOptions` (ModelStorage), here with SQLite's
/// ``SQLiteExtras``: `mode`, `lockTimeout`, `createsDirectories` and `readerCount` mean the
/// same as in the other backends that have them; `observationInterval` is SQLite's own.
///
/// ```swift
/// let store = try await SQLiteStore<Pokemon>.open(
///     at: url, options: SQLiteStoreOptions(lockTimeout: .seconds(10), createsDirectories: true))
/// let viewer = try await SQLiteStore<Pokemon>.open(at: url, options: .readOnly)
/// ```
///
/// `mode` `StoreAccessMode.readWrite` creates the database when it is absent and migrates
/// it when it is older; `StoreAccessMode.readOnly` needs the database to exist at the
/// model's schema version. `lockTimeout` is SQLite's busy timeout: how long a statement
/// waits for a lock another connection holds (another process writing, say) before it
/// fails with `StoreError/locked(at:pid:message:)`; five seconds by default.
public typealias SQLiteStoreOptions = StoreOptions<SQLiteExtras>

/// SQLite's own options, beside the `mode`, `lockTimeout`, `createsDirectories` and
/// `readerCount` it shares with other backends: ``SQLiteStoreOptions`` is a `StoreOptions`
/// with these extras.
public struct SQLiteExtras: LockWaitingExtras, FileStoreExtras, ReaderPoolExtras {
    /// How often, while the store has a live query, it looks for commits that other
    /// connections made to the database (another process, say); 100 milliseconds by default.
    ///
    /// Each look reads SQLite's `PRAGMA data_version` on a connection kept for it, which
    /// costs no disk read when nothing changed; the live queries re-run only after another
    /// connection committed to the store's table, and a new result is delivered only when it
    /// differs from the last. The store's own commits reach its live queries at once, however
    /// long the interval. Nothing is polled while the store has no live query. An interval
    /// under one millisecond counts as one millisecond.
    public var observationInterval: Duration = .milliseconds(100)

    /// The default `lockTimeout`: five seconds.
    public static var defaultLockTimeout: Duration { .seconds(5) }

    /// The extras at their defaults.
    public init() {}
}

extension StoreOptions where Extras == SQLiteExtras {
    /// Creates the options of an SQLite store.
    ///
    /// - Parameters:
    ///   - mode: Whether the store may write; `StoreAccessMode/readWrite` by default.
    ///   - lockTimeout: How long to wait for another connection's lock; five seconds by
    ///     default.
    ///   - readerCount: How many connections serve reads (at least one is opened); two by
    ///     default.
    ///   - observationInterval: How often live queries look for other connections' commits;
    ///     100 milliseconds by default.
    ///   - createsDirectories: Whether opening for writing makes missing directories; `false`
    ///     by default.
    public init(
        mode: StoreAccessMode = .readWrite, lockTimeout: Duration = .seconds(5),
        readerCount: Int = 2, observationInterval: Duration = .milliseconds(100),
        createsDirectories: Bool = false
    ) {
        self.init(mode: mode, extras: SQLiteExtras())
        self.lockTimeout = lockTimeout
        self.readerCount = readerCount
        self.observationInterval = observationInterval
        self.createsDirectories = createsDirectories
    }
}
