/// How a database backend answered the queries it was asked: in the database, or with
/// KeyPathQuery's in-memory engine over rows it read.
///
/// A database backend translates a query to its own language where it can, and evaluates
/// what it cannot translate with the engine, so that every backend answers alike (see
/// ``ModelStore``'s implementation requirements). The counts say how often each happened:
/// a diagnostic for an app that wonders why a query is slow, and what the conformance
/// suite's differential check reads to make sure that it compared the database's answers,
/// not the engine's with itself.
///
/// ```swift
/// let before = store.queryEvaluationCounts
/// _ = try await store.fetch(RecordQuery(where: \.name.matches("^Pika")))
/// let after = store.queryEvaluationCounts
/// print(after.inMemory - before.inMemory)   // 1 on PostgreSQL: it has no `matches`
/// ```
public struct QueryEvaluationCounts: Hashable, Sendable {
    /// Queries and counts the database answered alone: its condition, sort keys and page.
    public var inDatabase: Int
    /// Queries the database narrowed to candidate rows, which the engine then finished:
    /// rows whose values SQL cannot read exactly, or a sort or page handed to the engine.
    public var finishedInMemory: Int
    /// Queries and counts the engine answered over every row, read in store order.
    public var inMemory: Int

    /// Counts.
    ///
    /// - Parameters:
    ///   - inDatabase: Answered by the database alone.
    ///   - finishedInMemory: Narrowed by the database and finished by the engine.
    ///   - inMemory: Answered by the engine over every row.
    public init(inDatabase: Int = 0, finishedInMemory: Int = 0, inMemory: Int = 0) {
        self.inDatabase = inDatabase
        self.finishedInMemory = finishedInMemory
        self.inMemory = inMemory
    }

    /// Every query and count counted.
    public var total: Int { inDatabase + finishedInMemory + inMemory }

    /// The counts since an earlier reading.
    ///
    /// - Parameter earlier: The counts read before.
    /// - Returns: What was counted since.
    public func subtracting(_ earlier: QueryEvaluationCounts) -> QueryEvaluationCounts {
        QueryEvaluationCounts(
            inDatabase: inDatabase - earlier.inDatabase,
            finishedInMemory: finishedInMemory - earlier.finishedInMemory,
            inMemory: inMemory - earlier.inMemory)
    }
}

/// A store that counts how it answered queries: in its database, or in memory
/// (``QueryEvaluationCounts``).
///
/// `SQLiteStore` and `PostgresStore` conform; the in-memory and JSON-file stores are the
/// engine itself, and do not. The conformance suite's differential check requires a store
/// that conforms to answer a share of its queries in the database.
public protocol QueryEvaluationReporting: Sendable {
    /// The queries and counts answered so far, by how (fetches, counts, the results of live
    /// queries, and the reads of transactions), since the store opened.
    var queryEvaluationCounts: QueryEvaluationCounts { get }
}
