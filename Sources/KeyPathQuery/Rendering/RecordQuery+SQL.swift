extension RecordQuery where Model: Queryable {
    /// Renders the query as SQLite `WHERE`, `ORDER BY` and `LIMIT` clauses.
    ///
    /// ```swift
    /// let query = RecordQuery<Pokemon>(
    ///     where: \.baseExperience != nil,
    ///     sortedBy: [.ascending(\.name), .ascending(\.id)],
    ///     limit: 20, offset: 40)
    /// let clauses = try query.sqlClauses()
    /// clauses.sql
    /// // WHERE "base_experience" IS NOT NULL
    /// // ORDER BY "name" ASC, "id" ASC LIMIT ? OFFSET ?
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
            orderByClause: try SQLOrderingRenderer.orderByClause(
                sortKeys, textFunctions: options.textFunctions),
            limitClause: try SQLOrderingRenderer.limitClause(limit: limit, offset: offset))
    }
}
