import Foundation

/// Renders a condition's tree as an SQL boolean expression with `?` placeholders, in the
/// dialect of its options (a dialect's own placeholders are numbered afterwards, see
/// ``SQLPlaceholders``).
///
/// The rendering keeps the in-memory meaning (see <doc:OneMeaningInEveryTarget>):
/// - SQL's third truth value, `NULL`, only ever reaches a `WHERE` clause, where it selects
///   nothing, exactly as `false` does — except under `NOT`, so a negated piece that may be
///   `NULL` is wrapped in `COALESCE(…, 0)` first;
/// - `!=` is `IS NOT`, so that an absent value differs from every value;
/// - values are bound, never written: the text holds quoted attribute names and SQL only.
struct SQLConditionRenderer {
    /// Where attribute names are looked up.
    enum Scope {
        /// The table's row: each attribute is the column of its name.
        case row
        /// The elements of a JSON array, through the dialect's
        /// ``SQLDialect/jsonArrayElements(_:as:)`` (SQLite: `json_each(…) AS alias`): the
        /// element is `alias.value`, read with ``SQLDialect/jsonElement(_:path:as:)``.
        case element(alias: String)
        /// The row of a table in a subquery, `FROM "table" AS alias`: each attribute is the
        /// column `alias."name"`.
        case table(alias: String)
    }

    /// A rendered node.
    struct Piece {
        var sql: String
        var bindings: [SQLBinding]
        /// Whether the expression can evaluate to `NULL` (it then needs `COALESCE` under
        /// `NOT`).
        var mayBeNull: Bool
        /// Whether the piece must be parenthesized inside `AND` or `OR`.
        var isCompound = false

        static func constant(_ value: Bool, in dialect: any SQLDialect) -> Piece {
            Piece(sql: dialect.literalBoolean(value), bindings: [], mayBeNull: false)
        }
    }

    /// An attribute as SQL reads it.
    struct Column {
        /// The attribute name, for messages.
        var name: String
        /// The expression that reads it: `"name"`, `e1.value` or
        /// `json_extract(e1.value, '$.name')`.
        var sql: String
        /// Whether its values are read from JSON, where they follow JSON's conventions.
        var isInJSON: Bool
    }

    let options: SQLOptions
    let target = QueryTarget.sql

    /// The dialect written: ``SQLOptions/dialect``, read once.
    let dialect: any SQLDialect

    /// A renderer for the options' dialect.
    init(options: SQLOptions) {
        self.options = options
        self.dialect = options.dialect
    }

    /// `TRUE` or `FALSE` in the dialect.
    func constant(_ value: Bool) -> Piece {
        .constant(value, in: dialect)
    }

    /// Renders a node in a scope; `level` counts the `json_each` subqueries around it.
    func render(_ node: ConditionNode, in scope: Scope, level: Int) throws(QueryError) -> Piece {
        switch node {
        case .constant(let value):
            return constant(value)
        case .comparison(let keyPath, let comparison, let value):
            return try renderComparison(keyPath, comparison, value, in: scope)
        case .between(let keyPath, let lower, let upper):
            let column = try column(keyPath, in: scope)
            let bounds = try RenderingChecks.operands(
                [lower, upper], fitting: keyPath.valueType, attribute: column.name,
                target: target)
            if bounds.contains(where: \.isNull) { return constant(false) }
            let bindings = [
                try binding(bounds[0], for: column), try binding(bounds[1], for: column),
            ]
            return Piece(
                sql: try compared(column, with: bindings) + " BETWEEN ? AND ?",
                bindings: bindings, mayBeNull: true, isCompound: true)
        case .oneOf(let keyPath, let values):
            let column = try column(keyPath, in: scope)
            return try membership(
                column,
                RenderingChecks.operands(
                    values, fitting: keyPath.valueType, attribute: column.name, target: target))
        case .text(let keyPath, let operation, let operand, let options):
            return try text(keyPath, operation, operand, options, in: scope)
        case .textOneOf(let keyPath, let operands, let options):
            return try textOneOf(keyPath, operands, options, in: scope)
        case .search(let keyPaths, let search):
            return try self.search(keyPaths, search, in: scope)
        case .collection(let keyPath, let test):
            return try collection(keyPath, test, in: scope, level: level)
        case .quantified(let keyPath, let quantifier, let element):
            return try quantified(keyPath, quantifier, element, in: scope, level: level)
        case .referenced(let link, let inner):
            return try referenced(link, inner, in: scope, level: level)
        case .referring(let link, let quantifier, let inner):
            return try referring(link, quantifier, inner, in: scope, level: level)
        case .not(let inner):
            return negation(of: try render(inner, in: scope, level: level))
        case .and(let nodes):
            return try junction(nodes, keyword: "AND", empty: true, in: scope, level: level)
        case .or(let nodes):
            return try junction(nodes, keyword: "OR", empty: false, in: scope, level: level)
        case .tooDeep(let depth):
            throw .conditionTooDeep(depth: depth, limit: Condition<Void>.maximumDepth)
        }
    }

