/// SQLite 3.30 or later: the default dialect, ``SQLDialect/sqlite``.
///
/// `?` placeholders; Booleans are the integers 0 and 1; text compares by its UTF-8 bytes
/// with SQLite's `BINARY` collation, or as Swift `String`s with the registered
/// ``SQLTextFunctions``; arrays and sets are JSON text, read with `json_each`,
/// `json_extract` and `json_array_length`.
///
/// ```swift
/// let fragment = try (\Pokemon.attack >= 80 && \.favorite == true).sqlExpression()
/// fragment.sql         // "attack" >= ? AND "favorite" = ?
/// fragment.bindings    // [.integer(80), .integer(1)]
/// ```
public struct SQLiteDialect: SQLDialect {
    /// The SQLite dialect.
    public init() {}

    /// `SQLite`.
    public var name: String { "SQLite" }

    /// `1` or `0`: SQLite has no Boolean type.
    public func literalBoolean(_ value: Bool) -> String { value ? "1" : "0" }

    /// The integer 1 or 0.
    public func booleanBinding(_ value: Bool) -> SQLBinding { .integer(value ? 1 : 0) }

    /// `true`: SQLite's text holds NUL (its JSON functions do not).
    public var textHoldsNUL: Bool { true }

    /// `true`: SQLiteStorage registers them on every connection.
    public var supportsTextFunctions: Bool { true }

    /// Why SQLite cannot express it with the in-memory meaning.
    public func reason(for refusal: SQLRefusal) -> String {
        switch refusal {
        case .notANumber: "SQLite stores NaN as NULL, which would compare as nil."
        case .nulInJSON: "SQLite's JSON functions end a string at \\u0000."
        case .regularExpressions:
            "SQLite has no regular expressions unless the application registers a REGEXP "
                + "function, whose dialect KeyPathQuery cannot know."
        case .diacriticFolding: "SQLite cannot ignore diacritics: it compares text byte by byte."
        case .caseFoldingOutsideASCII:
            "SQLite folds the case of ASCII letters only, and the operand holds characters "
                + "outside ASCII."
        case .foldedSort:
            "SQLite's COLLATE NOCASE folds the case of ASCII letters only and nothing folds "
                + "diacritics, so it would order É and é apart where the in-memory sort ties "
                + "them; sort exactly, or in memory."
        default: refusal.defaultReason(in: name)
        }
    }

    /// `INTEGER`, `REAL`, `TEXT` or `BLOB`, as ``SQLColumn/declaredType`` declares them; empty
    /// for an unsigned 64-bit integer, whose values above `Int64.max` are stored as text.
    public func columnType(for kind: SQLValueKind) -> String {
        switch kind {
        case .integer, .boolean: "INTEGER"
        case .real: "REAL"
        case .text, .jsonArray: "TEXT"
        case .bytes: "BLOB"
        default: ""
        }
    }

    /// `expression IS NOT ?`, which SQLite reads as "is distinct from".
    public func notEqualTest(_ expression: String) -> String {
        expression + " IS NOT ?"
    }

    /// `char(n, …)`.
    public func characters(_ codes: [UInt32]) -> String {
        "char(" + codes.map { String($0) }.joined(separator: ", ") + ")"
    }

    /// `instr(text, ?) > 0`: byte-exact, where `LIKE` ignores ASCII case.
    public func textContains(_ subject: String, operand: String) throws(QueryError) -> SQLFragment {
        SQLFragment(sql: "instr(\(subject), ?) > 0", bindings: [.text(operand)])
    }

    /// `instr(text, ?) = 1`.
    public func textHasPrefix(_ subject: String, operand: String) throws(QueryError) -> SQLFragment
    {
        SQLFragment(sql: "instr(\(subject), ?) = 1", bindings: [.text(operand)])
    }

    /// `instr(CAST(text || x'FF' AS BLOB), CAST(? || x'FF' AS BLOB)) > 0`: x'FF' never occurs
    /// in UTF-8, so the operand followed by it can only be found at the very end of the text
    /// followed by it.
    public func textHasSuffix(_ subject: String, operand: String) throws(QueryError) -> SQLFragment
    {
        SQLFragment(
            sql: "instr(CAST(\(subject) || x'FF' AS BLOB), CAST(? || x'FF' AS BLOB)) > 0",
            bindings: [.text(operand)])
    }

    /// `text GLOB ?`, case-sensitive, the pattern's literal `*`, `?` and `[` written `[*]`,
    /// `[?]` and `[[]`.
    ///
    /// - Throws: ``QueryError/unsupported(operation:target:reason:)`` for a pattern holding
    ///   NUL, where `GLOB` stops.
    public func textLike(_ subject: String, pattern: String) throws(QueryError) -> SQLFragment {
        guard !pattern.unicodeScalars.contains("\0") else {
            throw .unsupported(
                operation: "\(subject) LIKE \(pattern.debugDescription)", target: .sql,
                reason: "SQLite's GLOB stops at a NUL character.")
        }
        return SQLFragment(sql: "\(subject) GLOB ?", bindings: [.text(Self.globPattern(pattern))])
    }

