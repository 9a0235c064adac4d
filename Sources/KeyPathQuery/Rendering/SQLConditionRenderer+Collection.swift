// Collection conditions in SQLite: arrays and sets are stored as JSON arrays in TEXT, read
// with `json_each` and `json_array_length`. PostgreSQL's (`jsonb`) are in
// SQLConditionRenderer+PostgreSQL.swift.

extension SQLConditionRenderer {
    func collection(
        _ keyPath: AttributeKeyPath, _ test: CollectionTest, in scope: Scope, level: Int
    ) throws(QueryError) -> Piece {
        let column = try column(keyPath, in: scope)
        let elementType = try RenderingChecks.elementType(
            of: keyPath.valueType, attribute: column.name,
            operation: "a collection test on \"\(column.name)\"", target: target)
        if dialect == .postgreSQL {
            return try postgreSQLCollection(column, elementType: elementType, test)
        }
        let alias = "e\(level + 1)"
        let element = Column(name: column.name, sql: alias + ".value", isInJSON: true)
        func exists(_ written: [QueryValue]) throws(QueryError) -> Piece {
            let values = try RenderingChecks.operands(
                written, fitting: elementType, attribute: column.name, target: target)
            guard !values.isEmpty else { return constant(false) }
            let test = try membership(element, values)
            return Piece(
                sql: "EXISTS (SELECT 1 FROM json_each(\(column.sql)) AS \(alias) WHERE "
                    + test.sql + ")",
                bindings: test.bindings, mayBeNull: false)
        }
        switch test {
        case .contains(let value):
            return try exists([value])
        case .containsAny(let values):
            return try exists(values)
        case .containsAll(let values):
            var pieces: [Piece] = []
            for value in values {
                pieces.append(try exists([value]))
            }
            return join(pieces, keyword: "AND", empty: true)
        case .count(let comparison, let number):
            return Piece(
                sql: "json_array_length(\(column.sql)) \(comparison.sqlSymbol) ?",
                bindings: [.integer(Int64(number))], mayBeNull: true)
        }
    }

    func quantified(
        _ keyPath: AttributeKeyPath, _ quantifier: Quantifier, _ element: ConditionNode,
        in scope: Scope, level: Int
    ) throws(QueryError) -> Piece {
        let column = try column(keyPath, in: scope)
        _ = try RenderingChecks.elementType(
            of: keyPath.valueType, attribute: column.name,
            operation: "\(quantifier.rawValue) element of \"\(column.name)\"", target: target)
        let alias = "e\(level + 1)"
        let inner = try render(element, in: .element(alias: alias), level: level + 1)
        let source =
            switch dialect.kind {
            case .sqlite: "SELECT 1 FROM json_each(\(column.sql)) AS \(alias) WHERE "
            case .postgreSQL:
                "SELECT 1 FROM jsonb_array_elements(\(column.sql)) AS \(alias)(value) WHERE "
            }
        let sql =
            switch quantifier {
            case .any: "EXISTS (" + source + inner.sql + ")"
            case .all: "NOT EXISTS (" + source + negation(of: inner).sql + ")"
            case .none: "NOT EXISTS (" + source + inner.sql + ")"
            }
        return Piece(sql: sql, bindings: inner.bindings, mayBeNull: false)
    }
}

extension ComparisonOperator {
    /// The operator in SQL: `=` for equality, otherwise as in Swift.
    var sqlSymbol: String {
        self == .equal ? "=" : symbol
    }
}