    // MARK: Attributes and values

    func column(_ keyPath: AttributeKeyPath, in scope: Scope) throws(QueryError) -> Column {
        let name = try RenderingChecks.name(of: keyPath)
        if keyPath.isIdentity, scope.isRow {
            throw .unsupported(
                operation: "a condition on \(keyPath.description) itself", target: target,
                reason: "a table row is not a value; name one of its attributes.")
        }
        let kind = SQLValueKind(of: keyPath.valueType)
        var sql: String
        switch scope {
        case .row:
            if let key = options.keyColumn, key.attribute == name {
                sql = try Self.quotedIdentifier(key.column, in: dialect)
            } else {
                sql = try Self.quotedIdentifier(name, in: dialect)
            }
        case .table(let alias):
            sql = alias + "." + (try Self.quotedIdentifier(name, in: dialect))
        case .element(let alias):
            let path =
                keyPath.isIdentity
                ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            return Column(
                name: name, sql: try dialect.jsonElement(alias + ".value", path: path, as: kind),
                isInJSON: true)
        }
        if kind == .text, let collation = dialect.textCollation { sql += " " + collation }
        return Column(name: name, sql: sql, isInJSON: false)
    }

    /// A value as the database stores it in a column, or inside JSON.
    ///
    /// The value is the operand as memory compares it, from
    /// ``RenderingChecks/operand(_:fitting:attribute:target:)``: in every dialect, converted to
    /// the attribute's type when that type is native (`1` for a `Double` is `1.0`, a UUID's
    /// text is its upper-case `uuidString`), as written otherwise.
    func binding(_ value: QueryValue, for column: Column) throws(QueryError) -> SQLBinding {
        switch value {
        case .null, .bool, .integer, .date, .uuid, .url:
            return SQLBinding(storing: value, options: options)
        case .unsignedInteger(let value):
            throw .unsupported(
                operation: "the value \(value) for \"\(column.name)\"", target: target,
                reason: dialect.reason(for: .integerAboveInt64Max)
                    + " \(value) is above Int64.max.")
        case .double(let value):
            guard !value.isNaN else {
                throw .unsupported(
                    operation: "the value NaN for \"\(column.name)\"", target: target,
                    reason: dialect.reason(for: .notANumber))
            }
            return .real(value)
        case .string(let value): return try text(value, for: column)
        case .data(let value):
            guard !column.isInJSON else {
                throw .unsupported(
                    operation: "bytes compared inside the JSON of \"\(column.name)\"",
                    target: target,
                    reason: "JSON has no bytes, and base-64 text does not order as bytes do.")
            }
            return .blob(value)
        case .list:
            throw .invalidValue(value, attribute: column.name, expected: "a single value")
        }
    }

