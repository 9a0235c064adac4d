import ModelStorage
import PostgresNIO

/// How a ``PostgresStore`` uses its database: for writing or only reading, how many
/// connections read, and where postgres-nio logs.
///
/// ```swift
/// let store = try await PostgresStore<Pokemon>.open(
///     configuration, options: PostgresStoreOptions(readerCount: 4))
/// let viewer = try await PostgresStore<Pokemon>.open(configuration, options: .readOnly)
/// ```
public struct PostgresStoreOptions: Sendable {
    /// Whether the store may write; `StoreAccessMode/readWrite` by default.
    ///
    /// `StoreAccessMode/readWrite` creates the model's table when the database has none,
    /// migrates an older one and keeps its indexes as the model declares them.
    /// `StoreAccessMode/readOnly` changes nothing in the database: the table must exist at
    /// the model's schema version, and every write throws `StoreError/readOnly(at:)`
    /// naming the database. A read-only store still sees, and its live queries observe, the
    /// commits other stores make.
    public var mode: StoreAccessMode

    /// How many connections answer reads outside transactions: two by default.
    ///
    /// Each runs on a thread of its own; there is at least one. The store also holds one
    /// connection for writes and, while a live query exists, one that listens for other
    /// stores' commits.
    public var readerCount: Int

    /// The logger postgres-nio logs to.
    public var logger: Logger

    /// Creates options.
    ///
    /// - Parameters:
    ///   - mode: Whether the store may write; `StoreAccessMode/readWrite` by default.
    ///   - readerCount: How many connections read; two by default.
    ///   - logger: The logger postgres-nio logs to.
    public init(
        mode: StoreAccessMode = .readWrite, readerCount: Int = 2,
        logger: Logger = Logger(label: "PostgresStorage")
    ) {
        self.mode = mode
        self.readerCount = readerCount
        self.logger = logger
    }

    /// Read and write, with two reading connections.
    public static var readWrite: PostgresStoreOptions { PostgresStoreOptions() }

    /// Read only, with two reading connections.
    public static var readOnly: PostgresStoreOptions { PostgresStoreOptions(mode: .readOnly) }
}
