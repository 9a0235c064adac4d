import ModelStorage

/// One record's change on the wire: a record written, or a tombstone, at a version of the
/// server's database.
///
/// A ``PullResponse`` carries them; the record and its id are in their JSON form, so that one
/// message type serves every model and every transport.
public struct SyncChange: Codable, Hashable, Sendable {
    /// The record's id, encoded as JSON.
    public var id: JSONValue
    /// The record as the server holds it, or `nil` when it was deleted or left the scope.
    public var record: JSONValue?
    /// The server's version of the change.
    public var version: UInt64

    /// A change.
    ///
    /// - Parameters:
    ///   - id: The record's id, encoded as JSON.
    ///   - record: The record, or `nil` for a deletion.
    ///   - version: The server's version of the change.
    public init(id: JSONValue, record: JSONValue?, version: UInt64) {
        self.id = id
        self.record = record
        self.version = version
    }
}
