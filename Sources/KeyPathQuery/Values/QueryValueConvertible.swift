import Foundation

/// A type whose values can appear in conditions: compared, listed, rendered and encoded.
///
/// The standard library's integers and floating-point numbers, `Bool`, `String`, and
/// Foundation's `Date`, `UUID`, `URL` and `Data` conform, as does `Optional` when its wrapped
/// type does. For an enumeration or any other `RawRepresentable` type whose raw value
/// conforms, declare the conformance and the raw value is used:
///
/// ```swift
/// enum Rarity: String, QueryValueConvertible { case common, rare, legendary }
/// ```
///
/// Conditions compare values by this representation in every target, so an ordering such as
/// `\.rarity < .rare` compares raw values — in memory as in SQL.
public protocol QueryValueConvertible: Sendable {
    /// The value in the form conditions keep and render.
    var queryValue: QueryValue { get }

    /// Creates a value from its representation, or returns `nil` when the representation does
    /// not fit this type (a string for an integer, a number out of range).
    ///
    /// - Parameter queryValue: The representation, as decoded from an encoded condition.
    init?(queryValue: QueryValue)
}

/// A value whose stored representation is text, so that text conditions (contains, prefix,
/// suffix, like, matches) and case-insensitive sorting apply to it.
///
/// `String` and `Optional<String>` conform; declare the conformance for a `RawRepresentable`
/// type whose raw value is a `String`:
///
/// ```swift
/// extension PokemonType: QueryTextConvertible {}
/// ```
public protocol QueryTextConvertible: QueryValueConvertible {
    /// The value's text, or `nil` for an absent value.
    var queryText: String? { get }
}

// MARK: - RawRepresentable

extension QueryValueConvertible where Self: RawRepresentable, RawValue: QueryValueConvertible {
    /// The raw value's representation.
    public var queryValue: QueryValue { rawValue.queryValue }

    /// Creates a value from its raw value's representation.
    ///
    /// - Parameter queryValue: The raw value's representation.
    public init?(queryValue: QueryValue) {
        guard let raw = RawValue(queryValue: queryValue) else { return nil }
        self.init(rawValue: raw)
    }
}

extension QueryTextConvertible where Self: RawRepresentable, RawValue == String {
    /// The raw value.
    public var queryText: String? { rawValue }
}

// MARK: - Optional

extension Optional: QueryValueConvertible where Wrapped: QueryValueConvertible {
    /// The wrapped value's representation, or ``QueryValue/null``.
    public var queryValue: QueryValue {
        switch self {
        case .none: .null
        case .some(let wrapped): wrapped.queryValue
        }
    }

    /// Creates `nil` from ``QueryValue/null``, or a wrapped value from its representation.
    ///
    /// - Parameter queryValue: The representation.
    public init?(queryValue: QueryValue) {
        if case .null = queryValue {
            self = .none
        } else if let wrapped = Wrapped(queryValue: queryValue) {
            self = .some(wrapped)
        } else {
            return nil
        }
    }
}

extension Optional: QueryTextConvertible where Wrapped: QueryTextConvertible {
    /// The wrapped value's text, or `nil`.
    public var queryText: String? { self?.queryText }
}

// MARK: - Foundation and standard library types

extension Bool: QueryValueConvertible {
    /// ``QueryValue/bool(_:)``.
    public var queryValue: QueryValue { .bool(self) }

    /// Creates a Boolean from ``QueryValue/bool(_:)``, or from the integers 0 and 1.
    ///
    /// - Parameter queryValue: The representation.
    public init?(queryValue: QueryValue) {
        switch queryValue {
        case .bool(let value): self = value
        case .integer(0): self = false
        case .integer(1): self = true
        default: return nil
        }
    }
}

extension String: QueryTextConvertible {
    /// ``QueryValue/string(_:)``.
    public var queryValue: QueryValue { .string(self) }
    /// The string itself.
    public var queryText: String? { self }

