import InternalSupport
import KeyPathQuery
import ModelStorage

/// Random aggregate queries on ``ConformanceRecord``: one to three aggregates, a random
/// condition from the whole grammar, up to two grouping keys (attributes, or the elements of
/// `tags`), and a condition on groups. Text is grouped and ordered (minimums and maximums of
/// names and nicknames, the elements of tags) only among exact texts, which every database
/// compares as `String` does.
extension QueryGenerator {
    typealias RecordAggregate = Described<Aggregate<ConformanceRecord>>

    /// An aggregate query.
    mutating func aggregateQuery() -> Described<AggregateQuery<ConformanceRecord>> {
        let aggregates = (0..<(1 + random.below(3))).map { _ in aggregate() }
        let condition = random.oneIn(3) ? Described(.true, ".true") : condition()
        var keys: [(GroupKey<ConformanceRecord>, String)] = []
        var pool: [(GroupKey<ConformanceRecord>, String)] = [
            (.attribute(\ConformanceRecord.favorite), ".attribute(\\.favorite)"),
            (.attribute(\ConformanceRecord.attack), ".attribute(\\.attack)"),
        ]
        if !isAdversarial {
            pool += [
                (.attribute(\ConformanceRecord.name), ".attribute(\\.name)"),
                (.attribute(\ConformanceRecord.nickname), ".attribute(\\.nickname)"),
                (.elements(of: \ConformanceRecord.tags), ".elements(of: \\.tags)"),
            ]
        }
        for _ in 0..<random.below(3) where !pool.isEmpty {
            keys.append(pool.remove(at: random.below(pool.count)))
        }
        let having = random.oneIn(2) ? Described(GroupCondition.true, ".true") : groupCondition()
        let query = AggregateQuery(
            aggregates.map(\.value), where: condition.value, groupedBy: keys.map(\.0),
            having: having.value)
        let spelled =
            "AggregateQuery(" + Self.list(aggregates.map(\.description)) + ", where: "
            + condition.description + ", groupedBy: " + Self.list(keys.map(\.1))
            + ", having: " + having.description + ")"
        return Described(query, spelled)
    }

    /// An aggregate of any kind on an attribute it applies to.
    mutating func aggregate() -> RecordAggregate {
        switch random.below(isAdversarial ? 9 : 11) {
        case 0: Described(.count, ".count")
        case 1: Described(.count(\.nickname), ".count(\\.nickname)")
        case 2: Described(.sum(\.attack), ".sum(\\.attack)")
        case 3: Described(.average(\.attack), ".average(\\.attack)")
        case 4: Described(.minimum(\.attack), ".minimum(\\.attack)")
        case 5: Described(.maximum(\.attack), ".maximum(\\.attack)")
        case 6: Described(.sum(\.id), ".sum(\\.id)")
        case 7: Described(.minimum(\.favorite), ".minimum(\\.favorite)")
        case 8: Described(.maximum(\.favorite), ".maximum(\\.favorite)")
        case 9: Described(.minimum(\.name), ".minimum(\\.name)")
        default: Described(.maximum(\.nickname), ".maximum(\\.nickname)")
        }
    }

    /// A condition on groups: comparisons of aggregates with numbers (or a Boolean, for the
    /// minimum and maximum of `favorite`), combined with `and`, `or` and `negated`.
    mutating func groupCondition(depth: Int = 0) -> Described<GroupCondition<ConformanceRecord>> {
        if depth < 2, random.oneIn(3) {
            let left = groupCondition(depth: depth + 1)
            let right = groupCondition(depth: depth + 1)
            switch random.below(3) {
            case 0:
                return Described(
                    left.value.and(right.value), "\(left.description).and(\(right.description))")
            case 1:
                return Described(
                    left.value.or(right.value), "\(left.description).or(\(right.description))")
            default: return Described(left.value.negated, "\(left.description).negated")
            }
        }
        let aggregate = aggregate()
        let comparison = random.pick(ComparisonOperator.allCases)
        let spelledComparison = ".\(comparison.rawValue)"
        switch aggregate.value.function {
        case .minimum where aggregate.description.contains("favorite"),
            .maximum where aggregate.description.contains("favorite"):
            let flag = random.oneIn(2)
            return Described(
                .comparing(aggregate.value, comparison, flag),
                ".comparing(\(aggregate.description), \(spelledComparison), \(flag))")
        case .minimum where aggregate.description.contains("name"),
            .maximum where aggregate.description.contains("name"):
            let text = random.pick(texts)
            return Described(
                .comparing(aggregate.value, comparison, text),
                ".comparing(\(aggregate.description), \(spelledComparison), "
                    + "\(Self.literal(text)))")
        default:
            if random.oneIn(4) {
                let number = Double(random.below(400)) / 4
                return Described(
                    .comparing(aggregate.value, comparison, number),
                    ".comparing(\(aggregate.description), \(spelledComparison), \(number))")
            }
            let number = random.below(200)
            return Described(
                .comparing(aggregate.value, comparison, number),
                ".comparing(\(aggregate.description), \(spelledComparison), \(number))")
        }
    }
}
