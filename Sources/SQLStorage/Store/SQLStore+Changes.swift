import Foundation
import ModelStorage

extension SQLStore {
    /// The records written and deleted after a cursor, in commit order (see
    /// `ModelStore/changes(since:limit:)`), read in one snapshot on a reader.
    ///
    /// A model with a `StorableModel/changeHistory` keeps it in the database as long as the
    /// driver keeps one: an index on its rows' write versions, and a tombstone for each record
    /// deleted. A read-only database that has not found the model's table yet reads as no
    /// change.
    ///
    /// - Parameters:
    ///   - cursor: Where the reader is.
    ///   - limit: How many changes the page holds at most, unless one commit has more.
    /// - Returns: The changes after `cursor`, and the cursor to read from next.
    /// - Throws: `StoreError/changesExpired(_:since:horizon:at:)`,
    ///   `StoreError/historyNotKept(_:at:)`, `StoreError/invalidQuery(_:)` for a limit below
    ///   1, `StoreError/closed(at:)`, or the driver's errors of a read.
    /// - Complexity: O(*c* log *n*) for *c* changes read in a table of *n* records.
    public func changes(since cursor: ChangeCursor, limit: Int) async throws -> ChangePage<Model> {
        let location = location
        return try await database.read(
            Model.self, orEmpty: ChangePage(changes: [], next: cursor, hasMore: false)
        ) { [table] connection throws(StoreError) in
            try table.changes(since: cursor, limit: limit, at: location, on: connection)
        }
    }

    /// Drops the tombstones older than the model's retention, and moves its history's horizon
    /// past them (see `ModelStore/pruneChangeHistory(now:)`).
    ///
    /// - Parameter now: The time to count the retention back from.
    /// - Returns: How many tombstones were dropped: none for a model without a history.
    /// - Throws: `StoreError/readOnly(at:)`, `StoreError/closed(at:)`, or the driver's
    ///   errors of a write.
    @discardableResult
    public func pruneChangeHistory(now: Date) async throws -> Int {
        try await database.checkOpen()
        guard let history = Model.changeHistory else { return 0 }
        return try await database.driver.pruneHistory(
            of: Model.self, deletedBefore: history.oldestKept(at: now), tables: database.tables)
    }
}
