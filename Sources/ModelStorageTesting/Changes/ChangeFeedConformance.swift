import Foundation
import ModelStorage

/// The conformance suite of a store's change feed (`ModelStore.changes(since:limit:)`): every
/// check a backend that keeps a model's history must pass.
///
/// ```swift
/// @Test(arguments: ChangeFeedConformance.checks)
/// func changeFeed(_ check: ChangeFeedCheck) async throws {
///     try await check.run { InMemoryStore<ConformanceEntry>() }
/// }
/// ```
///
/// The checks cover an empty store; writes, updates and deletions read from the start and
/// from a cursor between them; each record once, as it is now; a scope, through which a record
/// written out of it comes as a deletion; pages that end at commits and
/// together hold every change once; a record deleted and inserted again; a rolled-back
/// transaction, which leaves nothing; pruning, which moves the horizon so that an older cursor
/// must start again while the start and newer cursors still read; a cursor of another
/// database; and a limit below 1.
public enum ChangeFeedConformance {
    /// Every check, in a stable order.
    public static var checks: [ChangeFeedCheck] {
        readingChecks + pagingChecks + horizonChecks
    }

    /// Reads every change after a cursor, page by page, checking that each page but the
    /// last ends at a commit and that the pages' cursors move on.
    static func readAll(
        _ store: any ModelStore<ConformanceEntry>, since cursor: ChangeCursor, limit: Int
    ) async throws -> (changes: [ChangePage<ConformanceEntry>.Change], next: ChangeCursor) {
        var cursor = cursor
        var changes: [ChangePage<ConformanceEntry>.Change] = []
        for _ in 0..<10_000 {
            let page = try await store.changes(since: cursor, limit: limit)
            try expect(
                page.changes.allSatisfy { $0.version > cursor.version },
                "every change of a page is after its cursor \(cursor)")
            changes += page.changes
            guard page.hasMore else { return (changes, page.next) }
            try expect(page.next > cursor, "a page with more after it moves the cursor on")
            try expectEqual(
                page.next.version, page.changes.last?.version ?? 0,
                "the next cursor of a page with more after it is its last commit's version")
            cursor = page.next
        }
        throw ConformanceFailure(
            check: "", message: "the change feed did not end", file: #fileID, line: #line)
    }

    /// The changes as `(id, text or nil)`, in order: what a replica applies.
    static func summary(
        _ changes: [ChangePage<ConformanceEntry>.Change]
    ) -> [String] {
        changes.map { change in
            change.record.map { "\($0.id)=\($0.text)" } ?? "\(change.id) deleted"
        }
    }

    /// Whether an error is `StoreError` with a code.
    static func isError(_ code: StoreError.Code) -> (any Error) -> Bool {
        { ($0 as? StoreError)?.code == code }
    }
}
