import Foundation

/// One value computed over a set of records: how many there are, or the sum, average,
/// minimum or maximum of an attribute.
///
/// Aggregates are what an ``AggregateQuery`` asks for, once over every record its condition
/// selects or once per group:
///
/// ```swift
/// let stats = AggregateQuery<Pokemon>(
///     .count, .average(\.attack), .maximum(\.speed),
///     groupedBy: [\.speciesID])
/// ```
///
/// Every target gives each aggregate one meaning (<doc:Aggregates> sets it out):
///
/// - ``count`` counts records; ``count(_:)`` counts the records whose attribute is not `nil`.
/// - ``sum(_:)-(KeyPath<Model,Value>Sendable)``, ``average(_:)-(KeyPath<Model,Value>Sendable)``,
///   ``minimum(_:)-(KeyPath<Model,Value>Sendable)`` and
///   ``maximum(_:)-(KeyPath<Model,Value>Sendable)`` skip `nil` (and NaN, which the SQL stores
///   keep as `NULL`), as SQL does, and are `nil` over a set with no value.
/// - A sum of integers is an exact integer, and ``QueryError/aggregateOverflow(_:)`` when it
///   does not fit in `Int64`; a sum of floating-point numbers is a `Double`.
/// - An average is always a `Double`.
/// - A minimum or maximum orders as ``SortKey`` does, and is the attribute's own
///   representation (``QueryValue``): text by Unicode scalars, enumerations by raw value.
public struct Aggregate<Model>: Hashable, Sendable {
    /// What the aggregate computes.
    public let function: AggregateFunction

    /// The attribute, or `nil` for ``count`` of records.
    let keyPath: AttributeKeyPath?

    init(_ function: AggregateFunction, _ keyPath: AttributeKeyPath?) {
        self.function = function
        self.keyPath = keyPath
    }

    /// The number of records.
    ///
    /// ```swift
    /// let total = AggregateQuery<Pokemon>(.count)
    /// ```
    public static var count: Aggregate { Aggregate(.count, nil) }

    /// The number of records whose attribute is not `nil`.
    ///
    /// - Parameter keyPath: The attribute.
    /// - Returns: The aggregate.
    public static func count<Value: QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable
    ) -> Aggregate {
        Aggregate(.count, AttributeKeyPath(keyPath))
    }

    /// The sum of a numeric attribute: an exact `Int64` for integers, a `Double` for
    /// floating-point numbers.
    ///
    /// `UInt` and `UInt64` attributes, whose values above `Int64.max` the SQL stores keep as
    /// text, are refused with ``QueryError/unsupported(operation:target:reason:)``.
    ///
    /// - Parameter keyPath: The attribute.
    /// - Returns: The aggregate.
    public static func sum<Value: QueryValueConvertible & Numeric>(
        _ keyPath: any KeyPath<Model, Value> & Sendable
    ) -> Aggregate {
        Aggregate(.sum, AttributeKeyPath(keyPath))
    }

    /// The sum of an optional numeric attribute, its `nil` values skipped.
    ///
    /// - Parameter keyPath: The optional attribute.
    /// - Returns: The aggregate.
    public static func sum<Value: QueryValueConvertible & Numeric>(
        _ keyPath: any KeyPath<Model, Value?> & Sendable
    ) -> Aggregate {
        Aggregate(.sum, AttributeKeyPath(keyPath))
    }

    /// The mean of a numeric attribute, as a `Double`.
    ///
    /// - Parameter keyPath: The attribute.
    /// - Returns: The aggregate.
    public static func average<Value: QueryValueConvertible & Numeric>(
        _ keyPath: any KeyPath<Model, Value> & Sendable
    ) -> Aggregate {
        Aggregate(.average, AttributeKeyPath(keyPath))
    }

    /// The mean of an optional numeric attribute, its `nil` values skipped.
    ///
    /// - Parameter keyPath: The optional attribute.
    /// - Returns: The aggregate.
    public static func average<Value: QueryValueConvertible & Numeric>(
        _ keyPath: any KeyPath<Model, Value?> & Sendable
    ) -> Aggregate {
        Aggregate(.average, AttributeKeyPath(keyPath))
    }

    /// The smallest value of an attribute, ordered as an ascending ``SortKey`` orders it:
    /// numbers by value, text by Unicode scalars, `false` before `true`, dates in time,
    /// enumerations by raw value.
    ///
    /// Bytes, collections and `UInt`/`UInt64` values (stored as text above `Int64.max`) are
    /// refused with ``QueryError/unsupported(operation:target:reason:)``.
    ///
    /// - Parameter keyPath: The attribute.
    /// - Returns: The aggregate.
    public static func minimum<Value: QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable
    ) -> Aggregate {
        Aggregate(.minimum, AttributeKeyPath(keyPath))
    }

    /// The smallest value of an optional attribute, its `nil` values skipped.
    ///
    /// - Parameter keyPath: The optional attribute.
    /// - Returns: The aggregate.
    public static func minimum<Value: QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value?> & Sendable
    ) -> Aggregate {
        Aggregate(.minimum, AttributeKeyPath(keyPath))
    }

    /// The largest value of an attribute, ordered as an ascending ``SortKey`` orders it (see
    /// ``minimum(_:)-(KeyPath<Model,Value>Sendable)``).
    ///
    /// - Parameter keyPath: The attribute.
    /// - Returns: The aggregate.
    public static func maximum<Value: QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable
    ) -> Aggregate {
        Aggregate(.maximum, AttributeKeyPath(keyPath))
    }

    /// The largest value of an optional attribute, its `nil` values skipped.
    ///
    /// - Parameter keyPath: The optional attribute.
    /// - Returns: The aggregate.
    public static func maximum<Value: QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value?> & Sendable
    ) -> Aggregate {
        Aggregate(.maximum, AttributeKeyPath(keyPath))
    }
}

