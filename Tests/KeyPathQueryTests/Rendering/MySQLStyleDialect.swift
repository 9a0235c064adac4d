import KeyPathQuery

/// A third dialect, written outside KeyPathQuery with its public API only, in MySQL's
/// spelling: backtick quotes, `?` placeholders, `TRUE` and `FALSE`, `COLLATE utf8mb4_bin`,
/// `JSON_TABLE`, `JSON_CONTAINS` and `JSON_LENGTH`, `<=>`, and sorts without `NULLS FIRST`.
///
/// Nothing runs its SQL (there is no MySQL here): the tests check its text, that the renderer
/// asks the dialect for every spelling and hard-codes none of SQLite's or PostgreSQL's.
struct MySQLStyleDialect: SQLDialect {
    var name: String { "MySQL" }

    var identifierQuote: Unicode.Scalar { "`" }

    var textCollation: String? { "COLLATE utf8mb4_bin" }

    func columnType(for kind: SQLValueKind) -> String {
        switch kind {
        case .text: "TEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"
        case .integer: "BIGINT"
        case .unsignedInteger: "BIGINT UNSIGNED"
        case .real: "DOUBLE"
        case .boolean: "BOOLEAN"
        case .bytes: "LONGBLOB"
        case .jsonArray: "JSON"
        default: ""
        }
    }

    func notEqualTest(_ expression: String) -> String {
        "NOT (\(expression) <=> ?)"
    }

    func characters(_ codes: [UInt32]) -> String {
        "CHAR(" + codes.map { String($0) }.joined(separator: ", ") + " USING utf8mb4)"
    }

    func textContains(_ subject: String, operand: String) throws(QueryError) -> SQLFragment {
        SQLFragment(sql: "LOCATE(?, \(subject)) > 0", bindings: [.text(operand)])
    }

    func textHasPrefix(_ subject: String, operand: String) throws(QueryError) -> SQLFragment {
        SQLFragment(
            sql: "LEFT(\(subject), CHAR_LENGTH(?)) = ?", bindings: [.text(operand), .text(operand)])
    }

    func textHasSuffix(_ subject: String, operand: String) throws(QueryError) -> SQLFragment {
        SQLFragment(
            sql: "RIGHT(\(subject), CHAR_LENGTH(?)) = ?",
            bindings: [.text(operand), .text(operand)])
    }

    /// MySQL's `LIKE` escapes with a backslash already, and a backslash in a string literal
    /// is itself an escape: no `ESCAPE` clause.
    func textLike(_ subject: String, pattern: String) throws(QueryError) -> SQLFragment {
        SQLFragment(sql: "\(subject) LIKE ?", bindings: [.text(Self.likePattern(pattern))])
    }

    func jsonArrayElements(_ array: String, as alias: String) -> String {
        "JSON_TABLE(\(array), '$[*]' COLUMNS (value JSON PATH '$')) AS \(alias)"
    }

    func jsonElement(_ element: String, path: [String], as kind: SQLValueKind)
        throws(QueryError) -> String
    {
        var json = element
        if !path.isEmpty {
            guard
                !path.contains(where: { $0.contains("\"") || $0.unicodeScalars.contains("\0") })
            else {
                throw .unsupported(
                    operation: "the attribute \"\(path.joined(separator: "."))\" inside JSON",
                    target: .sql, reason: "a MySQL JSON path cannot quote it.")
            }
            json =
                "JSON_EXTRACT(\(element), "
                + literal("$" + path.map { ".\"\($0)\"" }.joined()) + ")"
        }
        return switch kind {
        case .text: "JSON_UNQUOTE(\(json)) COLLATE utf8mb4_bin"
        case .integer: "CAST(\(json) AS SIGNED)"
        case .unsignedInteger: "CAST(\(json) AS DECIMAL(20))"
        case .real: "CAST(\(json) AS DOUBLE)"
        case .boolean: "(\(json) = TRUE)"
        default: json
        }
    }

    func jsonArrayLength(_ array: String) -> String {
        "JSON_LENGTH(\(array))"
    }

    func jsonArrayContainment(_ array: String) -> String? {
        "JSON_CONTAINS(\(array), ?)"
    }

    /// MySQL has no `NULLS FIRST`; `NULL` is its smallest value, as in memory, and an order
    /// that puts it elsewhere sorts by `IS NULL` first.
    func orderingTerm(_ expression: String, ascending: Bool, nilsFirst: Bool) -> String {
        let direction = ascending ? " ASC" : " DESC"
        guard nilsFirst != ascending else { return expression + direction }
        return expression + " IS NULL" + direction + ", " + expression + direction
    }

    func limitClause(limit: Int?, offset: Int) -> SQLFragment? {
        switch (limit, offset) {
        case (nil, 0): nil
        case (nil, let offset):
            SQLFragment(
                sql: "LIMIT 18446744073709551615 OFFSET ?", bindings: [.integer(Int64(offset))])
        case (let limit?, 0): SQLFragment(sql: "LIMIT ?", bindings: [.integer(Int64(limit))])
        case (let limit?, let offset):
            SQLFragment(
                sql: "LIMIT ? OFFSET ?",
                bindings: [.integer(Int64(limit)), .integer(Int64(offset))])
        }
    }

    func upsert(into table: String, columns: [String], rows: [[String]], uniqueColumn: String)
        -> String
    {
        insert(into: table, columns: columns, rows: rows) + " ON DUPLICATE KEY UPDATE "
            + columns.filter { $0 != uniqueColumn }.map(quoted).map { "\($0) = VALUES(\($0))" }
            .joined(separator: ", ")
    }
}
