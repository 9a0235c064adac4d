// `attribute IN {values}` with many values, on a native attribute: one lookup in a set of the
// values instead of one comparison per value. Native types' `==` and hashing agree with the
// equality the comparisons use (String by canonical equivalence, 0.0 == -0.0, NaN equal to
// nothing), so the meaning is that of the disjunction of equalities.

extension ComparisonCompiler {
    /// The number of values from which a membership test uses a set.
    static let membershipSetThreshold = 8

    /// A membership test through a set of the values, or `nil` when the attribute is not
    /// native (or optional native) or the values are few.
    static func compileMembership<Root>(
        _ keyPath: AttributeKeyPath, _ values: [QueryValue], as _: Root.Type
    ) throws(QueryError) -> ModelPredicate<Root>? {
        guard values.count >= membershipSetThreshold else { return nil }
        let valueType = keyPath.valueType
        if let native = valueType as? any NativeQueryValue.Type {
            return try native.compileMembership(keyPath, values, as: Root.self)
        }
        if let optional = valueType as? any OptionalQueryValue.Type {
            return try optional.compileOptionalMembership(keyPath, values, as: Root.self)?.test
        }
        return nil
    }
}

extension NativeQueryValue {
    static func compileMembership<Root>(
        _ keyPath: AttributeKeyPath, _ values: [QueryValue], as _: Root.Type
    ) throws(QueryError) -> ModelPredicate<Root> {
        let reader = try keyPath.reader(Root.self, Self.self)
        let set = try bounds(values, for: keyPath)
        return { set.contains(reader.read($0)) }
    }

    static func compileOptionalMembership<Root>(
        wrapping keyPath: AttributeKeyPath, _ values: [QueryValue], as _: Root.Type
    ) throws(QueryError) -> ModelPredicate<Root> {
        let reader = try keyPath.reader(Root.self, Self?.self)
        let set = try bounds(values, for: keyPath)
        let matchesNil = values.contains(where: \.isNull)
        return { root in
            guard let value = reader.read(root) else { return matchesNil }
            return set.contains(value)
        }
    }

    /// The values, converted as comparisons convert them; `nil` left out.
    private static func bounds(
        _ values: [QueryValue], for keyPath: AttributeKeyPath
    ) throws(QueryError) -> Set<Self> {
        var set: Set<Self> = []
        set.reserveCapacity(values.count)
        for value in values where !value.isNull {
            set.insert(try converting(value, for: keyPath))
        }
        return set
    }
}

extension Optional {
    /// A membership test on an optional native attribute, or `nil` when the wrapped type is
    /// not native.
    static func compileOptionalMembership<Root>(
        _ keyPath: AttributeKeyPath, _ values: [QueryValue], as _: Root.Type
    ) throws(QueryError) -> PredicateBox<Root>? {
        guard let native = Wrapped.self as? any NativeQueryValue.Type else { return nil }
        return PredicateBox(
            test: try native.compileOptionalMembership(wrapping: keyPath, values, as: Root.self))
    }
}