extension Aggregate: CustomStringConvertible {
    /// The aggregate as it reads in messages: `count`, `sum(\Pokemon.attack)`.
    public var description: String {
        guard let keyPath else { return function.rawValue }
        return "\(function.rawValue)(\(keyPath))"
    }
}

/// How an aggregate's attribute adds up, decided once from its type.
enum AggregateOperand: Sendable {
    /// Integers, summed exactly.
    case integer
    /// Floating-point numbers.
    case real
    /// Values that are counted and ordered only.
    case ordered

    /// The operand kind of an aggregate, or the refusal of a sum or average of a type that is
    /// not a number the stores keep as a number.
    static func of<Model>(
        _ aggregate: Aggregate<Model>, target: QueryTarget
    ) throws(QueryError) -> AggregateOperand {
        guard let keyPath = aggregate.keyPath else { return .integer }
        let kind = SQLValueKind(of: keyPath.valueType)
        switch aggregate.function {
        case .count, .minimum, .maximum:
            guard keyPath.valueType is any QueryValueConvertible.Type else {
                throw .unsupported(
                    operation: aggregate.description, target: target,
                    reason: "\(keyPath.valueType) does not conform to QueryValueConvertible.")
            }
            let unordered: Set<SQLValueKind> = [.bytes, .other, .unsignedInteger, .jsonArray]
            if aggregate.function != .count, unordered.contains(kind) {
                throw .unsupported(
                    operation: aggregate.description, target: target,
                    reason: "\(keyPath.valueType) has no order every target shares.")
            }
            return .ordered
        case .sum, .average:
            if kind == .integer { return .integer }
            if kind == .real, !Self.holdsDate(keyPath.valueType) { return .real }
            throw .unsupported(
                operation: aggregate.description, target: target,
                reason: "\(keyPath.valueType) is not a number that every store keeps as a "
                    + "number (integers up to Int64, Double or Float).")
        }
    }

    static func holdsDate(_ type: Any.Type) -> Bool {
        if type is Date.Type { return true }
        if let optional = type as? any OptionalAttribute.Type {
            return holdsDate(optional.wrappedType)
        }
        return false
    }
}

/// What an ``Aggregate`` computes.
public enum AggregateFunction: String, Hashable, Sendable, Codable, CaseIterable {
    /// The number of records, or of values that are not `nil`.
    case count
    /// The sum of the values.
    case sum
    /// The mean of the values, as a `Double`.
    case average
    /// The smallest value.
    case minimum
    /// The largest value.
    case maximum
}
