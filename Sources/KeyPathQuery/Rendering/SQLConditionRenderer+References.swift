// Conditions that follow a reference: `EXISTS` on the other model's table, correlated with
// the row around it by the referring attribute and the referred table's key column (in a
// dialect that `filtersReferencesWithIn`, SQLite's, a to-one reference is an `IN` on the
// referred table's matching keys).

extension SQLConditionRenderer.Scope {
    /// Whether the scope is a table's row (the query's own, or a subquery's).
    var isRow: Bool {
        switch self {
        case .row, .table: true
        case .element: false
        }
    }
}

extension SQLConditionRenderer {
    /// `outer."attribute" IN (SELECT r1."key" FROM "referred" AS r1 WHERE …)` in a dialect
    /// that ``SQLDialect/filtersReferencesWithIn`` (SQLite); otherwise `EXISTS (SELECT 1 FROM
    /// "referred" AS r1 WHERE r1."key" = outer."attribute" AND …)`.
    ///
    /// In SQLite the `IN` lets the planner start from the referred records that match and
    /// look their referrers up by the reference's index (every store indexes a reference's
    /// attribute), where `EXISTS` must visit every referring row: 1,000,000 Pokémon for the
    /// 71 legendary species' 74,000. A `nil` reference makes the `IN` `NULL`, which the
    /// renderer's negation reads as false, as memory does.
    func referenced(
        _ link: ReferenceLink, _ inner: ConditionNode, in scope: Scope, level: Int
    ) throws(QueryError) -> Piece {
        let outer = try qualifier(of: link.referring, in: scope, link: link)
        let referred = try table(of: link.referred, link: link)
        let alias = "r\(level + 1)"
        let attribute = try Self.quotedIdentifier(
            try RenderingChecks.name(of: link.attribute), in: dialect)
        if dialect.filtersReferencesWithIn {
            let condition = try render(inner, in: .table(alias: alias), level: level + 1)
            let filter =
                condition.sql == constant(true).sql
                ? ""
                : " WHERE " + (condition.isCompound ? "(" + condition.sql + ")" : condition.sql)
            let sql =
                "\(outer).\(attribute) IN (SELECT \(alias)."
                + (try Self.quotedIdentifier(referred.keyColumn, in: dialect)) + " FROM "
                + (try Self.quotedIdentifier(referred.name, in: dialect)) + " AS \(alias)"
                + filter + ")"
            return Piece(sql: sql, bindings: condition.bindings, mayBeNull: true)
        }
        let join =
            "\(alias).\(try Self.quotedIdentifier(referred.keyColumn, in: dialect)) = "
            + "\(outer).\(attribute)"
        return try exists(
            in: referred, as: alias, where: join, inner, negated: false, level: level,
            quantifier: .any)
    }

    /// `EXISTS (SELECT 1 FROM "referring" AS r1 WHERE r1."attribute" = outer."key" AND …)`,
    /// negated for `none` and, around the negated condition, for `all`.
    func referring(
        _ link: ReferenceLink, _ quantifier: Quantifier, _ inner: ConditionNode,
        in scope: Scope, level: Int
    ) throws(QueryError) -> Piece {
        let outer = try qualifier(of: link.referred, in: scope, link: link)
        let key = try table(of: link.referred, link: link).keyColumn
        let referring = try table(of: link.referring, link: link)
        let alias = "r\(level + 1)"
        let attribute = try Self.quotedIdentifier(
            try RenderingChecks.name(of: link.attribute), in: dialect)
        let join = "\(alias).\(attribute) = \(outer).\(try Self.quotedIdentifier(key, in: dialect))"
        return try exists(
            in: referring, as: alias, where: join, inner, negated: quantifier != .any,
            level: level, quantifier: quantifier)
    }

    private func exists(
        in table: SQLTables.Table, as alias: String, where join: String, _ inner: ConditionNode,
        negated: Bool, level: Int, quantifier: Quantifier
    ) throws(QueryError) -> Piece {
        var condition = try render(inner, in: .table(alias: alias), level: level + 1)
        if quantifier == .all { condition = negation(of: condition) }
        let filter =
            condition.sql == constant(true).sql
            ? "" : " AND " + (condition.isCompound ? "(" + condition.sql + ")" : condition.sql)
        let sql =
            (negated ? "NOT " : "") + "EXISTS (SELECT 1 FROM "
            + (try Self.quotedIdentifier(table.name, in: dialect)) + " AS " + alias + " WHERE "
            + join + filter + ")"
        return Piece(sql: sql, bindings: condition.bindings, mayBeNull: false)
    }

    /// What the row around a subquery is called: the outer table's name at the top, or the
    /// enclosing subquery's alias.
    private func qualifier(
        of model: ReferenceLink.LinkedModel, in scope: Scope, link: ReferenceLink
    ) throws(QueryError) -> String {
        switch scope {
        case .row:
            return try Self.quotedIdentifier(try table(of: model, link: link).name, in: dialect)
        case .table(let alias): return alias
        case .element:
            throw .unsupported(
                operation: "a condition through \(link) on a collection's elements",
                target: target,
                reason: "an element is not a record of a model; follow the "
                    + "reference from the model's own condition.")
        }
    }

    private func table(
        of model: ReferenceLink.LinkedModel, link: ReferenceLink
    ) throws(QueryError) -> SQLTables.Table {
        guard let table = options.tables.table(for: model.identifier) else {
            throw .unsupported(
                operation: "a condition through \(link)", target: target,
                reason: "SQLOptions.tables names no table for \(model); name it with "
                    + "tables.add(_:name:keyColumn:).")
        }
        return table
    }
}
