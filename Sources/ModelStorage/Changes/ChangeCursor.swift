/// A place in a database's history: what a reader of a model's changes has seen.
///
/// Read a model's changes with ``ModelStore/changes(since:limit:)``, and keep the page's
/// ``ChangePage/next`` for the next read. ``start`` comes before every change: a read from it
/// gives every record the store holds, and no tombstone.
///
/// A cursor is a database version, and means something only to the database that gave it.
/// It is `Codable`, so that a replica can keep it beside its records, or send it to a server.
public struct ChangeCursor: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The database's version the reader has seen: every change at or before it.
    public let version: UInt64

    /// The place after the changes up to a version.
    ///
    /// - Parameter version: The database version read up to.
    public init(version: UInt64) {
        self.version = version
    }

    /// Before every change.
    public static let start = ChangeCursor(version: 0)

    /// Whether one cursor comes before another in the database's history.
    public static func < (lhs: ChangeCursor, rhs: ChangeCursor) -> Bool {
        lhs.version < rhs.version
    }

    /// `version 42`.
    public var description: String { "version \(version)" }
}
