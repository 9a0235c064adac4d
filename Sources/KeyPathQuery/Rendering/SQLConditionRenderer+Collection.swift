// Collection conditions: arrays and sets are stored as JSON arrays, read with the dialect's
// `jsonArrayElements(_:as:)` and `jsonArrayLength(_:)` (SQLite: TEXT, `json_each` and
// `json_array_length`), and tested for membership with its `jsonArrayContainment(_:)` where
// it has one (PostgreSQL: `jsonb` and `@>`).

extension SQLConditionRenderer {
    func collection(
        _ keyPath: AttributeKeyPath, _ test: CollectionTest, in scope: Scope, level: Int
    ) throws(QueryError) -> Piece {
        let column = try column(keyPath, in: scope)
        let elementType = try RenderingChecks.elementType(
            of: keyPath.valueType, attribute: column.name,
            operation: "a collection test on \"\(column.name)\"", target: target)
        if let containment = dialect.jsonArrayContainment(column.sql) {
            return try contained(column, elementType: elementType, test, in: containment)
        }
        let alias = "e\(level + 1)"
        let element = Column(name: column.name, sql: alias + ".value", isInJSON: true)
        func exists(_ written: [QueryValue]) throws(QueryError) -> Piece {
            let values = try RenderingChecks.operands(
                written, fitting: elementType, attribute: column.name, target: target)
            guard !values.isEmpty else { return constant(false) }
            let test = try membership(element, values)
            let exists = Piece(
                sql: "EXISTS (SELECT 1 FROM "
                    + dialect.jsonArrayElements(column.sql, as: alias) + " WHERE " + test.sql + ")",
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
            return length(of: column, comparison, number)
        }
    }

    /// The array's number of elements compared with a number.
    private func length(
        of column: Column, _ comparison: ComparisonOperator, _ number: Int
    ) -> Piece {
        Piece(
            sql: dialect.jsonArrayLength(column.sql) + " \(comparison.sqlSymbol) ?",
            bindings: [.integer(Int64(number))], mayBeNull: true)
    }

    /// A collection test through the dialect's containment test (PostgreSQL's `@>`) for
    /// membership, with the values as a JSON array of the element type, each the operand
    /// memory compares (converted to a native element type).
    private func contained(
        _ column: Column, elementType: Any.Type, _ test: CollectionTest, in containment: String
    ) throws(QueryError) -> Piece {
        func containing(_ written: [QueryValue]) throws(QueryError) -> Piece {
            let values = try RenderingChecks.operands(
                written, fitting: elementType, attribute: column.name, target: target)
            var json = "["
            for (index, element) in values.enumerated() {
                try checkJSONElement(element, column: column)
                if index > 0 { json += "," }
                SQLStorageJSON.write(element, options: options, to: &json)
            }
            json += "]"
            return Piece(sql: containment, bindings: [.text(json)], mayBeNull: true)
        }
        switch test {
        case .contains(let value):
            return try containing([value])
        case .containsAny(let values):
            var pieces: [Piece] = []
            for value in values {
                pieces.append(try containing([value]))
            }
            return join(pieces, keyword: "OR", empty: false)
        case .containsAll(let values):
            guard !values.isEmpty else { return constant(true) }
            return try containing(values)
        case .count(let comparison, let number):
            return length(of: column, comparison, number)
        }
    }

    /// Refuses an element that a JSON array cannot hold with its in-memory meaning.
    private func checkJSONElement(_ value: QueryValue, column: Column) throws(QueryError) {
        switch value {
        case .double(let number) where number.isNaN:
            throw .unsupported(
                operation: "the value NaN for an element of \"\(column.name)\"", target: target,
                reason: "JSON has no NaN, and null would match nil elements.")
        case .string(let text) where text.unicodeScalars.contains("\0"):
            throw .unsupported(
                operation: "text holding NUL compared inside the JSON of \"\(column.name)\"",
                target: target, reason: dialect.reason(for: .nulInJSON))
        case .data:
            throw .unsupported(
                operation: "bytes compared inside the JSON of \"\(column.name)\"",
                target: target,
                reason: "JSON has no bytes, and base-64 text does not order as bytes do.")
        default:
            return
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
        guard !column.isInJSON, values.count == 1, case .string(let text) = values[0],
            let prefilter = dialect.jsonTextPrefilter(column.sql)
        else {
            return nil
        }
        var needle = ""
        if Self.spelledOneWayInJSON(text) {
            SQLStorageJSON.writeString(text, to: &needle)
        }
        return Piece(sql: prefilter, bindings: [.text(needle)], mayBeNull: true)
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
        let source = "SELECT 1 FROM " + dialect.jsonArrayElements(column.sql, as: alias) + " WHERE "
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
