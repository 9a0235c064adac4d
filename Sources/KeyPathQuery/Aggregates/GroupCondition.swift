/// A condition on the groups of an ``AggregateQuery`` — SQL's `HAVING`: it compares the
/// groups' aggregates with values, and keeps the groups that satisfy it.
///
/// ```swift
/// // Types with more than 50 Pokémon whose average attack is at least 80.
/// let query = AggregateQuery<Pokemon>(
///     .count, .average(\.attack),
///     groupedBy: [.elements(of: \.types)],
///     having: .comparing(.count, .greater, 50)
///         .and(.comparing(.average(\.attack), .greaterOrEqual, 80)))
/// ```
///
/// A comparison with an aggregate that is `nil` (the sum, average, minimum or maximum of a
/// group without a value) is false, `.notEqual` included, as it is in SQL. A sum of integers
/// compares exactly, even where it does not fit in `Int64`. Values compare as
/// ``QueryValue`` orders them: numbers by value (integers and doubles together), text by
/// Unicode scalars, dates in time.
public struct GroupCondition<Model>: Hashable, Sendable {
    indirect enum Node: Hashable, Sendable {
        case constant(Bool)
        case comparison(Aggregate<Model>, ComparisonOperator, QueryValue)
        case not(Node)
        case and([Node])
        case or([Node])
    }

    let node: Node

    init(_ node: Node) {
        self.node = node
    }

    /// The condition every group satisfies: no `HAVING`.
    public static var `true`: GroupCondition { GroupCondition(.constant(true)) }

    /// Compares an aggregate of each group with a value.
    ///
    /// ```swift
    /// let crowded: GroupCondition<Pokemon> = .comparing(.count, .greaterOrEqual, 10)
    /// ```
    ///
    /// - Parameters:
    ///   - aggregate: The aggregate, computed per group (it need not be one the query
    ///     returns).
    ///   - comparison: The comparison.
    ///   - value: The value to compare with: a number for counts, sums and averages, a value
    ///     of the attribute for minimums and maximums.
    /// - Returns: The condition.
    public static func comparing(
        _ aggregate: Aggregate<Model>, _ comparison: ComparisonOperator,
        _ value: some QueryValueConvertible
    ) -> GroupCondition {
        GroupCondition(.comparison(aggregate, comparison, value.queryValue))
    }

    /// The groups that satisfy both this condition and another.
    ///
    /// - Parameter other: The other condition.
    /// - Returns: The conjunction.
    public func and(_ other: GroupCondition) -> GroupCondition {
        switch (node, other.node) {
        case (.constant(true), _): other
        case (_, .constant(true)): self
        case (.and(let left), .and(let right)): GroupCondition(.and(left + right))
        case (.and(let left), let right): GroupCondition(.and(left + [right]))
        default: GroupCondition(.and([node, other.node]))
        }
    }

    /// The groups that satisfy this condition, another, or both.
    ///
    /// - Parameter other: The other condition.
    /// - Returns: The disjunction.
    public func or(_ other: GroupCondition) -> GroupCondition {
        switch (node, other.node) {
        case (.or(let left), .or(let right)): GroupCondition(.or(left + right))
        case (.or(let left), let right): GroupCondition(.or(left + [right]))
        default: GroupCondition(.or([node, other.node]))
        }
    }

    /// The groups that do not satisfy this condition.
    public var negated: GroupCondition { GroupCondition(.not(node)) }

    /// Whether the condition keeps every group.
    public var isAlwaysTrue: Bool { node == .constant(true) }

    /// Every aggregate the condition compares, in order, each once.
    var aggregates: [Aggregate<Model>] {
        var found: [Aggregate<Model>] = []
        func visit(_ node: Node) {
            switch node {
            case .constant: break
            case .comparison(let aggregate, _, _):
                if !found.contains(aggregate) { found.append(aggregate) }
            case .not(let inner): visit(inner)
            case .and(let nodes), .or(let nodes): nodes.forEach(visit)
            }
        }
        visit(node)
        return found
    }
}
