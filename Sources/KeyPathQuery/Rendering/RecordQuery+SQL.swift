extension RecordQuery where Model: Queryable {
    /// Renders the query as SQL `WHERE`, `ORDER BY` and `LIMIT` clauses: SQLite's by default,
    /// PostgreSQL's with ``SQLDialect/postgreSQL``.
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
    /// In PostgreSQL, the placeholders are numbered `$1`, `$2`, … through ``SQLClauses/sql``
    /// (the `WHERE` clause's first, then the page's), every sort term says where `NULL` goes,
    /// and text sorts with `COLLATE "C"`:
    ///
    /// ```swift
    /// let clauses = try query.sqlClauses(options: SQLOptions(dialect: .postgreSQL))
    /// // WHERE "base_experience" IS NOT NULL
    /// // ORDER BY "name" COLLATE "C" ASC NULLS FIRST, "id" ASC NULLS FIRST
    /// // LIMIT $1 OFFSET $2
    /// ```
    ///
    /// - Parameter options: The dialect (SQLite by default), and how dates are stored
    ///   (seconds since 1970 by default).
    /// - Returns: The clauses and their bindings.
    /// - Throws: ``QueryError``, as ``Condition/sqlExpression(options:)`` does, and
    ///   ``QueryError/invalidPagination(limit:offset:)`` for a negative limit or offset.
    /// - Complexity: O(*n*) in the size of the condition and the number of sort keys.
    public func sqlClauses(options: SQLOptions = SQLOptions()) throws(QueryError) -> SQLClauses {
        let expression = try condition.sqlExpression(options: options)
        var limitClause = try SQLOrderingRenderer.limitClause(
            limit: limit, offset: offset, dialect: options.dialect)
        if let page = limitClause {
            limitClause = SQLFragment(
                sql: SQLPlaceholders.number(
                    page.sql, from: expression.bindings.count + 1, in: options.dialect),
                bindings: page.bindings)
        }
        return SQLClauses(
            whereClause: SQLFragment(sql: "WHERE " + expression.sql, bindings: expression.bindings),
            orderByClause: try SQLOrderingRenderer.orderByClause(sortKeys, options: options),
            limitClause: limitClause)
    }
}
