extension Condition {
    /// The only values an attribute can have in a value the condition holds for, when the
    /// condition's top level says so; `nil` when it does not pin the attribute.
    ///
    /// A store answers a condition that pins its identifier by looking the values up, instead
    /// of scanning every record, and evaluates the whole condition on what it finds. The
    /// values pinned are those of:
    ///
    /// - `attribute == value` and `attribute IN values`;
    /// - an `&&` with at least one such clause (the clause with the fewest values);
    /// - an `||` whose every branch pins the attribute (all their values);
    /// - ``false`` (no value).
    ///
    /// Values may repeat; a `nil` value is never pinned.
    ///
    /// - Parameter keyPath: The attribute, as the condition's key paths name it.
    /// - Returns: The values, or `nil` when a value the condition holds for may have others.
    package func pinnedValues(of keyPath: AnyKeyPath) -> [QueryValue]? {
        Self.pinnedValues(in: node, of: keyPath)
    }

    private static func pinnedValues(in node: ConditionNode, of keyPath: AnyKeyPath)
        -> [QueryValue]?
    {
        switch node {
        case .constant(false):
            return []
        case .comparison(let attribute, .equal, let value)
        where attribute.keyPath == keyPath && !value.isNull:
            return [value]
        case .oneOf(let attribute, let values)
        where attribute.keyPath == keyPath && !values.contains(where: \.isNull):
            return values
        case .and(let children):
            var fewest: [QueryValue]?
            for child in children {
                guard let values = pinnedValues(in: child, of: keyPath) else { continue }
                if values.count < fewest?.count ?? .max { fewest = values }
            }
            return fewest
        case .or(let children):
            var all: [QueryValue] = []
            for child in children {
                guard let values = pinnedValues(in: child, of: keyPath) else { return nil }
                all += values
            }
            return all
        default:
            return nil
        }
    }
}
