extension Condition where Model: Queryable {
    /// Renders the condition as an `NSPredicate` format string and its arguments.
    ///
    /// ```swift
    /// let condition: Condition<Pokemon> =
    ///     .contains(\.types, .fire) && .hasPrefix(\.name, "char", options: .caseInsensitive)
    /// let rendered = try condition.predicateFormat()
    /// rendered.format      // "ANY %K == %@ AND %K BEGINSWITH[c] %@"
    /// rendered.arguments   // ["types", "fire", "name", "char"] as QueryValues
    /// let predicate = rendered.makePredicate()      // Apple platforms
    /// ```
    ///
    /// Attribute names go to `%K` and values to `%@`, never into the format. The result means
    /// what the condition means in memory; <doc:OperatorsInEveryTarget> lists every operator's
    /// form and <doc:OneMeaningInEveryTarget> the few places where the format must differ
    /// from the obvious one to keep that meaning.
    ///
    /// - Returns: The format and its arguments.
    /// - Throws: ``QueryError``: ``QueryError/unmappedKeyPath(_:model:)`` for a key path
    ///   without an attribute name, ``QueryError/invalidRegularExpression(pattern:reason:)``
    ///   for a ``matches(_:_:options:)`` whose expression does not compile,
    ///   ``QueryError/unsupported(operation:target:reason:)`` for a collection test on an
    ///   attribute that is not an array or set, ``QueryError/invalidValue(_:attribute:expected:)``
    ///   for a decoded value that does not fit its attribute, and
    ///   ``QueryError/conditionTooDeep(depth:limit:)`` beyond ``maximumDepth``.
    /// - Complexity: O(*n*) in the size of the condition.
    public func predicateFormat() throws(QueryError) -> PredicateFormat {
        guard depth <= Self.maximumDepth else {
            throw .conditionTooDeep(depth: depth, limit: Self.maximumDepth)
        }
        let piece = try PredicateFormatRenderer().render(node, in: .model, level: 0)
        return PredicateFormat(format: piece.format, arguments: piece.arguments)
    }
}
