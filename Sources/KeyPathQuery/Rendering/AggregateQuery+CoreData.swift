extension AggregateQuery where Model: Queryable {
    /// Renders the query for a Core Data fetch request of dictionaries: expression
    /// descriptions, `propertiesToGroupBy`, `predicate` and `havingPredicate`.
    ///
    /// ```swift
    /// let aggregation = try AggregateQuery<Pokemon>(
    ///     .count, .maximum(\.attack), groupedBy: [\.speciesID],
    ///     having: .comparing(.count, .greater, 3)
    /// ).fetchAggregation()
    /// aggregation.properties.map(\.expressionFormat)   // ["count:(SELF)", "max:(attack)"]
    /// aggregation.havingPredicate?.format              // "$aggregate0 > %@"
    /// ```
    ///
    /// A comparison on groups with `.notEqual` is written `($aggregate0 != nil AND
    /// $aggregate0 != %@)`, since `NSPredicate` holds `nil != value` where every other target
    /// says false.
    ///
    /// - Returns: The parts of the fetch request.
    /// - Throws: ``QueryError``, as ``Condition/predicateFormat()`` does;
    ///   ``QueryError/unsupported(operation:target:reason:)`` for a sum or average of integers
    ///   (Core Data's sum fails when a running total overflows), for a condition on groups of
    ///   a query without groups, for a group by the elements of an array
    ///   (``GroupKey/elements(of:)``: `propertiesToGroupBy` takes attributes only), and for
    ///   what no target computes (see ``sqlStatement(from:options:)``).
    /// - Complexity: O(*n*) in the size of the conditions and the number of aggregates.
    public func fetchAggregation() throws(QueryError) -> FetchAggregation {
        guard isGrouped || having.isAlwaysTrue else {
            throw .unsupported(
                operation: "a condition on the groups of a query without groups",
                target: .predicateFormat,
                reason: "Core Data applies havingPredicate to propertiesToGroupBy only.")
        }
        if let key = groupKeys.first(where: \.groupsElements) {
            throw .unsupported(
                operation: "a group by \(key)", target: .predicateFormat,
                reason: "Core Data's propertiesToGroupBy groups by attributes only, not by the "
                    + "elements of an array.")
        }
        let computed = computedAggregates
        var properties: [FetchAggregation.Property] = []
        for (index, aggregate) in computed.enumerated() {
            properties.append(try Self.property(aggregate, named: "aggregate\(index)"))
        }
        let having: PredicateFormat? =
            having.isAlwaysTrue
            ? nil
            : try Self.format(having.node) { aggregate in
                "$aggregate\(computed.firstIndex(of: aggregate) ?? 0)"
            }
        return FetchAggregation(
            groupAttributes: try groupAttributeNames(), properties: properties,
            predicate: try condition.predicateFormat(), havingPredicate: having,
            groupKeys: groupKeys.map(\.keyPath),
            aggregates: computed.map { ($0.keyPath, $0.function) },
            returned: aggregates.count)
    }

    private static func property(
        _ aggregate: Aggregate<Model>, named name: String
    ) throws(QueryError) -> FetchAggregation.Property {
        let operand = try AggregateOperand.of(aggregate, target: .predicateFormat)
        if operand == .integer, aggregate.function == .sum || aggregate.function == .average {
            throw .unsupported(
                operation: aggregate.description, target: .predicateFormat,
                reason: "Core Data sums integers with its store's sum, which fails when a "
                    + "running total overflows; every other target checks only the exact "
                    + "total. Compute it in a store, or in memory.")
        }
        let attribute = try aggregate.keyPath.map { (keyPath) throws(QueryError) in
            try RenderingChecks.name(of: keyPath)
        }
        let (function, resultType): (String, String) =
            switch aggregate.function {
            case .count: ("count:", "integer64")
            case .sum: ("sum:", "double")
            case .average: ("average:", "double")
            case .minimum: ("min:", "attribute")
            case .maximum: ("max:", "attribute")
            }
        return FetchAggregation.Property(
            name: name, function: function, attribute: attribute, resultType: resultType)
    }

    /// The condition on groups as a predicate format over the descriptions' variables.
    private static func format(
        _ node: GroupCondition<Model>.Node, variable: (Aggregate<Model>) -> String
    ) throws(QueryError) -> PredicateFormat {
        switch node {
        case .constant(let value):
            return PredicateFormat(
                format: value ? "TRUEPREDICATE" : "FALSEPREDICATE", arguments: [])
        case .not(let inner):
            let inner = try format(inner, variable: variable)
            return PredicateFormat(format: "NOT (\(inner.format))", arguments: inner.arguments)
        case .and(let nodes), .or(let nodes):
            let joiner = if case .and = node { " AND " } else { " OR " }
            var parts: [String] = []
            var arguments: [QueryValue] = []
            for node in nodes {
                let part = try format(node, variable: variable)
                parts.append(part.format)
                arguments += part.arguments
            }
            return PredicateFormat(
                format: "(" + parts.joined(separator: joiner) + ")", arguments: arguments)
        case .comparison(let aggregate, let comparison, let value):
            let never = PredicateFormat(format: "FALSEPREDICATE", arguments: [])
            let name = variable(aggregate)
            var operand = value
            switch aggregate.function {
            case .count, .sum, .average:
                switch value {
                case .integer: break
                case .double(let number) where !number.isNaN: break
                default: return never
                }
            case .minimum, .maximum:
                guard let type = aggregate.keyPath?.valueType as? any QueryValueConvertible.Type,
                    let converted = type.representation(of: value), !converted.isNull
                else { return never }
                operand = converted
            }
            if comparison == .notEqual {
                return PredicateFormat(
                    format: "(\(name) != nil AND \(name) != %@)", arguments: [operand])
            }
            return PredicateFormat(
                format: "\(name) \(comparison.symbol) %@", arguments: [operand])
        }
    }
}
