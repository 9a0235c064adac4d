// Conditions that follow a reference: `EXISTS` on the other model's table, correlated with
// the row around it by the referring attribute and the referred table's key column (in a
// dialect that `filtersReferencesWithIn`, SQLite's, an `IN` on the other table's matching
// keys or references).

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

    /// A condition on the records that refer to the row: an `IN` on them in SQLite, an
    /// `EXISTS` otherwise.
    ///
    /// In a dialect that ``SQLDialect/filtersReferencesWithIn`` (SQLite), `outer."key" IN
    /// (SELECT r1."attribute" FROM "referring" AS r1 WHERE r1."attribute" IS NOT NULL AND …)`;
    /// otherwise `EXISTS (SELECT 1 FROM "referring" AS r1 WHERE r1."attribute" = outer."key"
    /// AND …)`. Negated (`NOT IN`, `NOT EXISTS`) for `none` and, around the negated
    /// condition, for `all`.
    ///
    /// In SQLite the `IN` lets the planner find the referring records that match once, by
    /// their own indexes, where the correlated `EXISTS` looks up every row's referrers by the
    /// reference's index and tests each: for the Pokémon that learn a move, 77,622 learnset
    /// entries against 450. The subquery leaves out `nil` references, so that `IN` is never
    /// `NULL` and `NOT IN` keeps a record no reference names, as `NOT EXISTS` does.
    func referring(
        _ link: ReferenceLink, _ quantifier: Quantifier, _ inner: ConditionNode,
        in scope: Scope, level: Int
    ) throws(QueryError) -> Piece {
        let outer = try qualifier(of: link.referred, in: scope, link: link)
        let key = try Self.quotedIdentifier(
            try table(of: link.referred, link: link).keyColumn, in: dialect)
        let referring = try table(of: link.referring, link: link)
        let alias = "r\(level + 1)"
        let attribute = try Self.quotedIdentifier(
            try RenderingChecks.name(of: link.attribute), in: dialect)
        guard dialect.filtersReferencesWithIn else {
            return try exists(
                in: referring, as: alias, where: "\(alias).\(attribute) = \(outer).\(key)", inner,
                negated: quantifier != .any, level: level, quantifier: quantifier)
        }
        let filter = try referringFilter(inner, alias: alias, level: level, quantifier: quantifier)
        let sql =
            "\(outer).\(key) " + (quantifier == .any ? "IN" : "NOT IN") + " (SELECT \(alias)."
            + attribute + " FROM " + (try Self.quotedIdentifier(referring.name, in: dialect))
            + " AS \(alias) WHERE \(alias).\(attribute) IS NOT NULL" + filter.sql + ")"
        return Piece(sql: sql, bindings: filter.bindings, mayBeNull: false)
    }

    private func exists(
        in table: SQLTables.Table, as alias: String, where join: String, _ inner: ConditionNode,
        negated: Bool, level: Int, quantifier: Quantifier
    ) throws(QueryError) -> Piece {
        let filter = try referringFilter(inner, alias: alias, level: level, quantifier: quantifier)
        let sql =
            (negated ? "NOT " : "") + "EXISTS (SELECT 1 FROM "
            + (try Self.quotedIdentifier(table.name, in: dialect)) + " AS " + alias + " WHERE "
            + join + filter.sql + ")"
        return Piece(sql: sql, bindings: filter.bindings, mayBeNull: false)
    }

    /// What a subquery's rows must also satisfy: ` AND ` and the inner condition on the
    /// subquery's alias (negated for `all`), or nothing when it always holds.
    private func referringFilter(
        _ inner: ConditionNode, alias: String, level: Int, quantifier: Quantifier
    ) throws(QueryError) -> (sql: String, bindings: [SQLBinding]) {
        var condition = try render(inner, in: .table(alias: alias), level: level + 1)
        if quantifier == .all { condition = negation(of: condition) }
        guard condition.sql != constant(true).sql else { return ("", condition.bindings) }
        return (
            " AND " + (condition.isCompound ? "(" + condition.sql + ")" : condition.sql),
            condition.bindings
        )
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
