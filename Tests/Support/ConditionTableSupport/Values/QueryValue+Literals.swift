import KeyPathQuery

// Literals for expected arguments in tests: `["name", "pikachu"]`, `["attack", 80]`.
// Test support only: the library leaves `QueryValue` without literals on purpose, so that a
// value's kind is always explicit in code that renders it.

// Fully qualified, so that a package other than KeyPathQuery's (the nested Postgres/, which
// compiles this file too) is not warned that the conformances are retroactive.
extension KeyPathQuery.QueryValue: Swift.ExpressibleByUnicodeScalarLiteral,
    Swift.ExpressibleByExtendedGraphemeClusterLiteral, Swift.ExpressibleByStringLiteral
{
    /// ``QueryValue/string(_:)``.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension KeyPathQuery.QueryValue: Swift.ExpressibleByIntegerLiteral {
    /// ``QueryValue/integer(_:)``.
    public init(integerLiteral value: Int64) {
        self = .integer(value)
    }
}

extension KeyPathQuery.QueryValue: Swift.ExpressibleByBooleanLiteral {
    /// ``QueryValue/bool(_:)``.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension KeyPathQuery.QueryValue: Swift.ExpressibleByArrayLiteral {
    /// ``QueryValue/list(_:)``.
    public init(arrayLiteral elements: QueryValue...) {
        self = .list(elements)
    }
}
