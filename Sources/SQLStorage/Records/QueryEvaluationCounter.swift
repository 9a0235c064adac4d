import InternalSupport
import ModelStorage

/// Counts how a database backend answers queries, for its
/// `QueryEvaluationReporting/queryEvaluationCounts`; safe to share between connections.
///
/// ```swift
/// counter.count(.inDatabase)
/// counter.counts.inDatabase   // 1
/// ```
///
/// Instrumentation of the bundled backends, not public API: it is in the SPI group
/// `BackendInternals`, which SQLiteStorage and PostgresStorage (a package of its own, where
/// `package` access does not reach) import with `@_spi(BackendInternals) import SQLStorage`.
/// An app reads the counts through `QueryEvaluationReporting`; the counter may change in any
/// release.
@_spi(BackendInternals)
public final class QueryEvaluationCounter: Sendable {
    /// How one query or count was answered.
    public enum Path: Sendable {
        /// By the database alone.
        case inDatabase
        /// Narrowed by the database, finished by the engine.
        case finishedInMemory
        /// By the engine over every row.
        case inMemory
    }

    private let state = Mutex(QueryEvaluationCounts())

    /// A counter at zero.
    public init() {}

    /// Counts one query or count.
    ///
    /// - Parameter path: How it was answered.
    public func count(_ path: Path) {
        state.withLock { counts in
            switch path {
            case .inDatabase: counts.inDatabase += 1
            case .finishedInMemory: counts.finishedInMemory += 1
            case .inMemory: counts.inMemory += 1
            }
        }
    }

    /// The counts so far.
    public var counts: QueryEvaluationCounts {
        state.withLock { $0 }
    }
}
