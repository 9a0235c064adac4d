// The default implementations of `SQLDialect`: standard SQL, in PostgreSQL's spelling where
// the standard has none, and the helpers a dialect writes its SQL with.

extension SQLDialect {
    /// The dialect's ``name``.
    public var description: String { name }

    /// `?` for every binding.
    public func bindPlaceholder(at position: Int) -> String { "?" }

    /// `"`, as the SQL standard quotes identifiers.
    public var identifierQuote: Unicode.Scalar { "\"" }

    /// `TRUE` or `FALSE`.
    public func literalBoolean(_ value: Bool) -> String { value ? "TRUE" : "FALSE" }

    /// ``SQLBinding/boolean(_:)``.
    public func booleanBinding(_ value: Bool) -> SQLBinding { .boolean(value) }

    /// `false`: text holding NUL is refused.
    public var textHoldsNUL: Bool { false }

    /// A sentence that names the database.
    public func reason(for refusal: SQLRefusal) -> String {
        refusal.defaultReason(in: name)
    }

    /// `nil`: the column's own collation compares text by its bytes.
    public var textCollation: String? { nil }

    /// `false`: ``SQLOptions/textFunctions`` is not used.
    public var supportsTextFunctions: Bool { false }

    /// `expression IS DISTINCT FROM ?`.
    public func notEqualTest(_ expression: String) -> String {
        expression + " IS DISTINCT FROM ?"
    }

    /// `chr(n)` for each scalar, joined by `||`.
    public func characters(_ codes: [UInt32]) -> String {
        codes.map { "chr(\($0))" }.joined(separator: " || ")
    }

    /// `text LIKE ? ESCAPE '\'`, binding ``likePattern(_:)``.
    public func textLike(_ subject: String, pattern: String) throws(QueryError) -> SQLFragment {
        SQLFragment(
            sql: subject + " LIKE ? ESCAPE '\\'", bindings: [.text(Self.likePattern(pattern))])
    }

    /// `CROSS JOIN LATERAL (SELECT DISTINCT aliasd.value AS value FROM
    /// jsonArrayElements(array, as: aliasd)) AS alias`: the distinct elements, compared as
    /// the database compares its JSON values.
    public func jsonArrayDistinctElementsJoin(
        _ array: String, as alias: String, collation: String
    ) -> String {
        "CROSS JOIN LATERAL (SELECT DISTINCT \(alias)d.value AS value FROM "
            + jsonArrayElements(array, as: alias + "d") + ") AS " + alias
    }

    /// `nil`: membership is tested on the elements.
    public func jsonArrayContainment(_ array: String) -> String? { nil }

    /// `nil`: no test on the array's text.
    public func jsonTextPrefilter(_ array: String) -> String? { nil }

    /// `false`: a correlated `EXISTS`.
    public var filtersReferencesWithIn: Bool { false }

    /// `expression ASC NULLS FIRST`, `expression DESC NULLS LAST`, …: every term says where
    /// `NULL` goes.
    public func orderingTerm(_ expression: String, ascending: Bool, nilsFirst: Bool) -> String {
        expression + (ascending ? " ASC" : " DESC") + (nilsFirst ? " NULLS FIRST" : " NULLS LAST")
    }

    /// `LIMIT ?`, `OFFSET ?` or `LIMIT ? OFFSET ?`, or `nil` for neither.
    public func limitClause(limit: Int?, offset: Int) -> SQLFragment? {
        switch (limit, offset) {
        case (nil, 0): nil
        case (nil, let offset): SQLFragment(sql: "OFFSET ?", bindings: [.integer(Int64(offset))])
        case (let limit?, 0): SQLFragment(sql: "LIMIT ?", bindings: [.integer(Int64(limit))])
        case (let limit?, let offset):
            SQLFragment(
                sql: "LIMIT ? OFFSET ?",
                bindings: [.integer(Int64(limit)), .integer(Int64(offset))])
        }
    }

