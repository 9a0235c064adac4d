import ModelStorage
import PostgresNIO

/// How a ``PostgresStore`` uses its database: for writing or only reading, how many
/// connections read, and where postgres-nio logs.
///
/// The options of every backend are one `StoreOptions` (ModelStorage), here with
/// PostgreSQL's ``PostgresExtras``: `mode` and `readerCount` mean the same as in the other
/// backends that have them; `logger` is PostgreSQL's own. It has no `lockTimeout`: the
/// server queues transactions that wait for a lock, and a store never throws
/// `StoreError.Code.locked`; nor `createsDirectories`, as it keeps no file.
///
/// ```swift
/// let store = try await PostgresStore<Pokemon>.open(
///     configuration, options: PostgresStoreOptions(readerCount: 4))
/// let viewer = try await PostgresStore<Pokemon>.open(configuration, options: .readOnly)
/// ```
///
/// `mode` `StoreAccessMode/readWrite` creates the model's table when the database has none,
/// migrates an older one and keeps its indexes as the model declares them.
/// `StoreAccessMode/readOnly` changes nothing in the database: a table must be at its
/// model's schema version, a model with no table yet reads as empty until a writer makes
/// one, and every write throws `StoreError/readOnly(at:)` naming the database. A read-only
/// store still sees, and its live queries observe, the commits other stores make.
/// `readerCount` counts the connections that answer reads outside transactions; the store
/// also holds one connection for writes and, while a live query exists, one that listens
/// for other stores' commits.
public typealias PostgresStoreOptions = StoreOptions<PostgresExtras>

/// PostgreSQL's own options, beside the `mode` and `readerCount` it shares with other
/// backends: ``PostgresStoreOptions`` is a `StoreOptions` with these extras.
public struct PostgresExtras: ReaderPoolExtras {
    /// The logger postgres-nio logs to.
    public var logger = Logger(label: "PostgresStorage")

    /// The extras at their defaults.
    public init() {}
}

extension StoreOptions where Extras == PostgresExtras {
    /// Creates the options of a PostgreSQL store.
    ///
    /// - Parameters:
    ///   - mode: Whether the store may write; `StoreAccessMode/readWrite` by default.
    ///   - readerCount: How many connections read; two by default.
    ///   - logger: The logger postgres-nio logs to.
    public init(
        mode: StoreAccessMode = .readWrite, readerCount: Int = 2,
        logger: Logger = Logger(label: "PostgresStorage")
    ) {
        self.init(mode: mode, extras: PostgresExtras())
        self.readerCount = readerCount
        self.logger = logger
    }
}
