extension Condition where Model: Queryable {
    /// Renders the condition as an SQLite boolean expression, for a `WHERE` clause.
    ///
    /// ```swift
    /// let condition: Condition<Pokemon> = .contains(\.types, .fire) && \.attack >= 80
    /// let fragment = try condition.sqlExpression()
    /// fragment.sql
    /// // EXISTS (SELECT 1 FROM json_each("types") AS e1 WHERE e1.value = ?) AND "attack" >= ?
    /// fragment.bindings    // [.text("fire"), .integer(80)]
    /// ```
    ///
    /// Each attribute is the column of its name, quoted; a nested attribute such as
    /// `\.session.name` is the column `"session.name"`; arrays and sets are JSON arrays in a
    /// TEXT column. Values are always bindings. The expression selects exactly the rows whose
    /// values satisfy the condition in memory: <doc:OneMeaningInEveryTarget> says how, and
    /// <doc:OperatorsInEveryTarget> lists every operator's SQL.
    ///
    /// - Parameter options: How dates are stored; seconds since 1970 by default.
    /// - Returns: The expression and its bindings.
    /// - Throws: ``QueryError``: ``QueryError/unsupported(operation:target:reason:)`` for what
    ///   SQLite cannot express with the same meaning — ``matches(_:_:options:)``,
    ///   ``TextOptions/diacriticInsensitive``, ``TextOptions/caseInsensitive`` with an operand
    ///   outside ASCII, a `like` pattern holding NUL, an unsigned integer above `Int64.max`,
    ///   NaN, bytes inside JSON; ``QueryError/unmappedKeyPath(_:model:)`` for a key path without
    ///   an attribute name; ``QueryError/invalidValue(_:attribute:expected:)`` for a decoded
    ///   value that does not fit its attribute; and ``QueryError/conditionTooDeep(depth:limit:)``
    ///   beyond ``maximumDepth``.
    /// - Complexity: O(*n*) in the size of the condition.
    public func sqlExpression(options: SQLOptions = SQLOptions()) throws(QueryError) -> SQLFragment
    {
        guard depth <= Self.maximumDepth else {
            throw .conditionTooDeep(depth: depth, limit: Self.maximumDepth)
        }
        let piece = try SQLConditionRenderer(options: options).render(node, in: .row, level: 0)
        return SQLFragment(sql: piece.sql, bindings: piece.bindings)
    }
}

extension Query where Model: Queryable {
    /// Renders the query as SQLite `WHERE`, `ORDER BY` and `LIMIT` clauses.
    ///
    /// ```swift
    /// let query = Query<Pokemon>(
    ///     where: \.baseExperience != nil,
    ///     sortedBy: [.ascending(\.name, caseInsensitive: true), .ascending(\.id)],
    ///     limit: 20, offset: 40)
    /// let clauses = try query.sqlClauses()
    /// clauses.sql
    /// // WHERE "base_experience" IS NOT NULL
    /// // ORDER BY "name" COLLATE NOCASE ASC, "id" ASC LIMIT ? OFFSET ?
    /// clauses.bindings     // [.integer(20), .integer(40)]
    /// ```
    ///
    /// The rows come back in the order ``apply(to:)`` gives in memory, provided the sort
    /// keys end with a unique attribute (such as `id`): memory keeps ties in their original
    /// order, while SQLite's order of ties is unspecified.
    ///
    /// - Parameter options: How dates are stored; seconds since 1970 by default.
    /// - Returns: The clauses and their bindings.
    /// - Throws: ``QueryError``, as ``Condition/sqlExpression(options:)`` does, and
    ///   ``QueryError/invalidPagination(limit:offset:)`` for a negative limit or offset.
    /// - Complexity: O(*n*) in the size of the condition and the number of sort keys.
    public func sqlClauses(options: SQLOptions = SQLOptions()) throws(QueryError) -> SQLClauses {
        let expression = try condition.sqlExpression(options: options)
        return SQLClauses(
            whereClause: SQLFragment(sql: "WHERE " + expression.sql, bindings: expression.bindings),
            orderByClause: try SQLOrderingRenderer.orderByClause(sortKeys),
            limitClause: try SQLOrderingRenderer.limitClause(limit: limit, offset: offset))
    }
}
