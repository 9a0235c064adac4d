/// A JSON value: what a ``SchemaMigration`` reads and changes in a stored record.
///
/// Read and write an object's members by key, and make values from literals:
///
/// ```swift
/// SchemaMigration(from: 1) { record in
///     let attack = record["atk"]?.integerValue ?? 0
///     record["attack"] = .integer(Int64(attack))
///     record["atk"] = nil
///     record["tags"] = ["imported"]
/// }
/// ```
///
/// Integers keep their exact value as ``integer(_:)``; other numbers are ``double(_:)``.
/// Objects do not keep the order of their keys.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without a fraction or exponent that fits in 64 bits.
    case integer(Int64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// The member of an object with this key; `nil` when there is none or this is not an
    /// object.
    ///
    /// Setting a member of an object adds or replaces it, and setting `nil` removes it.
    /// Setting a member of a value that is not an object has no effect.
    ///
    /// - Parameter key: The member's key.
    public subscript(key: String) -> JSONValue? {
        get {
            guard case .object(let members) = self else { return nil }
            return members[key]
        }
        set {
            guard case .object(var members) = self else { return }
            self = .null  // releases the payload, so `members` is changed in place
            members[key] = newValue
            self = .object(members)
        }
    }

    /// The element of an array at this index; `nil` when it is out of range or this is not an
    /// array.
    ///
    /// - Parameter index: The element's index.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else {
            return nil
        }
        return elements[index]
    }

    /// Whether this is ``null``.
    public var isNull: Bool { self == .null }

    /// The Boolean, if this is one.
    public var boolValue: Bool? {
        guard case .bool(let value) = self else { return nil }
        return value
    }

    /// The integer, if this is ``integer(_:)`` or a ``double(_:)`` with no fraction that fits.
    public var integerValue: Int? {
        switch self {
        case .integer(let value): return Int(exactly: value)
        case .double(let value): return Int(exactly: value)
        default: return nil
        }
    }

    /// The number as a `Double`, if this is a number.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// The string, if this is one.
    public var stringValue: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        guard case .array(let value) = self else { return nil }
        return value
    }

    /// The members, if this is an object.
    public var objectValue: [String: JSONValue]? {
        guard case .object(let value) = self else { return nil }
        return value
    }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// Creates ``bool(_:)``.
    ///
    /// - Parameter value: The Boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// Creates ``integer(_:)``.
    ///
    /// - Parameter value: The integer.
    public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// Creates ``double(_:)``.
    ///
    /// - Parameter value: The number.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// Creates ``string(_:)``.
    ///
    /// - Parameter value: The string.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// Creates ``array(_:)``.
    ///
    /// - Parameter elements: The elements.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Creates ``object(_:)``; a key written twice keeps its last value.
    ///
    /// - Parameter elements: The members.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
}
