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
            let exists = Piece(
                sql: "EXISTS (SELECT 1 FROM json_each(\(column.sql)) AS \(alias) WHERE "
                    + test.sql + ")",
                bindings: test.bindings, mayBeNull: false)
            return textPrefilter(column, values).map { prefilter in
                Piece(
                    sql: prefilter.sql + " AND " + exists.sql,
                    bindings: prefilter.bindings + exists.bindings, mayBeNull: false,
                    isCompound: true)
            } ?? exists
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

    /// A test of a collection column's JSON text that every record holding `values`' one
    /// value passes.
    ///
    /// `instr` looks for the value written as a JSON string, so that `json_each` reads only
    /// the arrays that may hold it. `nil` for several values (a look for each cost more than it
    /// saved, measured on `list --weak-to`), for a value that is not text, and for an element
    /// read from JSON (which SQLite writes again).
    ///
    /// The SQL depends only on the condition's shape, never on its values: text that a JSON
    /// writer may spell in more than one way (see ``spelledOneWayInJSON(_:)``) binds the
    /// empty text instead, which `instr` finds in every array, so that the `EXISTS` that
    /// follows decides alone. A record whose text lacks a value spelled one way can hold no
    /// element equal to it, however the array is spaced.
    private func textPrefilter(_ column: Column, _ values: [QueryValue]) -> Piece? {
        guard !column.isInJSON, values.count == 1, case .string(let text) = values[0] else {
            return nil
        }
        var needle = ""
        if Self.spelledOneWayInJSON(text) {
            SQLStorageJSON.writeString(text, to: &needle)
        }
        return Piece(
            sql: "instr(\(column.sql), ?) > 0", bindings: [.text(needle)], mayBeNull: true)
    }

    /// Whether every JSON array that holds an element equal to `text` holds it in the same
    /// bytes: `text` in double quotes.
    ///
    /// True when `text` ``comparesAsBytes(_:)`` (an element equal to it as a Swift `String`
    /// has its very bytes) and JSON writers leave every character as it is: nothing that
    /// the JSON this module stores escapes (quotes, backslashes, control characters), nor `/`
    /// (which `JSONEncoder` writes `\/`) or DEL (which some writers write `\u007f`).
    static func spelledOneWayInJSON(_ text: String) -> Bool {
        guard comparesAsBytes(text), !text.utf8.contains(0x2F), !text.utf8.contains(0x7F) else {
            return false
        }
        var written = ""
        SQLStorageJSON.writeString(text, to: &written)
        return written.utf8.count == text.utf8.count + 2
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
