import Foundation
import ModelStorage

extension JSONFileStore {
    /// The records written and deleted after a cursor, in commit order (see
    /// `ModelStore.changes(since:limit:)`).
    ///
    /// The store keeps the history in memory while it is open: its document and journal
    /// keep each record's write version, but not the tombstones of deleted records. An open
    /// therefore starts the history at the file's version, and a cursor from before it must
    /// start again (`StoreError.changesExpired`).
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
    /// `ModelStore.pruneChangeHistory(now:)`).
    ///
    /// - Parameter now: The time to count the retention back from.
    /// - Returns: How many tombstones were dropped.
    /// - Throws: `StoreError.closed` when the store is closed.
    @discardableResult
    public func pruneChangeHistory(now: Date) async throws -> Int {
        try await database.pruneHistory(of: Model.self, now: now)
    }
}