    /// Text as a binding; text holding NUL is refused inside JSON (SQLite's JSON functions
    /// end a string at `\u0000`), and wherever the dialect's text cannot hold it
    /// (``SQLDialect/textHoldsNUL``), since no stored value can equal it.
    func text(_ value: String, for column: Column) throws(QueryError) -> SQLBinding {
        try checkText(value, for: column)
        return .text(value)
    }

    /// Refuses text holding NUL where the dialect cannot compare it.
    func checkText(_ value: String, for column: Column) throws(QueryError) {
        guard column.isInJSON || !dialect.textHoldsNUL, value.unicodeScalars.contains("\0")
        else { return }
        throw .unsupported(
            operation: column.isInJSON
                ? "text holding NUL compared inside the JSON of \"\(column.name)\""
                : "text holding NUL compared with \"\(column.name)\"",
            target: target, reason: dialect.reason(for: column.isInJSON ? .nulInJSON : .nulInText))
    }

    /// The column as a comparison with these values reads it: with the registered collation
    /// that compares as Swift `String`s when text functions are named and a value is text, so
    /// that canonically equivalent texts are equal as in memory; as it is otherwise, so that
    /// numbers keep their indexes.
    ///
    /// Registered text functions are used only where the dialect
    /// ``SQLDialect/supportsTextFunctions``: elsewhere the column is read as it is (its text
    /// already compares by its bytes, with ``SQLDialect/textCollation``).
    ///
    /// An equality test on a collection's elements (`isInJSON`, which no index serves) whose
    /// text operands are all ``comparesAsBytes(_:)`` compares bytes instead, as SQLite does by
    /// default, without calling the collation for every element.
    func compared(_ column: Column, with bindings: [SQLBinding], forEquality: Bool = false)
        throws(QueryError) -> String
    {
        guard dialect.supportsTextFunctions, let functions = options.textFunctions,
            bindings.contains(where: { if case .text = $0 { true } else { false } })
        else { return column.sql }
        if forEquality, column.isInJSON,
            bindings.allSatisfy({
                if case .text(let text) = $0 { Self.comparesAsBytes(text) } else { true }
            })
        {
            return column.sql
        }
        return column.sql + " COLLATE " + (try SQLTextFunctions.checkedName(functions.collation))
    }

    /// Whether any text equals this one as Swift `String`s (canonical equivalence) exactly
    /// when their UTF-8 bytes are equal.
    ///
    /// True for ASCII text without NUL and without `K`, `;` and `` ` ``: ASCII is its own
    /// canonical decomposition, and the only other characters that decompose into ASCII alone
    /// are U+212A KELVIN SIGN (`K`), U+037E GREEK QUESTION MARK (`;`) and U+1FEF GREEK VARIA
    /// (`` ` ``), so a text equivalent to such an operand is that very text.
    static func comparesAsBytes(_ text: String) -> Bool {
        text.utf8.allSatisfy { byte in
            byte > 0 && byte < 0x80 && byte != UInt8(ascii: "K") && byte != UInt8(ascii: ";")
                && byte != UInt8(ascii: "`")
        }
    }

    // MARK: Comparisons

    private func renderComparison(
        _ keyPath: AttributeKeyPath, _ comparison: ComparisonOperator, _ written: QueryValue,
        in scope: Scope
    ) throws(QueryError) -> Piece {
        let column = try column(keyPath, in: scope)
        let value = try RenderingChecks.operand(
            written, fitting: keyPath.valueType, attribute: column.name, target: target)
        switch (comparison, value.isNull) {
        case (.equal, true):
            return Piece(sql: column.sql + " IS NULL", bindings: [], mayBeNull: false)
        case (.notEqual, true):
            return Piece(sql: column.sql + " IS NOT NULL", bindings: [], mayBeNull: false)
        case (_, true):
            // Nothing orders against nil: false, as in memory.
            return constant(false)
        case (.notEqual, false):
            // True where the column is NULL: nil differs from every value.
            let bindings = [try binding(value, for: column)]
            return Piece(
                sql: dialect.notEqualTest(try compared(column, with: bindings, forEquality: true)),
                bindings: bindings,
                mayBeNull: false)
        case (.equal, false):
            let bindings = [try binding(value, for: column)]
            return Piece(
                sql: try compared(column, with: bindings, forEquality: true) + " = ?",
                bindings: bindings,
                mayBeNull: true)
        case (.less, false), (.lessOrEqual, false), (.greater, false), (.greaterOrEqual, false):
            let bindings = [try binding(value, for: column)]
            return Piece(
                sql: try compared(column, with: bindings) + " \(comparison.symbol) ?",
                bindings: bindings, mayBeNull: true)
        }
    }

