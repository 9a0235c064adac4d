extension AggregateQuery where Model: Queryable {
    /// Renders the query as one SQL `SELECT` over a table: SQLite's by default, PostgreSQL's
    /// with ``SQLDialect/postgreSQL``.
    ///
    /// ```swift
    /// let statement = try AggregateQuery<Pokemon>(
    ///     .count, .maximum(\.name), groupedBy: [\.speciesID],
    ///     having: .comparing(.count, .greater, 3)
    /// ).sqlStatement(from: "pokemon")
    /// statement.sql
    /// // SELECT "species_id", count(*), max("name") FROM "pokemon" WHERE 1
    /// // GROUP BY "species_id" HAVING count(*) > ? ORDER BY "species_id" ASC
    /// statement.bindings   // [.integer(3)]
    /// ```
    ///
    /// The condition renders as ``Condition/sqlExpression(options:)`` renders it, and the
    /// statement computes every aggregate in the database: the rows it returns are the groups
    /// that satisfy ``having``, in order. ``SQLAggregateStatement/rows(from:)`` reads them into
    /// the rows ``apply(to:)`` returns in memory. Text is grouped, ordered and compared with
    /// the dialect's collation (or the registered collation of ``SQLOptions/textFunctions``),
    /// as sort keys are.
    ///
    /// A key that groups by elements (``GroupKey/elements(of:)``) joins the selected rows,
    /// `(SELECT * FROM table WHERE …) AS t0`, to the distinct elements of the array
    /// (``SQLDialect/jsonArrayDistinctElementsJoin(_:as:collation:)``), and reads each
    /// element as its kind:
    ///
    /// ```swift
    /// try AggregateQuery<Pokemon>(.count, groupedBy: [.elements(of: \.types)])
    ///     .sqlStatement(from: "pokemon").sql
    /// // SELECT g1.value, count(*) FROM (SELECT * FROM "pokemon" WHERE 1) AS t0
    /// //   JOIN json_each(t0."types") AS g1 ON (g1.key = 0 OR NOT EXISTS (SELECT 1 FROM
    /// //   json_each(t0."types") AS g1d WHERE g1d.key < g1.key AND g1d.value IS g1.value))
    /// //   GROUP BY g1.value ORDER BY g1.value ASC
    /// ```
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
        var source = table + " " + whereClause.sql
        if groupsByElements {
            // The selected rows, each joined to the distinct elements of each array.
            renderer.qualifier = "t0."
            source = "(SELECT * FROM " + source + ") AS t0"
        }
        for (index, key) in groupKeys.enumerated() {
            let name = try RenderingChecks.name(of: key.keyPath)
            let term: String
            if key.groupsElements {
                let kind = SQLValueKind(of: try key.valueType(target: .sql))
                let alias = "g\(index + 1)"
                source +=
                    " "
                    + options.dialect.jsonArrayDistinctElementsJoin(
                        try renderer.column(name), as: alias,
                        collation: kind == .text ? try renderer.textCollation() : "")
                term = try renderer.element(alias, kind: kind)
                renderer.add(.elementGroup(key.keyPath, name: name), kind: kind)
            } else {
                term = try renderer.collated(key.keyPath, name: name)
                renderer.add(
                    .group(key.keyPath, name: name), kind: SQLValueKind(of: key.keyPath.valueType))
            }
            select.append(term)
            groupTerms.append(term)
            orderTerms.append(options.dialect.orderingTerm(term, ascending: true, nilsFirst: true))
        }
        for aggregate in aggregates {
            select.append(contentsOf: try renderer.columns(of: aggregate))
        }
        var sql = "SELECT " + select.joined(separator: ", ") + " FROM " + source
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
