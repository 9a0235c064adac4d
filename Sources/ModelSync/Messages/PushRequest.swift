import ModelStorage

/// A replica's offline writes, sent to the server to apply once.
///
/// ``pushID`` makes the push idempotent: the server keeps, in the same commit as the writes,
/// a receipt of each push it applied, and answers a push it has seen with the same
/// ``PushResponse`` without applying it again. A replica that lost the answer (a timeout, a
/// crash) sends the same request again.
public struct PushRequest: Codable, Hashable, Sendable {
    /// The push's id: a UUID the replica made and kept before sending.
    public var pushID: String
    /// The writes, in the order the replica made them; at most one per record.
    public var entries: [PushEntry]

    /// A push.
    ///
    /// - Parameters:
    ///   - pushID: The push's id.
    ///   - entries: The writes, in order.
    public init(pushID: String, entries: [PushEntry]) {
        self.pushID = pushID
        self.entries = entries
    }
}

/// One record's offline write: its value now (or a deletion), and the server's value it was
/// based on, for the model's merge policy.
///
/// The id and the records are JSON text, as in ``SyncChange``: the outbox keeps them so, and
/// the server decodes each once.
public struct PushEntry: Codable, Hashable, Sendable {
    /// The model's storage name.
    public var model: String
    /// The record's id, as JSON text: `"\"3F2504E0-…\""` for a string id, `25` for an integer.
    public var id: String
    /// The record as the replica wrote it, as JSON text, or `nil` when the replica deleted it.
    public var record: String?
    /// The record as the replica last had it from the server, as JSON text, or `nil` when
    /// the replica made the record.
    public var base: String?
    /// The server's version at which the replica read ``base``; 0 with no base.
    public var baseVersion: UInt64

    /// An entry.
    ///
    /// - Parameters:
    ///   - model: The model's storage name.
    ///   - id: The record's id, as JSON text.
    ///   - record: The record written, as JSON text, or `nil` for a deletion.
    ///   - base: The server's record the write was based on, as JSON text, or `nil`.
    ///   - baseVersion: The server's version of `base`; 0 with none.
    public init(
        model: String, id: String, record: String?, base: String?, baseVersion: UInt64
    ) {
        self.model = model
        self.id = id
        self.record = record
        self.base = base
        self.baseVersion = baseVersion
    }
}

/// The server's answer to a ``PushRequest``: what became of each entry.
public struct PushResponse: Codable, Hashable, Sendable {
    /// The server's version after the push: every result is as of this version.
    public var version: UInt64
    /// One result per entry, in the request's order.
    public var results: [PushResult]

    /// A response.
    ///
    /// - Parameters:
    ///   - version: The server's version after the push.
    ///   - results: One result per entry.
    public init(version: UInt64, results: [PushResult]) {
        self.version = version
        self.results = results
    }
}

/// What the server did with one ``PushEntry``, and the record as the server now holds it.
public struct PushResult: Codable, Hashable, Sendable {
    /// How the merge policy settled an entry.
    public enum Outcome: String, Codable, Hashable, Sendable {
        /// The write was applied as sent.
        case applied
        /// The write was merged with changes made on the server since its base.
        case merged
        /// The server's record was kept, as the model's merge policy says
        /// (`rollback` or `mergeByPropertyStoreTrump` against a later write).
        case kept
        /// The write conflicted under the merge policy `error`, and was not applied.
        case rejected
    }

    /// The model's storage name.
    public var model: String
    /// The record's id, as JSON text, as the entry sent it.
    public var id: String
    /// What became of the write.
    public var outcome: Outcome
    /// The record as the server holds it after the push, as JSON text, or `nil` when it does
    /// not exist.
    public var record: String?

    /// A result.
    ///
    /// - Parameters:
    ///   - model: The model's storage name.
    ///   - id: The record's id, as JSON text.
    ///   - outcome: What became of the write.
    ///   - record: The server's record after the push, as JSON text, or `nil`.
    public init(model: String, id: String, outcome: Outcome, record: String?) {
        self.model = model
        self.id = id
        self.outcome = outcome
        self.record = record
    }
}
