/// What to compute over a model's records: aggregates (counts, sums, averages, minimums,
/// maximums) of the records a condition selects, at once or per group, and a condition on
/// the groups.
///
/// ```swift
/// // How many Pokémon each species has (its forms), and their average attack, for the
/// // species with more than 3 of them.
/// let query = AggregateQuery<Pokemon>(
///     .count, .average(\.attack),
///     groupedBy: [\.speciesID],
///     having: .comparing(.count, .greater, 3))
/// let rows = try query.apply(to: allPokemon)
/// // [AggregateRow(groupValues: [.integer(6)], values: [.integer(4), .double(100.5)]), …]
/// ```
///
/// A query may also group by each element of an array attribute (``GroupKey/elements(of:)``):
///
/// ```swift
/// let perType = AggregateQuery<Pokemon>(.count, groupedBy: [.elements(of: \.types)])
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
/// - Grouped by the elements of an array (``GroupKey/elements(of:)``), a record is in the
///   group of each distinct element of its array, once, and in none when its array is empty.
///
/// <doc:Aggregates> says what each aggregate means for `nil`, NaN, overflow and text.
public struct AggregateQuery<Model>: Hashable, Sendable {
    /// The aggregates to compute, in the order the rows give their values.
    public var aggregates: [Aggregate<Model>]

    /// The condition records must satisfy to be counted: SQL's `WHERE`.
    public var condition: Condition<Model>

    /// What groups the records, in the order the rows give their values; none for one row
    /// over every selected record.
    var groupKeys: [GroupKey<Model>]

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
        self.groupKeys = groupKeys.map { GroupKey.attribute($0) }
        self.having = having
    }

    /// Creates a query grouped by attributes or by the elements of array attributes.
    ///
    /// ```swift
    /// // The Pokémon of each type, and their average speed.
    /// let perType = AggregateQuery<Pokemon>(
    ///     [.count, .average(\.speed)], groupedBy: [.elements(of: \.types)])
    /// ```
    ///
    /// - Parameters:
    ///   - aggregates: The aggregates to compute, in the order each row gives them.
    ///   - condition: The condition records must satisfy; every record by default.
    ///   - groupKeys: What groups the records: ``GroupKey/attribute(_:)`` or
    ///     ``GroupKey/elements(of:)``.
    ///   - having: The condition on the groups; every group by default.
    public init(
        _ aggregates: [Aggregate<Model>],
        where condition: Condition<Model> = .true,
        groupedBy groupKeys: [GroupKey<Model>],
        having: GroupCondition<Model> = .true
    ) {
        self.aggregates = aggregates
        self.condition = condition
        self.groupKeys = groupKeys
        self.having = having
    }

    /// Creates a query from aggregates written one after the other, grouped by attributes
    /// or by the elements of array attributes.
    ///
    /// ```swift
    /// let perType = AggregateQuery<Pokemon>(
    ///     .count, .average(\.hp), groupedBy: [.elements(of: \.types)])
    /// ```
    ///
    /// - Parameters:
    ///   - aggregates: The aggregates to compute, in the order each row gives them.
    ///   - condition: The condition records must satisfy; every record by default.
    ///   - groupKeys: What groups the records.
    ///   - having: The condition on the groups; every group by default.
    public init(
        _ aggregates: Aggregate<Model>...,
        where condition: Condition<Model> = .true,
        groupedBy groupKeys: [GroupKey<Model>],
        having: GroupCondition<Model> = .true
    ) {
        self.init(aggregates, where: condition, groupedBy: groupKeys, having: having)
    }

    /// Creates a query from aggregates written one after the other.
    ///
    /// ```swift
    /// let perSpecies = AggregateQuery<Pokemon>(.count, .maximum(\.attack), groupedBy: [\.speciesID])
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

    /// Whether the query groups by the elements of an array attribute
    /// (``GroupKey/elements(of:)``).
    public var groupsByElements: Bool { groupKeys.contains(where: \.groupsElements) }

    /// The grouping attributes' names, in order: for a key that groups by elements, the
    /// array attribute's.
    ///
    /// - Returns: The names, as ``Queryable/queryAttributes`` maps them.
    /// - Throws: ``QueryError/unmappedKeyPath(_:model:)`` for a key path without a name.
    public func groupAttributeNames() throws(QueryError) -> [String] where Model: Queryable {
        var names: [String] = []
        for key in groupKeys {
            names.append(try AttributeIndex.of(Model.self).name(for: key.keyPath))
        }
        return names
    }

    /// The aggregates the query computes: those it returns, then those only ``having``
    /// compares.
    var computedAggregates: [Aggregate<Model>] {
        aggregates + having.aggregates.filter { !aggregates.contains($0) }
    }
}
