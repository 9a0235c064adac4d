import ModelStorage

/// A notice that the server's records changed: a replica that receives one pulls, or, when
/// the notice carries the changes, takes them without a pull.
///
/// A notice says nothing a pull would not. Notices may be lost, repeated, late or out of
/// order, and a replica stays correct, only later: it takes the changes a notice carries
/// only when it holds everything up to where they start (see ``Changes``), and pulls
/// otherwise.
public struct SyncNotice: Codable, Hashable, Sendable {
    /// The server's version when the change was seen.
    public var version: UInt64
    /// The storage names of the models that changed.
    public var models: [String]
    /// The changes since the previous notice, when they were few enough to send; `nil` when
    /// the notice only says to pull.
    public var changes: Changes?

    /// A notice.
    ///
    /// - Parameters:
    ///   - version: The server's version.
    ///   - models: The models that changed.
    ///   - changes: The changes it carries, if any.
    public init(version: UInt64, models: [String], changes: Changes? = nil) {
        self.version = version
        self.models = models
        self.changes = changes
    }

    /// Every change to a user's records of one model between two cursors, as a pull from
    /// ``since`` with no scope would give them: the user's records written, and tombstones.
    ///
    /// A replica whose cursor for the model is at ``since`` or later, on the same database
    /// (``server``), holds every change up to its cursor, so these bring it to ``next``: it
    /// applies those later than its cursor, as deletions those its scope does not select,
    /// and moves its cursor to ``next``. Any other replica pulls.
    public struct Changes: Codable, Hashable, Sendable {
        /// The storage name of the model.
        public var model: String
        /// The cursor the changes follow.
        public var since: ChangeCursor
        /// The cursor after the last of them.
        public var next: ChangeCursor
        /// The identity of the server's database (``SyncServer/databaseIdentity()``).
        public var server: String
        /// The changes, in the order of their versions.
        public var changes: [SyncChange]

        /// The changes of a model between two cursors.
        ///
        /// - Parameters:
        ///   - model: The model's storage name.
        ///   - since: The cursor they follow.
        ///   - next: The cursor after them.
        ///   - server: The identity of the server's database.
        ///   - changes: The changes.
        public init(
            model: String, since: ChangeCursor, next: ChangeCursor, server: String,
            changes: [SyncChange]
        ) {
            self.model = model
            self.since = since
            self.next = next
            self.server = server
            self.changes = changes
        }
    }
}
