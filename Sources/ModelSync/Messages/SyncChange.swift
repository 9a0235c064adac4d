import ModelStorage

/// One record's change on the wire: a record written, or a tombstone, at a version of the
/// server's database.
///
/// A ``PullResponse`` carries them. The record and its id are JSON text, so that one message
/// type serves every model and every transport, and a record goes from the server's encoder
/// to the replica's decoder without a tree between them:
///
/// ```swift
/// for change in response.changes {
///     let id = try JSONDecoder().decode(String.self, from: Data(change.id.utf8))
///     if let text = change.record {
///         let favorite = try JSONDecoder().decode(Favorite.self, from: Data(text.utf8))
///     }
/// }
/// ```
public struct SyncChange: Codable, Hashable, Sendable {
    /// The record's id, as JSON text: `"\"3F2504E0-…\""` for a string id, `25` for an integer.
    public var id: String
    /// The record as the server holds it, as JSON text with its keys sorted and dates in
    /// milliseconds since 1970; `nil` when it was deleted or left the scope.
    public var record: String?
    /// The server's version of the change.
    public var version: UInt64

    /// A change.
    ///
    /// - Parameters:
    ///   - id: The record's id, as JSON text.
    ///   - record: The record, as JSON text, or `nil` for a deletion.
    ///   - version: The server's version of the change.
    public init(id: String, record: String?, version: UInt64) {
        self.id = id
        self.record = record
        self.version = version
    }
}