    /// `json_each(array) AS alias`.
    public func jsonArrayElements(_ array: String, as alias: String) -> String {
        "json_each(\(array)) AS \(alias)"
    }

    /// Each element at its first occurrence, through `json_each`.
    ///
    /// `JOIN json_each(array) AS alias ON (alias.key = 0 OR NOT EXISTS (SELECT 1 FROM
    /// json_each(array) AS aliasd WHERE aliasd.key < alias.key AND aliasd.value IS
    /// alias.value))`, text compared with the collation groups use: SQLite has no `LATERAL`
    /// subquery. The first element is never a repeat, so only the later ones read the array
    /// again.
    public func jsonArrayDistinctElementsJoin(
        _ array: String, as alias: String, collation: String
    ) -> String {
        let earlier = alias + "d"
        return "JOIN json_each(\(array)) AS \(alias) ON (\(alias).key = 0 OR NOT EXISTS "
            + "(SELECT 1 FROM json_each(\(array)) AS \(earlier) WHERE \(earlier).key < "
            + "\(alias).key AND \(earlier).value\(collation) IS \(alias).value))"
    }

    /// The element itself, or `json_extract(element, '$.name')`, as SQLite's JSON functions
    /// read it (`true` as 1).
    ///
    /// - Throws: ``QueryError/unsupported(operation:target:reason:)`` for a name holding a
    ///   double quote or NUL, which a JSON path cannot quote.
    public func jsonElement(_ element: String, path: [String], as kind: SQLValueKind)
        throws(QueryError) -> String
    {
        guard !path.isEmpty else { return element }
        return "json_extract(\(element), \(try Self.jsonPath(path)))"
    }

    /// `json_array_length(array)`.
    public func jsonArrayLength(_ array: String) -> String {
        "json_array_length(\(array))"
    }

    /// `instr(array, ?) > 0`.
    public func jsonTextPrefilter(_ array: String) -> String? {
        "instr(\(array), ?) > 0"
    }

    /// `true`: SQLite finds the other table's matching rows once, where a correlated
    /// `EXISTS` would look them up again for every row.
    public var filtersReferencesWithIn: Bool { true }

    /// `expression ASC`, `expression DESC`, with `NULLS FIRST` or `NULLS LAST` only where
    /// it differs from SQLite's own placement: `NULL` is the smallest value.
    public func orderingTerm(_ expression: String, ascending: Bool, nilsFirst: Bool) -> String {
        let term = expression + (ascending ? " ASC" : " DESC")
        guard nilsFirst != ascending else { return term }
        return term + (nilsFirst ? " NULLS FIRST" : " NULLS LAST")
    }

    /// `LIMIT ?` or `LIMIT ? OFFSET ?`, with a limit of -1 ("no limit") for an offset alone.
    public func limitClause(limit: Int?, offset: Int) -> SQLFragment? {
        switch (limit, offset) {
        case (nil, 0): nil
        case (let limit?, 0): SQLFragment(sql: "LIMIT ?", bindings: [.integer(Int64(limit))])
        case (let limit, let offset):
            SQLFragment(
                sql: "LIMIT ? OFFSET ?",
                bindings: [.integer(Int64(limit ?? -1)), .integer(Int64(offset))])
        }
    }

    // MARK: Helpers

    /// The JSON path of an attribute inside a JSON object, as an SQL string literal:
    /// `'$.name'`, `'$.session.name'`, or `'$."first name"'` for a name that is not a plain
    /// identifier.
    static func jsonPath(_ path: [String]) throws(QueryError) -> String {
        var json = "$"
        for component in path {
            if isPlainIdentifier(component) {
                json += "." + component
            } else if component.contains("\"") || component.unicodeScalars.contains("\0") {
                throw .unsupported(
                    operation: "the attribute \"\(path.joined(separator: "."))\" inside JSON",
                    target: .sql,
                    reason: "a JSON path cannot quote a name holding a double quote or NUL.")
            } else {
                json += ".\"" + component + "\""
            }
        }
        return SQLQuoting.quoted(json, in: "'")
    }

    private static func isPlainIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.isASCIILetter else {
            return false
        }
        return text.unicodeScalars.allSatisfy {
            $0 == "_" || $0.isASCIILetter || ("0"..."9").contains($0)
        }
    }

    /// A `like` pattern (`*`, `?`, backslash escapes) as a `GLOB` pattern, whose literal `*`,
    /// `?` and `[` are written `[*]`, `[?]` and `[[]`.
    static func globPattern(_ pattern: String) -> String {
        var glob = ""
        var escaped = false
        for character in pattern {
            if escaped {
                glob += globLiteral(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "*" || character == "?" {
                glob.append(character)
            } else {
                glob += globLiteral(character)
            }
        }
        if escaped { glob += "\\" }
        return glob
    }

    private static func globLiteral(_ character: Character) -> String {
        var literal = ""
        for scalar in character.unicodeScalars {
            switch scalar {
            case "*", "?", "[": literal += "[" + String(scalar) + "]"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal
    }
}

extension Unicode.Scalar {
    /// Whether this is `A`–`Z` or `a`–`z`.
    fileprivate var isASCIILetter: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self)
    }
}
