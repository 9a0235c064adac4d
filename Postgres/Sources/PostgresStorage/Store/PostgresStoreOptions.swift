import PostgresNIO

/// How a ``PostgresStore`` uses its database: how many connections read, and where
/// postgres-nio logs.
///
/// ```swift
/// let store = try await PostgresStore<Pokemon>.open(
///     configuration, options: PostgresStoreOptions(readerCount: 4))
/// ```
public struct PostgresStoreOptions: Sendable {
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
    ///   - readerCount: How many connections read; two by default.
    ///   - logger: The logger postgres-nio logs to.
    public init(readerCount: Int = 2, logger: Logger = Logger(label: "PostgresStorage")) {
        self.readerCount = readerCount
        self.logger = logger
    }
}
