import Foundation

/// A value in a condition, in the form every target understands.
///
/// Conditions keep their operands as `QueryValue`s so that a ``Condition`` is plain data: it
/// can be compared, hashed, encoded, and rendered as an `NSPredicate` argument or an SQL
/// binding. You rarely make one yourself; the condition builders convert your model's values
/// through ``QueryValueConvertible``.
///
/// Every integer width becomes ``integer(_:)``, except unsigned values above `Int64.max`,
/// which become ``unsignedInteger(_:)``. `Float` becomes ``double(_:)``.
public enum QueryValue: Hashable, Sendable {
    /// The absence of a value: `nil`, `NULL`.
    case null
    /// A Boolean.
    case bool(Bool)
    /// A signed integer of any width.
    case integer(Int64)
    /// An unsigned integer above `Int64.max`.
    case unsignedInteger(UInt64)
    /// A floating-point number.
    case double(Double)
    /// A string.
    case string(String)
    /// A point in time.
    case date(Date)
    /// A universally unique identifier.
    case uuid(UUID)
    /// A URL.
    case url(URL)
    /// Raw bytes.
    case data(Data)
    /// A list of values, as the operand of ``Condition/in(_:_:)`` or
    /// ``Condition/between(_:_:)-(KeyPath<Model,Value>Sendable,_)``.
    case list([QueryValue])

    /// Whether this is ``null``.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension QueryValue: CustomStringConvertible {
    /// A short description of the value, for messages.
    public var description: String {
        switch self {
        case .null: "nil"
        case .bool(let value): String(value)
        case .integer(let value): String(value)
        case .unsignedInteger(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): "\"\(value)\""
        case .date(let value): value.formatted(.iso8601)
        case .uuid(let value): value.uuidString
        case .url(let value): value.absoluteString
        case .data(let value): "\(value.count) bytes"
        case .list(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        }
    }
}

// MARK: - Ordering stored representations

extension QueryValue {
    /// Compares two values the way every target compares stored values: numbers by value
    /// (integers and doubles together), strings, dates, UUIDs and URLs in their own order.
    ///
    /// - Returns: `nil` when the values cannot be ordered against each other (different kinds,
    ///   or either is ``null``).
    package func compare(to other: QueryValue) -> ComparisonResult? {
        // The commonest pair (ids, references, counts), without copying either value into
        // the tuple the general switch matches.
        if case .integer(let a) = self, case .integer(let b) = other {
            return a < b ? .orderedAscending : a == b ? .orderedSame : .orderedDescending
        }
        switch (self, other) {
        case (.bool(let a), .bool(let b)): return Self.order(a ? 1 : 0, b ? 1 : 0)
        case (.unsignedInteger(let a), .unsignedInteger(let b)): return Self.order(a, b)
        case (.integer, .unsignedInteger): return .orderedAscending
        case (.unsignedInteger, .integer): return .orderedDescending
        case (.double(let a), .double(let b)): return Self.order(a, b)
        case (.integer(let a), .double(let b)): return Self.order(Double(a), b)
        case (.double(let a), .integer(let b)): return Self.order(a, Double(b))
        case (.string(let a), .string(let b)): return Self.order(a, b)
        case (.date(let a), .date(let b)): return Self.order(a, b)
        case (.uuid(let a), .uuid(let b)): return Self.order(a.uuidString, b.uuidString)
        case (.url(let a), .url(let b)): return Self.order(a.absoluteString, b.absoluteString)
        case (.data(let a), .data(let b)):
            if a == b { return .orderedSame }
            return a.lexicographicallyPrecedes(b) ? .orderedAscending : .orderedDescending
        default: return nil
        }
    }

    private static func order<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult? {
        if a < b { return .orderedAscending }
        if b < a { return .orderedDescending }
        if a == b { return .orderedSame }
        return nil  // NaN
    }
}
