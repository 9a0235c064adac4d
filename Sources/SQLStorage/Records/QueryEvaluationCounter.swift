import InternalSupport
import KeyPathQuery
import ModelStorage

/// Counts how a database backend answers queries, for its
/// `QueryEvaluationReporting/queryEvaluationCounts`, in all and for each kind of query it
/// was told (sorted fetches, paged fetches, counts); safe to share between connections.
///
/// ```swift
/// counter.count(.inDatabase, as: QueryEvaluationCounter.kinds(of: query))
/// counter.counts.inDatabase                      // 1
/// counter.counts(of: .sortedFetch).inDatabase    // 1 when the query sorts
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

    /// A kind of query counted apart, besides in all: a query may be of several kinds, or
    /// of none (a fetch that neither sorts nor pages).
    public enum Kind: Hashable, Sendable, CaseIterable {
        /// A fetch with sort keys: answered in the database, its `ORDER BY` sorted.
        case sortedFetch
        /// A fetch with a limit or an offset: answered in the database, its `LIMIT` and
        /// `OFFSET` paged.
        case pagedFetch
        /// A count of the records a condition selects.
        case count
    }

    /// What the counter holds: every query, and each kind's.
    private struct State {
        var all = QueryEvaluationCounts()
        var byKind: [Kind: QueryEvaluationCounts] = [:]
    }

    private let state = Mutex(State())

    /// A counter at zero.
    public init() {}

    /// The kinds of a fetch: sorted when it has sort keys, paged when it has a limit or an
    /// offset.
    ///
    /// - Parameter query: The fetch's query.
    /// - Returns: Its kinds; none for a fetch that neither sorts nor pages.
    public static func kinds<Model>(of query: RecordQuery<Model>) -> Set<Kind> {
        var kinds: Set<Kind> = []
        if !query.sortKeys.isEmpty { kinds.insert(.sortedFetch) }
        if query.limit != nil || query.offset != 0 { kinds.insert(.pagedFetch) }
        return kinds
    }

    /// Counts one query or count.
    ///
    /// - Parameters:
    ///   - path: How it was answered.
    ///   - kinds: The kinds it is counted as too (``kinds(of:)`` for a fetch, `[.count]` for
    ///     a count).
    public func count(_ path: Path, as kinds: Set<Kind> = []) {
        state.withLock { state in
            Self.add(path, to: &state.all)
            for kind in kinds { Self.add(path, to: &state.byKind[kind, default: .init()]) }
        }
    }

    private static func add(_ path: Path, to counts: inout QueryEvaluationCounts) {
        switch path {
        case .inDatabase: counts.inDatabase += 1
        case .finishedInMemory: counts.finishedInMemory += 1
        case .inMemory: counts.inMemory += 1
        }
    }

    /// The counts so far.
    public var counts: QueryEvaluationCounts {
        state.withLock { $0.all }
    }

    /// The counts so far of the queries of one kind.
    ///
    /// - Parameter kind: The kind.
    /// - Returns: How the queries of that kind were answered.
    public func counts(of kind: Kind) -> QueryEvaluationCounts {
        state.withLock { $0.byKind[kind] ?? QueryEvaluationCounts() }
    }
}
