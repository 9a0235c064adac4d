import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting

/// A way to break the change feed's contract, each a mistake a backend could make, and the
/// change-feed check that catches it.
enum ChangeFeedFault: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Gives each change twice, as a log that keeps a record's superseded writes would.
    case repeatsChanges
    /// Leaves deletions out.
    case dropsTombstones
    /// Ends a page at its limit, inside a commit.
    case splitsCommits
    /// Answers a cursor from before the horizon from the start, silently partial.
    case ignoresHorizon
    /// Reads a limit below 1 as 1.
    case acceptsLimitZero

    var description: String { rawValue }

    /// The check that catches it.
    var check: String {
        switch self {
        case .repeatsChanges: "eachRecordOnce"
        case .dropsTombstones: "writesAndDeletesInOrder"
        case .splitsCommits: "pagesEndAtCommits"
        case .ignoresHorizon: "pruningMovesTheHorizon"
        case .acceptsLimitZero: "badCursorsAndLimits"
        }
    }
}

/// An in-memory store whose change feed has a fault (or none): to show that each
/// change-feed check fails for its fault, and passes without it.
struct FaultyFeedStore: ModelStore {
    private let inner = InMemoryStore<ConformanceEntry>()
    private let fault: ChangeFeedFault?

    init(_ fault: ChangeFeedFault?) {
        self.fault = fault
    }

    var location: StoreLocation { inner.location }

    func changes(since cursor: ChangeCursor, limit: Int) async throws -> ChangePage<
        ConformanceEntry
    > {
        switch fault {
        case nil: return try await inner.changes(since: cursor, limit: limit)
        case .repeatsChanges:
            var page = try await inner.changes(since: cursor, limit: limit)
            page.changes = page.changes.flatMap { [$0, $0] }
            return page
        case .dropsTombstones:
            var page = try await inner.changes(since: cursor, limit: limit)
            page.changes.removeAll(where: \.isDeletion)
            return page
        case .splitsCommits:
            let page = try await inner.changes(since: cursor, limit: limit)
            guard page.changes.count > limit else { return page }
            let kept = Array(page.changes.prefix(limit))
            return ChangePage(
                changes: kept, next: ChangeCursor(version: kept[limit - 1].version), hasMore: true)
        case .ignoresHorizon:
            do {
                return try await inner.changes(since: cursor, limit: limit)
            } catch StoreError.Code.changesExpired {
                return try await inner.changes(since: .start, limit: limit)
            }
        case .acceptsLimitZero:
            return try await inner.changes(since: cursor, limit: Swift.max(limit, 1))
        }
    }

    func pruneChangeHistory(now: Date) async throws -> Int {
        try await inner.pruneChangeHistory(now: now)
    }

    func fetch(id: String) async throws -> ConformanceEntry? { try await inner.fetch(id: id) }

    func fetch(_ query: RecordQuery<ConformanceEntry>) async throws -> [ConformanceEntry] {
        try await inner.fetch(query)
    }

    func count(where condition: Condition<ConformanceEntry>) async throws -> Int {
        try await inner.count(where: condition)
    }

    func fetchVersioned(id: String) async throws -> Versioned<ConformanceEntry>? {
        try await inner.fetchVersioned(id: id)
    }

    func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout StoreTransaction<ConformanceEntry>) throws -> Result
    ) async throws -> Result {
        try await inner.transaction(body)
    }

    func observe(
        _ query: RecordQuery<ConformanceEntry>
    ) async throws -> AsyncStream<QueryResult<ConformanceEntry>> {
        try await inner.observe(query)
    }

    func close() async throws { try await inner.close() }
}
