/// What to fetch: a condition, an order, and a page.
///
/// The name says what it is beside SwiftData's `@Query`: a file that imports both SwiftData
/// and this module can use each unqualified.
///
/// ```swift
/// // Fire types with attack at least 80 whose name begins with "char", ignoring case,
/// // best attack first, ten of them.
/// let query = RecordQuery<Pokemon>(
///     where: .contains(\.types, .fire)
///         && \.attack >= 80
///         && .hasPrefix(\.name, "char", options: .caseInsensitive),
///     sortedBy: [.descending(\.attack)],
///     limit: 10
/// )
/// let strongest = try query.apply(to: allPokemon)
/// ```
///
/// Values that compare equal on every sort key keep the order they came in, so a query
/// without sort keys returns values in their original order.
public struct RecordQuery<Model>: Hashable, Sendable {
    /// The condition values must satisfy.
    public var condition: Condition<Model>
    /// The sort keys, most significant first.
    public var sortKeys: [SortKey<Model>]
    /// The most values to return, or `nil` for all of them.
    public var limit: Int?
    /// How many values to skip, after sorting, before the first one returned.
    public var offset: Int

    /// Creates a query.
    ///
    /// - Parameters:
    ///   - condition: The condition values must satisfy; ``Condition/true`` by default.
    ///   - sortKeys: The sort keys, most significant first; none by default.
    ///   - limit: The most values to return; all by default.
    ///   - offset: How many values to skip before the first one returned; none by default.
    public init(
        where condition: Condition<Model> = .true,
        sortedBy sortKeys: [SortKey<Model>] = [],
        limit: Int? = nil,
        offset: Int = 0
    ) {
        self.condition = condition
        self.sortKeys = sortKeys
        self.limit = limit
        self.offset = offset
    }

    /// The query for every record, in the store's order: no condition, sort keys or page.
    ///
    /// ```swift
    /// let everything = try await store.fetch(.everyRecord)
    /// ```
    public static var everyRecord: RecordQuery { RecordQuery() }
}

/// Queries encode their condition and sort keys with attribute names, so a query can be saved
/// and sent (a saved search, say) and decoded against the same model.
extension RecordQuery: Codable where Model: Queryable {}
