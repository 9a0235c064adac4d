import Foundation

/// An ``AggregateQuery`` rendered for Core Data: the parts of an `NSFetchRequest` whose
/// `resultType` is `.dictionaryResultType`.
///
/// ```swift
/// let aggregation = try AggregateQuery<Pokemon>(
///     .count, .average(\.attack), groupedBy: [\.speciesID],
///     having: .comparing(.count, .greater, 3)
/// ).fetchAggregation()
/// let request = NSFetchRequest<NSDictionary>(entityName: "Pokemon")
/// request.resultType = .dictionaryResultType
/// request.predicate = aggregation.predicate.makePredicate()
/// request.propertiesToFetch = aggregation.groupAttributes + aggregation.properties.map {
///     let description = NSExpressionDescription()
///     description.name = $0.name
///     description.expression = NSExpression(format: $0.expressionFormat)
///     return description
/// }
/// request.propertiesToGroupBy = aggregation.groupAttributes
/// request.havingPredicate = aggregation.havingPredicate?.makePredicate()
/// request.sortDescriptors = aggregation.groupAttributes.map {
///     NSSortDescriptor(key: $0, ascending: true)
/// }
/// let rows = try aggregation.rows(from: dictionaries)   // each converted to QueryValues
/// ```
///
/// The condition on groups names each aggregate as a variable, `$aggregate0`, the name of its
/// expression description. Core Data sums integers with its store's sum, which fails when a
/// running total overflows where every other target checks only the exact total, so a sum or
/// average of integers is refused for Core Data, and so is a condition on the groups of a
/// query without groups (Core Data applies `havingPredicate` to groups only).
public struct FetchAggregation: Hashable, Sendable {
    /// One `NSExpressionDescription` of `propertiesToFetch`.
    public struct Property: Hashable, Sendable {
        /// The description's name, the key of its value in each result dictionary.
        ///
        /// The aggregates are named in order: `aggregate0`, `aggregate1`, …
        public let name: String
        /// The `NSExpression` function: `count:`, `sum:`, `average:`, `min:` or `max:`.
        public let function: String
        /// The attribute's name, or `nil` for a count of records (the evaluated object).
        public let attribute: String?
        /// The attribute type of the description's result: `integer64` for a count,
        /// `double` for a sum or average of floating-point numbers, or the attribute's own
        /// type (`attribute`) for a minimum or maximum.
        public let resultType: String

        /// The expression as an `NSExpression` format: `count:(SELF)`, `average:(attack)`.
        public var expressionFormat: String { "\(function)(\(attribute ?? "SELF"))" }
    }

    /// The grouping attributes' names: `propertiesToGroupBy`, fetched first, and the keys to
    /// sort by, ascending.
    public let groupAttributes: [String]
    /// The expression descriptions, the query's aggregates first, then those only the
    /// condition on groups compares.
    public let properties: [Property]
    /// The condition on records: the request's `predicate`.
    public let predicate: PredicateFormat
    /// The condition on groups: the request's `havingPredicate`, or `nil` for none.
    public let havingPredicate: PredicateFormat?

    let groupKeys: [AttributeKeyPath]
    let aggregates: [(AttributeKeyPath?, AggregateFunction)]
    let returned: Int

    /// Equal when every part Core Data reads is equal.
    public static func == (lhs: FetchAggregation, rhs: FetchAggregation) -> Bool {
        lhs.groupAttributes == rhs.groupAttributes && lhs.properties == rhs.properties
            && lhs.predicate == rhs.predicate && lhs.havingPredicate == rhs.havingPredicate
            && lhs.returned == rhs.returned
    }

    /// Hashes every part Core Data reads.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(groupAttributes)
        hasher.combine(properties)
        hasher.combine(predicate)
        hasher.combine(havingPredicate)
    }

    /// The query's rows from the dictionaries Core Data returned, their values converted to
    /// ``QueryValue``s (an absent key or `NSNull` as ``QueryValue/null``).
    ///
    /// - Parameter dictionaries: The result dictionaries, in the order fetched.
    /// - Returns: The rows, as ``AggregateQuery/apply(to:)`` gives them.
    /// - Throws: ``QueryError/invalidValue(_:attribute:expected:)`` for a value that is not
    ///   of its attribute's type.
    /// - Complexity: O(*r* × *c*) in the number of rows and columns.
    public func rows(from dictionaries: [[String: QueryValue]]) throws(QueryError)
        -> [AggregateRow]
    {
        var rows: [AggregateRow] = []
        for dictionary in dictionaries {
            var row = AggregateRow(values: [])
            for (name, keyPath) in zip(groupAttributes, groupKeys) {
                row.groupValues.append(try Self.value(dictionary[name], of: keyPath, name: name))
            }
            for (property, (keyPath, function)) in zip(properties, aggregates).prefix(returned) {
                let value = dictionary[property.name] ?? .null
                switch function {
                case .count: row.values.append(value.isNull ? .integer(0) : value)
                case .sum, .average:
                    if case .integer(let integer) = value {
                        row.values.append(.double(Double(integer)))
                    } else {
                        row.values.append(value)
                    }
                case .minimum, .maximum:
                    guard let keyPath else { row.values.append(value); continue }
                    row.values.append(try Self.value(value, of: keyPath, name: property.name))
                }
            }
            rows.append(row)
        }
        return rows
    }

    private static func value(
        _ value: QueryValue?, of keyPath: AttributeKeyPath, name: String
    ) throws(QueryError) -> QueryValue {
        guard let value, !value.isNull else { return .null }
        guard let type = keyPath.valueType as? any QueryValueConvertible.Type,
            let converted = type.representation(of: value)
        else {
            throw .invalidValue(value, attribute: name, expected: "\(keyPath.valueType)")
        }
        return converted
    }
}
