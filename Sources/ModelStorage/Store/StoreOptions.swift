/// How a store opens: the options every backend shares, and its backend's own extras.
///
/// Every backend's options are a `StoreOptions`, told apart by their `Extras`: the JSON
/// file backend's `JSONFileStoreOptions`, SQLite's `SQLiteStoreOptions` and PostgreSQL's
/// `PostgresStoreOptions` are this type with their backend's extras, as GRDB's one
/// `Configuration` serves both its database queue and its pool. The options are read and
/// written alike whichever they belong to; an option exists only where it means something:
///
/// | option | JSON file | SQLite | PostgreSQL |
/// | --- | :---: | :---: | :---: |
/// | ``mode`` | yes | yes | yes |
/// | ``lockTimeout`` | yes (zero) | yes (5 s) | |
/// | ``createsDirectories`` | yes | yes | |
/// | ``readerCount`` | | yes | yes |
/// | the backend's extras | `compactionThreshold`, `sortsKeys`, `maximumFileSize` | `observationInterval` | `logger` |
///
/// ```swift
/// let viewer = try await SQLiteStore<Pokemon>.open(at: url, options: .readOnly)
/// var options = SQLiteStoreOptions(lockTimeout: .seconds(10), createsDirectories: true)
/// options.readerCount = 4                               // an option of SQLite's
/// options.observationInterval = .milliseconds(50)      // one of its extras, read alike
/// let store = try await SQLiteStore<Pokemon>.open(at: url, options: options)
/// ```
///
/// Each backend's module adds an initializer with its options and their defaults, such as
/// `SQLiteStoreOptions(mode:lockTimeout:readerCount:observationInterval:createsDirectories:)`.
/// A backend's extras are read and written as the options' own properties (the type is
/// `@dynamicMemberLookup` over ``extras``).
@dynamicMemberLookup
public struct StoreOptions<Extras: StoreExtras>: Sendable {
    /// Whether the store may write; ``StoreAccessMode/readWrite`` by default.
    ///
    /// ``StoreAccessMode/readWrite`` lets the store create and migrate what it keeps, and
    /// take whatever lock its backend needs for writing; ``StoreAccessMode/readOnly`` opens
    /// what exists, at the model's schema version, and every write throws
    /// ``StoreError/readOnly(at:)``. Each backend's documentation says what opening does.
    public var mode: StoreAccessMode

    /// The backend's own options, which are also read and written as the options' own
    /// properties: `options.observationInterval` is `options.extras.observationInterval`.
    public var extras: Extras

    /// The shared options' values, kept here whatever the backend and read only through the
    /// properties its extras allow (``lockTimeout``, ``createsDirectories``,
    /// ``readerCount``).
    var storedLockTimeout: Duration?
    var storedCreatesDirectories = false
    var storedReaderCount = 2

    /// Creates options of a mode and extras, every shared option at its backend's default.
    ///
    /// - Parameters:
    ///   - mode: Whether the store may write; ``StoreAccessMode/readWrite`` by default.
    ///   - extras: The backend's own options; their defaults by default.
    public init(mode: StoreAccessMode = .readWrite, extras: Extras = Extras()) {
        self.mode = mode
        self.extras = extras
    }

    /// One of the backend's own options, as though it were the options' own.
    ///
    /// - Parameter keyPath: The option, in ``extras``.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Extras, Value>) -> Value {
        get { extras[keyPath: keyPath] }
        set { extras[keyPath: keyPath] = newValue }
    }

    /// Read and write, every other option at its default.
    public static var readWrite: StoreOptions { StoreOptions() }

    /// Read only, every other option at its default.
    public static var readOnly: StoreOptions { StoreOptions(mode: .readOnly) }
}

extension StoreOptions where Extras: LockWaitingExtras {
    /// How long a store waits for a lock that another writer holds before it throws
    /// ``StoreError/locked(at:pid:message:)``; the backend's default is
    /// ``LockWaitingExtras/defaultLockTimeout``.
    ///
    /// Only backends whose writers lock what they write have it: the JSON file backend,
    /// whose writer holds the document's lock from opening to closing (zero, do not wait, by
    /// default), and SQLite, whose statements wait as long for another connection's lock
    /// (its busy timeout; five seconds by default). A PostgreSQL server queues its
    /// transactions itself, and never reports a lock as an error.
    public var lockTimeout: Duration {
        get { storedLockTimeout ?? Extras.defaultLockTimeout }
        set { storedLockTimeout = newValue }
    }
}

extension StoreOptions where Extras: FileStoreExtras {
    /// Whether opening for writing makes the store file's directory when it is missing, and
    /// every missing directory above it; `false` (the directory must exist) by default.
    ///
    /// The directories are made one level at a time, each followed by a sync of the directory
    /// it was made in, so that they are durable before the open returns. A directory that
    /// cannot be made fails the open with ``StoreError/io(at:operation:code:message:)``
    /// naming it, and the directories made before it are removed. Opening read-only never
    /// makes a directory. Only the backends that keep a file have it.
    public var createsDirectories: Bool {
        get { storedCreatesDirectories }
        set { storedCreatesDirectories = newValue }
    }
}

extension StoreOptions where Extras: ReaderPoolExtras {
    /// How many connections answer reads, each on a thread of its own: two by default, and at
    /// least one is opened.
    ///
    /// Only the backends that read through connections have it: SQLite and PostgreSQL. A
    /// JSON file store reads the records it holds in memory.
    public var readerCount: Int {
        get { storedReaderCount }
        set { storedReaderCount = newValue }
    }
}

/// A backend's own options, beside those every backend shares: the `Extras`
/// of its ``StoreOptions``.
///
/// A backend's extras conform, besides, to the protocols of the shared options that mean
/// something for it — ``LockWaitingExtras``, ``FileStoreExtras``, ``ReaderPoolExtras`` —
/// and its options have those properties and no others.
public protocol StoreExtras: Sendable {
    /// The extras at their defaults.
    init()
}

/// The extras of a backend whose writer waits for another's lock: its options have
/// ``StoreOptions/lockTimeout``.
public protocol LockWaitingExtras: StoreExtras {
    /// The backend's default ``StoreOptions/lockTimeout``.
    static var defaultLockTimeout: Duration { get }
}

/// The extras of a backend that keeps its records in a file: its options have
/// ``StoreOptions/createsDirectories``.
public protocol FileStoreExtras: StoreExtras {}

/// The extras of a backend that reads through a pool of connections: its options have
/// ``StoreOptions/readerCount``.
public protocol ReaderPoolExtras: StoreExtras {}
