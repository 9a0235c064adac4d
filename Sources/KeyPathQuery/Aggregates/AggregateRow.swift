/// One row of an ``AggregateQuery``'s answer: a group's attribute values and its aggregates.
///
/// ```swift
/// let rows = try AggregateQuery<Pokemon>(.count, .average(\.attack), groupedBy: [\.speciesID])
///     .apply(to: allPokemon)
/// for row in rows {
///     print(row.groupValues[0], row.values[0], row.values[1])   // 1 1 49.0
/// }
/// ```
///
/// Values are ``QueryValue``s: a count is ``QueryValue/integer(_:)``, a sum of integers
/// ``QueryValue/integer(_:)`` and of floating-point numbers ``QueryValue/double(_:)``, an
/// average ``QueryValue/double(_:)``, a minimum or maximum the attribute's own representation
/// (``QueryValueConvertible/queryValue``); an aggregate over no value is ``QueryValue/null``.
public struct AggregateRow: Hashable, Sendable, Codable {
    /// The group's value of each grouping attribute, in the query's order; empty for a query
    /// without groups.
    public var groupValues: [QueryValue]

    /// The value of each aggregate, in the query's order.
    public var values: [QueryValue]

    /// Creates a row.
    ///
    /// - Parameters:
    ///   - groupValues: The group's values of the grouping attributes.
    ///   - values: The aggregates' values.
    public init(groupValues: [QueryValue] = [], values: [QueryValue]) {
        self.groupValues = groupValues
        self.values = values
    }
}