    /// Creates a string from ``QueryValue/string(_:)``.
    ///
    /// - Parameter queryValue: The representation.
    public init?(queryValue: QueryValue) {
        guard case .string(let value) = queryValue else { return nil }
        self = value
    }
}

extension Date: QueryValueConvertible {
    /// ``QueryValue/date(_:)``.
    public var queryValue: QueryValue { .date(self) }

    /// Creates a date from ``QueryValue/date(_:)``.
    ///
    /// - Parameter queryValue: The representation.
    public init?(queryValue: QueryValue) {
        guard case .date(let value) = queryValue else { return nil }
        self = value
    }
}

extension UUID: QueryValueConvertible {
    /// ``QueryValue/uuid(_:)``.
    public var queryValue: QueryValue { .uuid(self) }

    /// Creates a UUID from ``QueryValue/uuid(_:)`` or its string form.
    ///
    /// - Parameter queryValue: The representation.
    public init?(queryValue: QueryValue) {
        switch queryValue {
        case .uuid(let value): self = value
        case .string(let text):
            guard let value = UUID(uuidString: text) else { return nil }
            self = value
        default: return nil
        }
    }
}

extension URL: QueryValueConvertible {
    /// ``QueryValue/url(_:)``.
    public var queryValue: QueryValue { .url(self) }

    /// Creates a URL from ``QueryValue/url(_:)`` or its string form.
    ///
    /// - Parameter queryValue: The representation.
    public init?(queryValue: QueryValue) {
        switch queryValue {
        case .url(let value): self = value
        case .string(let text):
            guard let value = URL(string: text) else { return nil }
            self = value
        default: return nil
        }
    }
}

extension Data: QueryValueConvertible {
    /// ``QueryValue/data(_:)``.
    public var queryValue: QueryValue { .data(self) }

    /// Creates bytes from ``QueryValue/data(_:)``.
    ///
    /// - Parameter queryValue: The representation.
    public init?(queryValue: QueryValue) {
        guard case .data(let value) = queryValue else { return nil }
        self = value
    }
}

// MARK: - Numbers

extension QueryValueConvertible where Self: FixedWidthInteger {
    /// ``QueryValue/integer(_:)``, or ``QueryValue/unsignedInteger(_:)`` above `Int64.max`.
    public var queryValue: QueryValue {
        if let value = Int64(exactly: self) { return .integer(value) }
        return .unsignedInteger(UInt64(truncatingIfNeeded: self))
    }

    /// Creates an integer from an integer representation that fits this width exactly.
    ///
    /// - Parameter queryValue: The representation.
    public init?(queryValue: QueryValue) {
        switch queryValue {
        case .integer(let value): self.init(exactly: value)
        case .unsignedInteger(let value): self.init(exactly: value)
        case .double(let value): self.init(exactly: value)
        default: return nil
        }
    }
}

extension Int: QueryValueConvertible {}
extension Int8: QueryValueConvertible {}
extension Int16: QueryValueConvertible {}
extension Int32: QueryValueConvertible {}
extension Int64: QueryValueConvertible {}
extension UInt: QueryValueConvertible {}
extension UInt8: QueryValueConvertible {}
extension UInt16: QueryValueConvertible {}
extension UInt32: QueryValueConvertible {}
extension UInt64: QueryValueConvertible {}

extension QueryValueConvertible where Self: BinaryFloatingPoint {
    /// ``QueryValue/double(_:)``.
    public var queryValue: QueryValue { .double(Double(self)) }

    /// Creates a number from a floating-point or integer representation.
    ///
    /// - Parameter queryValue: The representation.
    public init?(queryValue: QueryValue) {
        switch queryValue {
        case .double(let value): self.init(value)
        case .integer(let value): self.init(value)
        case .unsignedInteger(let value): self.init(value)
        default: return nil
        }
    }
}

extension Double: QueryValueConvertible {}
extension Float: QueryValueConvertible {}

#if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
    @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
    extension Float16: QueryValueConvertible {}
#endif
