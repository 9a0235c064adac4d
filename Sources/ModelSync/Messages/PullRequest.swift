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

    /// A request.
    ///
    /// - Parameters:
    ///   - model: The model's storage name.
    ///   - scope: The encoded scope condition, or `nil` for every record of the user.
    ///   - cursor: Where the replica is.
    ///   - limit: The page size; 500 by default.
    public init(model: String, scope: JSONValue?, cursor: ChangeCursor, limit: Int = 500) {
        self.model = model
        self.scope = scope
        self.cursor = cursor
        self.limit = limit
    }
}

/// The server's answer to a ``PullRequest``: a page of changes and the cursor to read on from.
public struct PullResponse: Codable, Hashable, Sendable {
    /// The changes, in the order they were committed.
    public var changes: [SyncChange]
    /// Where the next pull starts.
    public var next: ChangeCursor
    /// Whether more changes were there when the page was read.
    public var hasMore: Bool

    /// A response.
    ///
    /// - Parameters:
    ///   - changes: The changes, in commit order.
    ///   - next: Where the next pull starts.
    ///   - hasMore: Whether more changes remain.
    public init(changes: [SyncChange], next: ChangeCursor, hasMore: Bool) {
        self.changes = changes
        self.next = next
        self.hasMore = hasMore
    }
}
