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
        // The pinned values are the index ranges when every one is a single value: the
        // ranges' walk picks an `&&`'s equality clause with the fewest values before any
        // other, and an `||` of ranges is all equalities only when every branch pins.
        guard let ranges = indexRanges(of: keyPath) else { return nil }
        var values: [QueryValue] = []
        values.reserveCapacity(ranges.count)
        for range in ranges {
            guard case .equal(let value) = range else { return nil }
            values.append(value)
        }
        return values
    }
}
