import Foundation

/// How KeyPathQuery stores an attribute's values in SQL, whatever the database: what a
/// dialect declares a column with (``SQLDialect/columnType(for:)``) and reads an element of a
/// JSON array as (``SQLDialect/jsonElement(_:path:as:)``).
///
/// A structure with static members rather than an enumeration, so that a later version can
/// add one without breaking a dialect's `switch`; switch with a `default`.
///
/// ```swift
/// switch kind {
/// case .integer: "bigint"
/// case .text: "text"
/// default: ""
/// }
/// ```
public struct SQLValueKind: Hashable, Sendable, CustomStringConvertible {
    /// The kind's name, such as `text`.
    public let name: String

    private init(_ name: String) {
        self.name = name
    }

    /// Text: strings, string-backed values, UUIDs (`uuidString`) and URLs
    /// (`absoluteString`), compared by their UTF-8 bytes.
    public static let text = SQLValueKind("text")
    /// Signed integers, and unsigned ones up to 32 bits: 64-bit signed in SQL.
    public static let integer = SQLValueKind("integer")
    /// `UInt64` and `UInt`, whose values above `Int64.max` no signed column holds.
    public static let unsignedInteger = SQLValueKind("unsignedInteger")
    /// `Double`, `Float`, and dates as seconds (``SQLOptions/DateStorage-swift.enum``).
    public static let real = SQLValueKind("real")
    /// `Bool`: see ``SQLDialect/booleanBinding(_:)``.
    public static let boolean = SQLValueKind("boolean")
    /// `Data`.
    public static let bytes = SQLValueKind("bytes")
    /// Arrays and sets, stored as a JSON array (``Queryable/sqlColumns()``).
    public static let jsonArray = SQLValueKind("jsonArray")
    /// A type the renderer cannot compare.
    public static let other = SQLValueKind("other")

    /// The kind's ``name``.
    public var description: String { name }

    /// The kind of a type's values, optionals and raw values unwrapped.
    init(of type: Any.Type) {
        switch type {
        case is any QueryTextConvertible.Type, is String.Type, is UUID.Type, is URL.Type:
            self = .text
        case is Bool.Type: self = .boolean
        case is UInt64.Type, is UInt.Type: self = .unsignedInteger
        case is any FixedWidthInteger.Type: self = .integer
        case is Double.Type, is Float.Type, is Date.Type: self = .real
        case is Data.Type: self = .bytes
        case is any ListAttribute.Type: self = .jsonArray
        case let optional as any OptionalAttribute.Type:
            self = SQLValueKind(of: optional.wrappedType)
        case let raw as any RawRepresentable.Type:
            self = SQLValueKind(of: Self.rawValueType(raw))
        default: self = .other
        }
    }

    private static func rawValueType<Raw: RawRepresentable>(_: Raw.Type) -> Any.Type {
        Raw.RawValue.self
    }
}
