/// What to compute over a model's records: aggregates (counts, sums, averages, minimums,
/// maximums) of the records a condition selects, at once or per group, and a condition on
/// the groups.
///
/// ```swift
/// // How many Pokémon each generation brought, and their average attack, for the
/// // generations with more than 100 of them.
/// let query = AggregateQuery<Pokemon>(
///     .count, .average(\.attack),
///     groupedBy: [\.generation],
///     having: .comparing(.count, .greater, 100))
/// let rows = try query.apply(to: allPokemon)
/// // [AggregateRow(groupValues: [.integer(1)], values: [.integer(151), .double(72.9…)]), …]
/// ```
///
/// The answer is the same in every target — in memory (``apply(to:)``), in SQLite and
/// PostgreSQL (``sqlStatement(from:options:)``), and in every store of ModelStorage,
/// which answers it in its database:
///
/// - Without groups, one row, even over no record: its counts are 0, its other
///   aggregates `nil` (as SQL gives them). ``having`` may then drop it.
/// - With groups, one row per distinct combination of the grouping attributes' values among
///   the selected records (`nil` a value of its own, as SQL groups `NULL`s); no row for a
///   group without records. Rows come in ascending order of the group values, compared as
///   ``SortKey/ascending(_:options:)-(KeyPath<Model,Value>Sendable,_)`` compares them, `nil`
///   first.
///
/// <doc:Aggregates> says what each aggregate means for `nil`, NaN, overflow and text.
public struct AggregateQuery<Model>: Hashable, Sendable {
    /// The aggregates to compute, in the order the rows give their values.
    public var aggregates: [Aggregate<Model>]

    /// The condition records must satisfy to be counted: SQL's `WHERE`.
    public var condition: Condition<Model>

    /// The attributes that group the records, in the order the rows give their values; none
    /// for one row over every selected record.
    var groupKeys: [AttributeKeyPath]

    /// The condition groups must satisfy to be returned: SQL's `HAVING`.
    public var having: GroupCondition<Model>

    /// Creates a query from a list of aggregates.
    ///
    /// - Parameters:
    ///   - aggregates: The aggregates to compute, in the order each row gives them.
    ///   - condition: The condition records must satisfy; every record by default.
    ///   - groupKeys: The attributes that group the records; none by default. Each must be a
    ///     ``QueryValueConvertible`` attribute of the model.
    ///   - having: The condition on the groups; every group by default.
    public init(
        _ aggregates: [Aggregate<Model>],
        where condition: Condition<Model> = .true,
        groupedBy groupKeys: [any PartialKeyPath<Model> & Sendable] = [],
        having: GroupCondition<Model> = .true
    ) {
        self.aggregates = aggregates
        self.condition = condition
        self.groupKeys = groupKeys.map { AttributeKeyPath($0) }
        self.having = having
    }

    /// Creates a query from aggregates written one after the other.
    ///
    /// ```swift
    /// let perType = AggregateQuery<Pokemon>(.count, .maximum(\.attack), groupedBy: [\.primaryType])
    /// ```
    ///
    /// - Parameters:
    ///   - aggregates: The aggregates to compute, in the order each row gives them.
    ///   - condition: The condition records must satisfy; every record by default.
    ///   - groupKeys: The attributes that group the records; none by default.
    ///   - having: The condition on the groups; every group by default.
    public init(
        _ aggregates: Aggregate<Model>...,
        where condition: Condition<Model> = .true,
        groupedBy groupKeys: [any PartialKeyPath<Model> & Sendable] = [],
        having: GroupCondition<Model> = .true
    ) {
        self.init(aggregates, where: condition, groupedBy: groupKeys, having: having)
    }

    /// Whether the query groups its records.
    public var isGrouped: Bool { !groupKeys.isEmpty }

    /// The grouping attributes' names, in order.
    ///
    /// - Returns: The names, as ``Queryable/queryAttributes`` maps them.
    /// - Throws: ``QueryError/unmappedKeyPath(_:model:)`` for a key path without a name.
    public func groupAttributeNames() throws(QueryError) -> [String] where Model: Queryable {
        var names: [String] = []
        for keyPath in groupKeys {
            names.append(try AttributeIndex.of(Model.self).name(for: keyPath))
        }
        return names
    }

    /// The aggregates the query computes: those it returns, then those only ``having``
    /// compares.
    var computedAggregates: [Aggregate<Model>] {
        aggregates + having.aggregates.filter { !aggregates.contains($0) }
    }
}
