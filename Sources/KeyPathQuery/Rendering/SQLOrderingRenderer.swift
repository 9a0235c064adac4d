/// Renders a query's sort keys and page as SQL `ORDER BY` and `LIMIT` clauses.
enum SQLOrderingRenderer {
    /// `ORDER BY "attack" DESC, "name" ASC, …`, or `nil` without sort keys.
    ///
    /// `NULLS FIRST` or `NULLS LAST` is written only where it differs from SQLite's own
    /// placement, which is the in-memory default: `NULL` is the smallest value. A key with
    /// text options sorts by the registered fold function's result, when there is one.
    static func orderByClause<Model>(
        _ keys: [SortKey<Model>], textFunctions: SQLTextFunctions? = nil
    ) throws(QueryError) -> String? {
        guard !keys.isEmpty else { return nil }
        var terms: [String] = []
        for key in keys {
            terms.append(try term(key, textFunctions: textFunctions))
        }
        return "ORDER BY " + terms.joined(separator: ", ")
    }

    /// The `ORDER BY` clause in a dialect: SQLite's above, or PostgreSQL's, whose every term
    /// says `NULLS FIRST` or `NULLS LAST` (PostgreSQL's own placement is the opposite of
    /// memory's) and whose text terms sort with `COLLATE "C"`, by UTF-8 bytes.
    static func orderByClause<Model>(
        _ keys: [SortKey<Model>], options: SQLOptions
    ) throws(QueryError) -> String? {
        guard options.dialect == .postgreSQL else {
            return try orderByClause(keys, textFunctions: options.textFunctions)
        }
        guard !keys.isEmpty else { return nil }
        var terms: [String] = []
        for key in keys {
            terms.append(try postgreSQLTerm(key))
        }
        return "ORDER BY " + terms.joined(separator: ", ")
    }

    private static func postgreSQLTerm<Model>(_ key: SortKey<Model>) throws(QueryError) -> String {
        let name = try RenderingChecks.name(of: key.keyPath)
        guard !key.keyPath.isIdentity else {
            throw .unsupported(
                operation: "a sort on \(key.keyPath.description) itself", target: .sql,
                reason: "a table row is not a value; sort by one of its attributes.")
        }
        if !key.options.isEmpty {
            let operation = "a sort on \"\(name)\" with options \(key.options.predicateModifier)"
            try RenderingChecks.checkText(
                key.keyPath.valueType, attribute: name, operation: operation, target: .sql)
            throw .unsupported(
                operation: operation, target: .sql,
                reason: "PostgreSQL's lower() and ILIKE follow the collation's locale, not "
                    + "Unicode case folding, and nothing folds diacritics as memory does; "
                    + "sort exactly, or in memory.")
        }
        var term = try SQLConditionRenderer.quotedIdentifier(name, in: .postgreSQL)
        if PostgreSQLStorage(of: key.keyPath.valueType) == .text { term += " COLLATE \"C\"" }
        term += key.direction == .ascending ? " ASC" : " DESC"
        term += key.effectiveNilPlacement == .first ? " NULLS FIRST" : " NULLS LAST"
        return term
    }

    private static func term<Model>(
        _ key: SortKey<Model>, textFunctions: SQLTextFunctions?
    ) throws(QueryError) -> String {
        let name = try RenderingChecks.name(of: key.keyPath)
        guard !key.keyPath.isIdentity else {
            throw .unsupported(
                operation: "a sort on \(key.keyPath.description) itself", target: .sql,
                reason: "a table row is not a value; sort by one of its attributes.")
        }
        var term = try SQLConditionRenderer.quotedIdentifier(name)
        if !key.options.isEmpty {
            let operation = "a sort on \"\(name)\" with options \(key.options.predicateModifier)"
            try RenderingChecks.checkText(
                key.keyPath.valueType, attribute: name, operation: operation, target: .sql)
            guard let textFunctions else {
                throw .unsupported(
                    operation: operation, target: .sql,
                    reason: "SQLite's COLLATE NOCASE folds the case of ASCII letters only and "
                        + "nothing folds diacritics, so it would order É and é apart where the "
                        + "in-memory sort ties them; sort exactly, or in memory.")
            }
            let fold = try SQLTextFunctions.checkedName(textFunctions.fold)
            term = "\(fold)(\(term), \(key.options.rawValue))"
        } else if let textFunctions, key.keyPath.valueType is any QueryTextConvertible.Type {
            // Text without options sorts as Swift `String`s, canonically equivalent texts
            // tied, as in memory.
            term += " COLLATE " + (try SQLTextFunctions.checkedName(textFunctions.collation))
        }
        term += key.direction == .ascending ? " ASC" : " DESC"
        let sqliteDefault: SortKey<Model>.NilPlacement =
            key.direction == .ascending ? .first : .last
        if key.effectiveNilPlacement != sqliteDefault {
            term += key.effectiveNilPlacement == .first ? " NULLS FIRST" : " NULLS LAST"
        }
        return term
    }

    /// `LIMIT ?`, `LIMIT ? OFFSET ?` (with a limit of -1, "no limit", when only an offset is
    /// set), or `nil` for neither.
    ///
    /// - Throws: ``QueryError/invalidPagination(limit:offset:)`` when either is negative.
    static func limitClause(
        limit: Int?, offset: Int, dialect: SQLDialect = .sqlite
    ) throws(QueryError) -> SQLFragment? {
        guard offset >= 0, (limit ?? 0) >= 0 else {
            throw .invalidPagination(limit: limit, offset: offset)
        }
        if dialect == .postgreSQL, limit == nil, offset > 0 {
            // PostgreSQL takes an offset alone; it has no -1 for "no limit".
            return SQLFragment(sql: "OFFSET ?", bindings: [.integer(Int64(offset))])
        }
        switch (limit, offset) {
        case (nil, 0): return nil
        case (let limit?, 0): return SQLFragment(sql: "LIMIT ?", bindings: [.integer(Int64(limit))])
        case (let limit, let offset):
            return SQLFragment(
                sql: "LIMIT ? OFFSET ?",
                bindings: [.integer(Int64(limit ?? -1)), .integer(Int64(offset))])
        }
    }
}
