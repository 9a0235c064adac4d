import Foundation
import ModelStorage

extension JSONFileStore {
    /// The records written and deleted after a cursor, in commit order (see
    /// `ModelStore.changes(since:limit:)`).
    ///
    /// The store keeps the history in its files: the document and the journal keep each
    /// record's write version, and, for a model that declares a history, each deleted
    /// record's tombstone (its id, the deleting commit's version and when) and the history's
    /// horizon. A cursor taken before a close, a crash or a compaction therefore reads the
    /// same changes after the next open, deletions included. A file written before tombstones
    /// were kept starts the history at its version: a cursor from before that must start
    /// again (`StoreError.changesExpired`). Records whose write versions a file does not have
    /// (the single-model layout, written before they were kept) read as written at its
    /// version.
    ///
    /// - Parameters:
    ///   - cursor: Where the reader is.
    ///   - limit: How many changes the page holds at most, unless one commit has more.
    /// - Returns: The changes after `cursor`, and the cursor to read from next.
    /// - Throws: `StoreError.changesExpired`, `StoreError.historyNotKept`,
    ///   `StoreError.invalidQuery` for a limit below 1, or `StoreError.closed`.
    /// - Complexity: O(*c*) in the changes read, plus O(log *h*) in the history's length.
    public func changes(since cursor: ChangeCursor, limit: Int) async throws -> ChangePage<Model> {
        let location = location
        return try await database.read(Model.self) { (state) throws(StoreError) in
            try state.changes(since: cursor, limit: limit, at: location)
        }
    }

    /// Drops the tombstones older than the model's retention (see
    /// `ModelStore.pruneChangeHistory(now:)`), and keeps the horizon this moves the history
    /// to in the journal, so that it holds after the next open too.
    ///
    /// - Parameter now: The time to count the retention back from.
    /// - Returns: How many tombstones were dropped.
    /// - Throws: `StoreError.closed` when the store is closed, `StoreError.readOnly` when
    ///   it was opened read-only, or `StoreError.io` when the journal cannot be written.
    @discardableResult
    public func pruneChangeHistory(now: Date) async throws -> Int {
        try await database.pruneHistory(of: Model.self, now: now)
    }
}
