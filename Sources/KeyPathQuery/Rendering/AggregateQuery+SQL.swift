extension AggregateQuery where Model: Queryable {
    /// Renders the query as one SQL `SELECT` over a table: SQLite's by default, PostgreSQL's
    /// with ``SQLDialect/postgreSQL``.
    ///
    /// ```swift
    /// let statement = try AggregateQuery<Pokemon>(
    ///     .count, .maximum(\.name), groupedBy: [\.generation],
    ///     having: .comparing(.count, .greater, 100)
    /// ).sqlStatement(from: "pokemon")
    /// statement.sql
    /// // SELECT "generation", count(*), max("name") FROM "pokemon" WHERE 1
    /// // GROUP BY "generation" HAVING count(*) > ? ORDER BY "generation" ASC
    /// statement.bindings   // [.integer(100)]
    /// ```
    ///
    /// The condition renders as ``Condition/sqlExpression(options:)`` renders it, and the
    /// statement computes every aggregate in the database: the rows it returns are the groups
    /// that satisfy ``having``, in order. ``SQLAggregateStatement/rows(from:)`` reads them into
    /// the rows ``apply(to:)`` returns in memory. Text is grouped, ordered and compared with
    /// the dialect's collation (or the registered collation of ``SQLOptions/textFunctions``),
    /// as sort keys are.
    ///
    /// - Parameters:
    ///   - table: The table's name, unquoted; its columns are ``Queryable/sqlColumns()``.
    ///   - options: The dialect (SQLite by default), and how dates are stored.
    /// - Returns: The statement, its bindings, and how to read its rows.
    /// - Throws: ``QueryError``, as ``Condition/sqlExpression(options:)`` does;
    ///   ``QueryError/unsupported(operation:target:reason:)`` for a sum or average of a type
    ///   that is not a number, or a minimum or maximum of one without a shared order.
    /// - Complexity: O(*n*) in the size of the condition and the number of aggregates.
    public func sqlStatement(
        from table: String, options: SQLOptions = SQLOptions()
    ) throws(QueryError) -> SQLAggregateStatement {
        let expression = try condition.sqlExpression(options: options)
        return try sqlStatement(
            fromQuoted: try SQLConditionRenderer.quotedIdentifier(table, in: options.dialect),
            where: SQLFragment(sql: "WHERE " + expression.sql, bindings: expression.bindings),
            options: options)
    }

    /// Renders the query as one SQL `SELECT` over a table already quoted, with a `WHERE`
    /// clause already rendered: for a store that renders its conditions with options of its
    /// own (the `WHERE` clause of ``RecordQuery/sqlClauses(options:)``).
    ///
    /// ```swift
    /// let clauses = try RecordQuery(where: query.condition).sqlClauses(options: options)
    /// let statement = try query.sqlStatement(
    ///     fromQuoted: "\"pokemon\"", where: clauses.whereClause, options: options)
    /// ```
    ///
    /// - Parameters:
    ///   - table: The table, quoted for SQL.
    ///   - whereClause: The `WHERE` clause, keyword included, its placeholders numbered from
    ///     the first (in a dialect that numbers them).
    ///   - options: The dialect, how dates are stored, and the text functions.
    /// - Returns: The statement, its bindings, and how to read its rows.
    /// - Throws: ``QueryError``, as ``sqlStatement(from:options:)`` does.
    /// - Complexity: O(*n*) in the size of the condition on groups and the number of
    ///   aggregates.
    public func sqlStatement(
        fromQuoted table: String, where whereClause: SQLFragment, options: SQLOptions
    ) throws(QueryError) -> SQLAggregateStatement {
        var renderer = SQLAggregateRenderer<Model>(options: options)
        var select: [String] = []
        var groupTerms: [String] = []
        var orderTerms: [String] = []
        for keyPath in groupKeys {
            let name = try RenderingChecks.name(of: keyPath)
            let column = try renderer.collated(keyPath, name: name)
            select.append(column)
            groupTerms.append(column)
            orderTerms.append(
                options.dialect.orderingTerm(column, ascending: true, nilsFirst: true))
            renderer.add(.group(keyPath, name: name), kind: SQLValueKind(of: keyPath.valueType))
        }
        for aggregate in aggregates {
            select.append(contentsOf: try renderer.columns(of: aggregate))
        }
        var sql =
            "SELECT " + select.joined(separator: ", ") + " FROM " + table + " "
            + whereClause.sql
        var bindings = whereClause.bindings
        if !groupTerms.isEmpty { sql += " GROUP BY " + groupTerms.joined(separator: ", ") }
        if !having.isAlwaysTrue {
            let test = try renderer.test(having.node)
            sql +=
                " HAVING "
                + SQLPlaceholders.number(test.sql, from: bindings.count + 1, in: options.dialect)
            bindings += test.bindings
        }
        if !orderTerms.isEmpty { sql += " ORDER BY " + orderTerms.joined(separator: ", ") }
        return SQLAggregateStatement(
            sql: sql, bindings: bindings, columnKinds: renderer.kinds, columns: renderer.columns,
            groupCount: groupKeys.count, dateStorage: options.dateStorage)
    }
}
