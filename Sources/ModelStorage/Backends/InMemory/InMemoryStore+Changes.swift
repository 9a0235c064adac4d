import Foundation

extension InMemoryStore {
    /// The records written and deleted after a cursor, in commit order (see
    /// ``ModelStore/changes(since:limit:)``).
    ///
    /// The history lives as long as the records: in memory.
    ///
    /// - Parameters:
    ///   - cursor: Where the reader is.
    ///   - limit: How many changes the page holds at most, unless one commit has more.
    /// - Returns: The changes after `cursor`, and the cursor to read from next.
    /// - Throws: ``StoreError/changesExpired(_:since:horizon:at:)``,
    ///   ``StoreError/historyNotKept(_:at:)``, ``StoreError/invalidQuery(_:)`` for a limit
    ///   below 1, or ``StoreError/closed(at:)``.
    /// - Complexity: O(*c*) in the changes read, plus O(log *h*) in the history's length.
    public func changes(since cursor: ChangeCursor, limit: Int) async throws -> ChangePage<Model> {
        try await database.state(of: Model.self).changes(
            since: cursor, limit: limit, at: location)
    }

    /// Drops the tombstones older than the model's retention (see
    /// ``ModelStore/pruneChangeHistory(now:)``).
    ///
    /// - Parameter now: The time to count the retention back from.
    /// - Returns: How many tombstones were dropped.
    /// - Throws: ``StoreError/closed(at:)`` when the store is closed.
    @discardableResult
    public func pruneChangeHistory(now: Date) async throws -> Int {
        try await database.pruneHistory(of: Model.self, now: now)
    }
}
