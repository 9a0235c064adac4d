/// A set of an attribute's values that an ordered index can find: one value, a range, or
/// the texts with a prefix.
///
/// Not nested in the generic ``Condition``: the stores' engine is not specialized for an
/// application's model, and an array of a type nested in a generic one is read through the
/// model's generic metadata.
package enum IndexRange: Hashable, Sendable {
    /// The values equal to this one.
    case equal(QueryValue)
    /// The values between two bounds, each given with whether it is included; `nil` for
    /// no bound on that side.
    case between(lower: Bound?, upper: Bound?)
    /// The texts that start with this text, compared exactly (no case or diacritic
    /// folding).
    case prefix(String)

    /// One end of a range.
    package struct Bound: Hashable, Sendable {
        /// The value at the end.
        package let value: QueryValue
        /// Whether the value itself is in the range.
        package let isIncluded: Bool
    }
}

extension Condition {
    /// The ranges of an attribute's values outside of which the condition never holds, when
    /// its top level says so; `nil` when a value it holds for may lie anywhere.
    ///
    /// A store that keeps an ordered index of the attribute looks the ranges up instead of
    /// scanning every record, and evaluates the whole condition on what it finds, so the
    /// ranges only have to hold every value the condition can hold for. They come from:
    ///
    /// - `attribute == value`, `attribute IN values` (one range a value, none for an empty
    ///   list), `<`, `<=`, `>`, `>=` and `BETWEEN`;
    /// - `hasPrefix` without text options;
    /// - an `&&` with at least one such clause (the clause with the fewest ranges, equalities
    ///   first);
    /// - an `||` whose every branch has ranges of the attribute (all their ranges);
    /// - ``false`` (no range).
    ///
    /// ``pinnedValues(of:)`` reads its values from these ranges, when every one is an
    /// `.equal`.
    ///
    /// A `nil` value never bounds a range: an attribute compared with `nil`, or a list that
    /// holds `nil`, gives none, nor does `!=` or a negation.
    ///
    /// - Parameter keyPath: The attribute, as the condition's key paths name it.
    /// - Returns: The ranges, or `nil` when a value the condition holds for may lie outside
    ///   every range the attribute's index can find.
    package func indexRanges(of keyPath: AnyKeyPath) -> [IndexRange]? {
        node.indexRanges(of: keyPath)
    }

    /// Whether the condition holds for a record exactly when the attribute equals one of the
    /// values of its ``indexRanges(of:)``: it is `attribute == value` or `attribute IN
    /// values`, with no `nil` among them, and nothing else.
    ///
    /// A store whose index finds exactly the records with those values then counts them
    /// without evaluating the condition on any record.
    ///
    /// - Parameter keyPath: The attribute, as the condition's key paths name it.
    /// - Returns: Whether the condition is only an equality or an `IN` on the attribute.
    package func isEquality(of keyPath: AnyKeyPath) -> Bool {
        switch node {
        case .comparison(let attribute, .equal, let value):
            attribute.keyPath == keyPath && !value.isNull
        case .oneOf(let attribute, let values):
            attribute.keyPath == keyPath && !values.contains(where: \.isNull)
        default:
            false
        }
    }

}

// On the node rather than the generic `Condition`, so that the engine's calls need no
// metadata of the model's condition type.
extension ConditionNode {
    fileprivate func indexRanges(of keyPath: AnyKeyPath) -> [IndexRange]? {
        switch self {
        case .constant(false):
            return []
        case .comparison(let attribute, let comparison, let value)
        where attribute.keyPath == keyPath && !value.isNull:
            let bound = IndexRange.Bound(
                value: value,
                isIncluded: comparison == .lessOrEqual || comparison == .greaterOrEqual)
            switch comparison {
            case .equal: return [.equal(value)]
            case .notEqual: return nil
            case .less, .lessOrEqual: return [.between(lower: nil, upper: bound)]
            case .greater, .greaterOrEqual: return [.between(lower: bound, upper: nil)]
            }
        case .between(let attribute, let lower, let upper)
        where attribute.keyPath == keyPath && !lower.isNull && !upper.isNull:
            return [
                .between(
                    lower: IndexRange.Bound(value: lower, isIncluded: true),
                    upper: IndexRange.Bound(value: upper, isIncluded: true))
            ]
        case .oneOf(let attribute, let values)
        where attribute.keyPath == keyPath && !values.contains(where: \.isNull):
            return values.map(IndexRange.equal)
        case .text(let attribute, .hasPrefix, let prefix, let options)
        where attribute.keyPath == keyPath && options.isEmpty:
            return [.prefix(prefix)]
        case .and(let children):
            var best: [IndexRange]?
            for child in children {
                guard let ranges = child.indexRanges(of: keyPath) else { continue }
                if let current = best, Self.rank(current) <= Self.rank(ranges) { continue }
                best = ranges
            }
            return best
        case .or(let children):
            var all: [IndexRange] = []
            for child in children {
                guard let ranges = child.indexRanges(of: keyPath) else { return nil }
                all += ranges
            }
            return all
        default:
            return nil
        }
    }

    /// How narrow ranges are likely to be, narrowest first: equalities by their number, then
    /// anything with a range or a prefix.
    private static func rank(_ ranges: [IndexRange]) -> Int {
        let isEqualities = ranges.allSatisfy {
            if case .equal = $0 { return true }
            return false
        }
        return isEqualities ? ranges.count : Int.max / 2 + ranges.count
    }
}
