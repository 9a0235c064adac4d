import ModelStorage

/// A replica's request for one model's changes since a cursor, within its scope.
///
/// The server answers with a ``PullResponse``. It evaluates ``scope`` with the same meaning as
/// the replica does, and always within the records of the requesting user: a scope narrows
/// what the user may see, never widens it.
public struct PullRequest: Codable, Hashable, Sendable {
    /// The model's `StorableModel/storageName`.
    public var model: String
    /// The scope: an encoded `Condition` of the model, or `nil` for every record of the user.
    public var scope: JSONValue?
    /// Where the replica is in the server's history.
    public var cursor: ChangeCursor
    /// How many changes the page holds at most (a page ends at a commit boundary).
    public var limit: Int
    /// Where a copy from the start stands: the id of the last record the previous page gave
    /// (``PullResponse/resume``), or `nil` outside such a copy.
    public var after: JSONValue?

    /// A request.
    ///
    /// - Parameters:
    ///   - model: The model's storage name.
    ///   - scope: The encoded scope condition, or `nil` for every record of the user.
    ///   - cursor: Where the replica is.
    ///   - limit: The page size; 500 by default.
    ///   - after: The previous page's ``PullResponse/resume``, or `nil`.
    public init(
        model: String, scope: JSONValue?, cursor: ChangeCursor, limit: Int = 500,
        after: JSONValue? = nil
    ) {
        self.model = model
        self.scope = scope
        self.cursor = cursor
        self.limit = limit
        self.after = after
    }
}

/// The server's answer to a ``PullRequest``: a page of changes and the cursor to read on from.
///
/// A pull from `ChangeCursor.start` is a copy of the records the scope selects, read from
/// the server's database by a query, a page at a time in the order of their ids: ``next`` is
/// the server's version when the copy began, and ``resume`` says where the next page starts.
/// When the copy is done, the pulls go on from ``next`` through the change feed, which brings
/// what changed while the copy was read.
public struct PullResponse: Codable, Hashable, Sendable {
    /// The changes: in the order they were committed, or in the order of the records' ids
    /// in a copy from the start.
    public var changes: [SyncChange]
    /// Where the next pull starts.
    public var next: ChangeCursor
    /// Whether more changes were there when the page was read.
    public var hasMore: Bool
    /// In a copy from the start, the id of the page's last record, for the next request's
    /// ``PullRequest/after``; `nil` when the copy is done or this is not one.
    public var resume: JSONValue?
    /// The identity of the server's database (``SyncServerIdentity``), which the cursor
    /// belongs to; `nil` from a server that does not say.
    public var server: String?

    /// A response.
    ///
    /// - Parameters:
    ///   - changes: The changes.
    ///   - next: Where the next pull starts.
    ///   - hasMore: Whether more changes remain.
    ///   - resume: Where a copy from the start goes on, or `nil`.
    public init(changes: [SyncChange], next: ChangeCursor, hasMore: Bool, resume: JSONValue? = nil)
    {
        self.changes = changes
        self.next = next
        self.hasMore = hasMore
        self.resume = resume
    }
}