    /// `IN` over the present values, or'ed with `IS NULL` when the list holds `nil` (SQL's
    /// `IN` alone never matches `NULL`); `0` for an empty list.
    func membership(_ column: Column, _ values: [QueryValue]) throws(QueryError) -> Piece {
        var bindings: [SQLBinding] = []
        for value in values where !value.isNull {
            bindings.append(try binding(value, for: column))
        }
        let matchesNil = bindings.count < values.count
        let isNil = Piece(sql: column.sql + " IS NULL", bindings: [], mayBeNull: false)
        if bindings.isEmpty { return matchesNil ? isNil : constant(false) }
        let placeholders = Array(repeating: "?", count: bindings.count).joined(separator: ", ")
        let sql =
            try compared(column, with: bindings, forEquality: true)
            + (bindings.count == 1 ? " = ?" : " IN (\(placeholders))")
        guard matchesNil else { return Piece(sql: sql, bindings: bindings, mayBeNull: true) }
        return Piece(
            sql: sql + " OR " + isNil.sql, bindings: bindings, mayBeNull: true, isCompound: true)
    }

    // MARK: Combining

    /// The negation of a piece, two-valued: a piece that may be `NULL` is first made false
    /// (SQLite: `0`) there, so that `NOT` turns "unknown" into true, as negation in
    /// memory does.
    func negation(of piece: Piece) -> Piece {
        let sql: String
        if piece.mayBeNull {
            sql = "NOT COALESCE(" + piece.sql + ", " + constant(false).sql + ")"
        } else if !piece.isCompound && piece.sql.hasPrefix("EXISTS (") {
            sql = "NOT " + piece.sql
        } else {
            sql = "NOT (" + piece.sql + ")"
        }
        return Piece(sql: sql, bindings: piece.bindings, mayBeNull: false)
    }

    private func junction(
        _ nodes: [ConditionNode], keyword: String, empty: Bool, in scope: Scope, level: Int
    ) throws(QueryError) -> Piece {
        var pieces: [Piece] = []
        for node in nodes {
            pieces.append(try render(node, in: scope, level: level))
        }
        return join(pieces, keyword: keyword, empty: empty)
    }

    func join(_ pieces: [Piece], keyword: String, empty: Bool) -> Piece {
        guard pieces.count > 1 else { return pieces.first ?? constant(empty) }
        var parts: [String] = []
        var bindings: [SQLBinding] = []
        for piece in pieces {
            parts.append(piece.isCompound ? "(" + piece.sql + ")" : piece.sql)
            bindings += piece.bindings
        }
        return Piece(
            sql: parts.joined(separator: " \(keyword) "), bindings: bindings,
            mayBeNull: pieces.contains(where: \.mayBeNull), isCompound: true)
    }

    // MARK: Names

    /// An identifier in the dialect's quotes, inner quotes doubled: `"special_attack"`,
    /// `"session.name"`.
    ///
    /// - Throws: ``QueryError/unsupported(operation:target:reason:)`` for a name holding NUL.
    static func quotedIdentifier(
        _ name: String, in dialect: any SQLDialect
    ) throws(QueryError) -> String {
        guard !name.unicodeScalars.contains("\0") else {
            throw .unsupported(
                operation: "the attribute name \(name.debugDescription)", target: .sql,
                reason: dialect.reason(for: .nulInIdentifier))
        }
        return dialect.quoted(name)
    }
}
