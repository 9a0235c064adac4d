/// Where a condition is evaluated or rendered.
public enum QueryTarget: String, Hashable, Sendable, CustomStringConvertible {
    /// Evaluation in memory, against Swift values.
    case inMemory = "in memory"
    /// An `NSPredicate` format string and its arguments.
    case predicateFormat = "NSPredicate format"
    /// SQLite SQL.
    case sql = "SQL"
    /// The encoded form of `Codable`.
    case encoding = "encoding"

    /// The target's name, for messages.
    public var description: String { rawValue }
}