    /// `INSERT INTO t (…) VALUES (…), … ON CONFLICT ("key") DO UPDATE SET "c" = excluded."c",
    /// …`.
    public func upsert(
        into table: String, columns: [String], rows: [[String]], uniqueColumn: String
    )
        -> String
    {
        let updates = columns.filter { $0 != uniqueColumn }.map(quoted).map {
            "\($0) = excluded.\($0)"
        }
        return insert(into: table, columns: columns, rows: rows) + " ON CONFLICT ("
            + quoted(uniqueColumn) + ") DO UPDATE SET " + updates.joined(separator: ", ")
    }

    // MARK: Helpers

    /// `count(x)`, `sum(x)`, `avg(x)`, `min(x)` or `max(x)`, as standard SQL writes them.
    ///
    /// - Parameters:
    ///   - function: The function.
    ///   - argument: The expression, quoted and collated.
    ///   - kind: How the expression's values are stored (unused here).
    /// - Returns: The call.
    public func aggregateCall(
        _ function: AggregateFunction, of argument: String, kind: SQLValueKind
    ) -> String {
        switch function {
        case .count: "count(\(argument))"
        case .sum: "sum(\(argument))"
        case .average: "avg(\(argument))"
        case .minimum: "min(\(argument))"
        case .maximum: "max(\(argument))"
        }
    }

    /// An identifier between two ``identifierQuote``s, each one inside it doubled.
    ///
    /// ```swift
    /// SQLiteDialect().quoted(#"my "table""#)   // "my ""table"""
    /// ```
    ///
    /// - Parameter identifier: The name, unquoted; it must not hold NUL.
    /// - Returns: The name, quoted.
    public func quoted(_ identifier: String) -> String {
        SQLQuoting.quoted(identifier, in: identifierQuote)
    }

    /// Text as an SQL string literal, between single quotes, each one inside it doubled
    /// (`'it''s'`), as the SQL standard reads it.
    ///
    /// - Parameter text: The text; it must not hold NUL.
    /// - Returns: The literal.
    public func literal(_ text: String) -> String {
        SQLQuoting.quoted(text, in: "'")
    }

    /// `INSERT INTO table ("a", "b") VALUES (…), (…)`: the part of an upsert before what it
    /// does on a conflict.
    ///
    /// - Parameters:
    ///   - table: The table's name, quoted.
    ///   - columns: The columns' names, unquoted.
    ///   - rows: Each row's values as SQL expressions.
    /// - Returns: The statement.
    public func insert(into table: String, columns: [String], rows: [[String]]) -> String {
        "INSERT INTO \(table) (" + columns.map(quoted).joined(separator: ", ") + ") VALUES "
            + rows.map { "(" + $0.joined(separator: ", ") + ")" }.joined(separator: ", ")
    }

    /// A `like` pattern (`*`, `?`, backslash escapes) as an SQL `LIKE` pattern whose escape
    /// character is `\`.
    ///
    /// `*` is `%`, `?` is `_`, and a literal `%`, `_` or `\` is escaped. A trailing lone
    /// backslash is a literal backslash, as in memory.
    ///
    /// ```swift
    /// PostgreSQLDialect.likePattern(#"50\% of *"#)   // 50\% of %
    /// ```
    ///
    /// - Parameter pattern: The pattern as KeyPathQuery writes it.
    /// - Returns: The `LIKE` pattern, for `LIKE ? ESCAPE '\'`.
    public static func likePattern(_ pattern: String) -> String {
        var like = ""
        var escaped = false
        for scalar in pattern.unicodeScalars {
            if escaped {
                like += likeLiteral(scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == "*" {
                like += "%"
            } else if scalar == "?" {
                like += "_"
            } else {
                like += likeLiteral(scalar)
            }
        }
        if escaped { like += "\\\\" }
        return like
    }

    private static func likeLiteral(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "%", "_", "\\": "\\" + String(scalar)
        default: String(scalar)
        }
    }

    /// Whether two dialects are the same dialect, writing the same SQL.
    func isEqual(to other: any SQLDialect) -> Bool {
        (other as? Self) == self
    }
}
