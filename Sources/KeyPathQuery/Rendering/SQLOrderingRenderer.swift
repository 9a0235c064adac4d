/// Renders a query's sort keys and page as SQL `ORDER BY` and `LIMIT` clauses, in the dialect
/// of the options.
enum SQLOrderingRenderer {
    /// `ORDER BY "attack" DESC, "name" ASC, …`, or `nil` without sort keys.
    ///
    /// Each term is the dialect's ``SQLDialect/orderingTerm(_:ascending:nilsFirst:)``, which
    /// puts `NULL` where memory does: first in an ascending order by default. Text sorts with
    /// the dialect's ``SQLDialect/textCollation``, or, where the dialect supports them and the
    /// options name them, with the registered text functions: a key with text options sorts by
    /// the fold function's result, one without by the collation.
    static func orderByClause<Model>(
        _ keys: [SortKey<Model>], options: SQLOptions
    ) throws(QueryError) -> String? {
        guard !keys.isEmpty else { return nil }
        let dialect = options.dialect
        let textFunctions = dialect.supportsTextFunctions ? options.textFunctions : nil
        var terms: [String] = []
        for key in keys {
            terms.append(try term(key, in: dialect, textFunctions: textFunctions))
        }
        return "ORDER BY " + terms.joined(separator: ", ")
    }

    private static func term<Model>(
        _ key: SortKey<Model>, in dialect: any SQLDialect, textFunctions: SQLTextFunctions?
    ) throws(QueryError) -> String {
        let name = try RenderingChecks.name(of: key.keyPath)
        guard !key.keyPath.isIdentity else {
            throw .unsupported(
                operation: "a sort on \(key.keyPath.description) itself", target: .sql,
                reason: "a table row is not a value; sort by one of its attributes.")
        }
        var term = try SQLConditionRenderer.quotedIdentifier(name, in: dialect)
        if !key.options.isEmpty {
            let operation = "a sort on \"\(name)\" with options \(key.options.predicateModifier)"
            try RenderingChecks.checkText(
                key.keyPath.valueType, attribute: name, operation: operation, target: .sql)
            guard let textFunctions else {
                throw .unsupported(
                    operation: operation, target: .sql, reason: dialect.reason(for: .foldedSort))
            }
            let fold = try SQLTextFunctions.checkedName(textFunctions.fold)
            term = "\(fold)(\(term), \(key.options.rawValue))"
        } else if let textFunctions, key.keyPath.valueType is any QueryTextConvertible.Type {
            // Text without options sorts as Swift `String`s, canonically equivalent texts
            // tied, as in memory.
            term += " COLLATE " + (try SQLTextFunctions.checkedName(textFunctions.collation))
        } else if let collation = dialect.textCollation,
            SQLValueKind(of: key.keyPath.valueType) == .text
        {
            term += " " + collation
        }
        return dialect.orderingTerm(
            term, ascending: key.direction == .ascending,
            nilsFirst: key.effectiveNilPlacement == .first)
    }

    /// The dialect's ``SQLDialect/limitClause(limit:offset:)`` (`LIMIT ?`, `LIMIT ? OFFSET
    /// ?`, …), or `nil` for neither.
    ///
    /// - Throws: ``QueryError/invalidPagination(limit:offset:)`` when either is negative.
    static func limitClause(
        limit: Int?, offset: Int, dialect: any SQLDialect
    ) throws(QueryError) -> SQLFragment? {
        guard offset >= 0, (limit ?? 0) >= 0 else {
            throw .invalidPagination(limit: limit, offset: offset)
        }
        return dialect.limitClause(limit: limit, offset: offset)
    }
}
