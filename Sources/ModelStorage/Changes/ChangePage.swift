/// One read of a model's change feed: the records written and deleted after a cursor, in
/// the order they were committed (``ModelStore/changes(since:limit:)``).
///
/// Apply each change in order, then read again from ``next`` until ``hasMore`` is `false`:
///
/// ```swift
/// var cursor = ChangeCursor.start
/// repeat {
///     let page = try await favorites.changes(since: cursor)
///     for change in page.changes {
///         if let record = change.record { try await replica.upsert(record) }
///         else { _ = try await replica.delete(id: change.id) }
///     }
///     cursor = page.next
/// } while page.hasMore
/// ```
///
/// Each record appears once, as it is now, at the version of the commit that last wrote it;
/// a record deleted appears as a tombstone (``Change/record`` `nil`) at the version of its
/// deletion. A page holds whole commits: it ends at the first commit boundary at or after
/// its limit, so one commit of more changes than the limit comes whole.
public struct ChangePage<Model: StorableModel>: Sendable {
    /// One record's change.
    public struct Change: Sendable {
        /// The record's id.
        public let id: Model.ID
        /// The record as the commit left it, or `nil` when the commit deleted it.
        public let record: Model?
        /// The database's version after the commit: the record's write version, or its
        /// tombstone's.
        public let version: UInt64

        /// A change.
        ///
        /// - Parameters:
        ///   - id: The record's id.
        ///   - record: The record as written, or `nil` for a deletion.
        ///   - version: The commit's version.
        public init(id: Model.ID, record: Model?, version: UInt64) {
            self.id = id
            self.record = record
            self.version = version
        }

        /// Whether the commit deleted the record.
        public var isDeletion: Bool { record == nil }
    }

    /// The changes after the cursor, in commit order.
    public var changes: [Change]
    /// Where the next read starts: after the last commit of ``changes``, or, when the page
    /// holds every change, at the store's version when it was read.
    public var next: ChangeCursor
    /// Whether changes after ``next`` were there when the page was read.
    public var hasMore: Bool

    /// A page.
    ///
    /// - Parameters:
    ///   - changes: The changes, in commit order.
    ///   - next: Where the next read starts.
    ///   - hasMore: Whether changes after `next` remain.
    public init(changes: [Change], next: ChangeCursor, hasMore: Bool) {
        self.changes = changes
        self.next = next
        self.hasMore = hasMore
    }
}
