/// A clause that compares one `Int` attribute, stored in place, with a value, as the range
/// of values that satisfy it: a scan tests it with a load and two comparisons, without
/// calling the clause's closure.
///
/// `== b` is `b...b`, `< b` is `Int.min...(b - 1)`, `!= b` is `b...b` negated, and `between`
/// is its own bounds; a comparison that no `Int` satisfies (`< Int.min`) is an empty range.
struct StoredIntegerRange: Sendable {
    /// The attribute's byte offset in the model.
    let offset: Int
    let lower: Int
    let upper: Int
    /// Whether the clause holds outside the range rather than inside (`!=`).
    let isNegated: Bool

    /// The range of `attribute comparison bound`.
    init(offset: Int, _ comparison: ComparisonOperator, _ bound: Int) {
        self.offset = offset
        isNegated = comparison == .notEqual
        switch comparison {
        case .equal, .notEqual: (lower, upper) = (bound, bound)
        case .lessOrEqual: (lower, upper) = (.min, bound)
        case .greaterOrEqual: (lower, upper) = (bound, .max)
        case .less: (lower, upper) = bound == .min ? (1, 0) : (.min, bound - 1)
        case .greater: (lower, upper) = bound == .max ? (1, 0) : (bound + 1, .max)
        }
    }

    /// `lower...upper`, empty when `upper < lower`.
    init(offset: Int, lower: Int, upper: Int) {
        self.offset = offset
        self.lower = lower
        self.upper = upper
        isNegated = false
    }

    /// Whether the model at `model` satisfies the clause.
    @inline(__always)
    func contains(_ model: UnsafeRawPointer) -> Bool {
        let value = model.load(fromByteOffset: offset, as: Int.self)
        return (value >= lower && value <= upper) != isNegated
    }
}

extension ConditionCompiler {
    /// The clause as a ``StoredIntegerRange``, when it compares (or bounds) an `Int`
    /// attribute stored at `offset` with `Int` values; `nil` otherwise, and the scan calls
    /// the clause's closure.
    static func storedIntegerRange(of node: ConditionNode, offset: Int?) -> StoredIntegerRange? {
        guard let offset else { return nil }
        switch node {
        case .comparison(let keyPath, let comparison, let operand):
            guard keyPath.valueType == Int.self, let bound = Int(queryValue: operand) else {
                return nil
            }
            return StoredIntegerRange(offset: offset, comparison, bound)
        case .between(let keyPath, let lower, let upper):
            guard keyPath.valueType == Int.self, let lower = Int(queryValue: lower),
                let upper = Int(queryValue: upper)
            else { return nil }
            return StoredIntegerRange(offset: offset, lower: lower, upper: upper)
        default:
            return nil
        }
    }
}
