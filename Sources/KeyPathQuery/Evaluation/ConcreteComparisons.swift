/// Comparison closures for the commonest attribute types, written out for each concrete
/// type so that nothing generic is left in them but the model: the read is one load at a
/// fixed offset and the compare one machine instruction, rather than witness-table calls.
///
/// (A generic helper would not do: Swift does not specialize a closure over its value type
/// while its model type stays generic.)
enum ConcreteComparisons {
    static func make<Root, Value>(
        _ reader: AttributeReader<Root, Value>, _ comparison: ComparisonOperator, _ bound: Value
    ) -> PredicateBox<Root>? {
        if let reader = reader as? AttributeReader<Root, Int>, let bound = bound as? Int {
            return PredicateBox(test: int(reader, comparison, bound))
        }
        if let reader = reader as? AttributeReader<Root, Double>, let bound = bound as? Double {
            return PredicateBox(test: double(reader, comparison, bound))
        }
        if let reader = reader as? AttributeReader<Root, String>, let bound = bound as? String {
            return PredicateBox(test: string(reader, comparison, bound))
        }
        return nil
    }

    private static func int<Root>(
        _ reader: AttributeReader<Root, Int>, _ comparison: ComparisonOperator, _ bound: Int
    ) -> ModelPredicate<Root> {
        switch comparison {
        case .equal: { reader.read($0) == bound }
        case .notEqual: { reader.read($0) != bound }
        case .less: { reader.read($0) < bound }
        case .lessOrEqual: { reader.read($0) <= bound }
        case .greater: { reader.read($0) > bound }
        case .greaterOrEqual: { reader.read($0) >= bound }
        }
    }

    private static func double<Root>(
        _ reader: AttributeReader<Root, Double>, _ comparison: ComparisonOperator, _ bound: Double
    ) -> ModelPredicate<Root> {
        switch comparison {
        case .equal: { reader.read($0) == bound }
        case .notEqual: { reader.read($0) != bound }
        case .less: { reader.read($0) < bound }
        case .lessOrEqual: { reader.read($0) <= bound }
        case .greater: { reader.read($0) > bound }
        case .greaterOrEqual: { reader.read($0) >= bound }
        }
    }

    private static func string<Root>(
        _ reader: AttributeReader<Root, String>, _ comparison: ComparisonOperator, _ bound: String
    ) -> ModelPredicate<Root> {
        // Read in place: a copy of each record's text would retain and release its storage.
        switch comparison {
        case .equal: { reader.withValue(at: $0) { $0 == bound } }
        case .notEqual: { reader.withValue(at: $0) { $0 != bound } }
        case .less: { reader.withValue(at: $0) { $0 < bound } }
        case .lessOrEqual: { reader.withValue(at: $0) { $0 <= bound } }
        case .greater: { reader.withValue(at: $0) { $0 > bound } }
        case .greaterOrEqual: { reader.withValue(at: $0) { $0 >= bound } }
        }
    }

    /// `== true`, `== false` and their negations on a `Bool` attribute.
    static func bool<Root>(
        _ reader: AttributeReader<Root, Bool>, _ comparison: ComparisonOperator, _ bound: Bool
    ) -> PredicateBox<Root>? {
        switch comparison {
        case .equal: PredicateBox { reader.read($0) == bound }
        case .notEqual: PredicateBox { reader.read($0) != bound }
        default: nil
        }
    }

    /// Comparisons on an optional `Int` attribute, `nil` handled first.
    static func optionalInt<Root>(
        _ reader: AttributeReader<Root, Int?>, _ comparison: ComparisonOperator, _ bound: Int
    ) -> ModelPredicate<Root> {
        switch comparison {
        case .equal: { reader.read($0) == bound }
        case .notEqual: { reader.read($0) != bound }
        case .less: { reader.read($0).map { $0 < bound } ?? false }
        case .lessOrEqual: { reader.read($0).map { $0 <= bound } ?? false }
        case .greater: { reader.read($0).map { $0 > bound } ?? false }
        case .greaterOrEqual: { reader.read($0).map { $0 >= bound } ?? false }
        }
    }
}
