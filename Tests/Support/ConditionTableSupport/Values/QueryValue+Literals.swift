import KeyPathQuery

// Literals for expected arguments in tests: `["name", "pikachu"]`, `["attack", 80]`.
// Test support only: the library leaves `QueryValue` without literals on purpose, so that a
// value's kind is always explicit in code that renders it.

extension QueryValue: ExpressibleByUnicodeScalarLiteral,
    ExpressibleByExtendedGraphemeClusterLiteral, ExpressibleByStringLiteral
{
    /// ``QueryValue/string(_:)``.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension QueryValue: ExpressibleByIntegerLiteral {
    /// ``QueryValue/integer(_:)``.
    public init(integerLiteral value: Int64) {
        self = .integer(value)
    }
}

extension QueryValue: ExpressibleByBooleanLiteral {
    /// ``QueryValue/bool(_:)``.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension QueryValue: ExpressibleByArrayLiteral {
    /// ``QueryValue/list(_:)``.
    public init(arrayLiteral elements: QueryValue...) {
        self = .list(elements)
    }
}
