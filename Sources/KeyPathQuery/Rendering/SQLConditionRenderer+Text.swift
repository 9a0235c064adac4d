// Text conditions: the dialect writes each test (`SQLDialect.textContains(_:operand:)`, …) on
// the column folded as the options say. With registered text functions
// (`SQLOptions.textFunctions`, in a dialect that `supportsTextFunctions`), every text test
// calls the test function instead, which runs the in-memory matcher. An equality with options
// on an attribute whose folded values a token table keeps (`SQLSearchIndex.foldedAttributes`)
// is a lookup in that table, in every dialect.

extension SQLConditionRenderer {
    func text(
        _ keyPath: AttributeKeyPath, _ operation: TextOperator, _ operand: String,
        _ options: TextOptions, in scope: Scope
    ) throws(QueryError) -> Piece {
        let column = try column(keyPath, in: scope)
        let keyword = operation.predicateKeyword + options.predicateModifier
        let described = "\(column.name) \(keyword) \(operand.debugDescription)"
        try RenderingChecks.checkText(
            keyPath.valueType, attribute: column.name, operation: described, target: target)
        // Registered text functions, their collation and with it the prefix range below are
        // used only in a dialect that supports them (SQLite's).
        if dialect.supportsTextFunctions, let functions = self.options.textFunctions {
            // Prepared as memory prepares it, so that a pattern memory refuses is refused here.
            _ = try TextMatcher(operation, operand, options: options)
            let name = try SQLTextFunctions.checkedName(functions.test)
            let test = Piece(
                sql: "\(name)(\(column.sql), '\(operation.rawValue)', ?, \(options.rawValue))",
                bindings: [.text(operand)], mayBeNull: false)
            guard operation == .hasPrefix, options.isEmpty, !column.isInJSON,
                let range = Self.prefixRange(operand)
            else { return test }
            return try prefixRange(range, of: column, collation: functions.collation, and: test)
        }
        guard operation != .matches else {
            throw .unsupported(
                operation: described, target: target,
                reason: dialect.reason(for: .regularExpressions))
        }
        let (subject, values) = try folded(column, [operand], options, described: described)
        let value = values.first ?? operand
        try checkText(value, for: column)
        let test: SQLFragment
        switch operation {
        case .contains: test = try dialect.textContains(subject, operand: value)
        case .hasPrefix: test = try dialect.textHasPrefix(subject, operand: value)
        case .hasSuffix: test = try dialect.textHasSuffix(subject, operand: value)
        case .like: test = try dialect.textLike(subject, pattern: value)
        case .matches: return constant(false)  // Refused above.
        }
        return Piece(sql: test.sql, bindings: test.bindings, mayBeNull: true)
    }

    // MARK: Prefix ranges

    /// The bounds between which every text with an ASCII prefix lies in the order of
    /// ``SQLTextFunctions/collation``: the prefix itself, and the prefix with its last byte
    /// below DEL raised by one (the bytes after it dropped); `nil` for an empty prefix or one
    /// outside ASCII.
    ///
    /// A text that has an ASCII prefix as Swift's `hasPrefix` reads it (`Character` by
    /// `Character`) starts with the prefix's scalars in normalization form C too, since a
    /// character that would compose with the prefix's last one belongs to its `Character`.
    /// Swift orders text by those scalars, so the text is at least the prefix and below the
    /// raised one.
    static func prefixRange(_ prefix: String) -> (lower: String, upper: String?)? {
        let bytes = Array(prefix.utf8)
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        guard let last = bytes.lastIndex(where: { $0 < 0x7F }) else { return (prefix, nil) }
        var upper = Array(bytes[...last])
        upper[last] += 1
        return (prefix, String(decoding: upper, as: UTF8.self))
    }

    /// A prefix test with the prefix's range on the column before it.
    ///
    /// The range is compared in the collation that a text column's index in a store uses, so
    /// that SQLite can look the candidates up in that index; the test still decides. The
    /// range holds every text with the prefix (see ``prefixRange(_:)``), so the answer never
    /// changes.
    private func prefixRange(
        _ range: (lower: String, upper: String?), of column: Column, collation: String,
        and test: Piece
    ) throws(QueryError) -> Piece {
        let collated = column.sql + " COLLATE " + (try SQLTextFunctions.checkedName(collation))
        var sql = collated + " >= ?"
        var bindings: [SQLBinding] = [.text(range.lower)]
        if let upper = range.upper {
            sql += " AND " + collated + " < ?"
            bindings.append(.text(upper))
        }
        // A NULL column makes the comparisons NULL and the test 0: the whole is 0, never NULL.
        return Piece(
            sql: sql + " AND " + test.sql, bindings: bindings + test.bindings, mayBeNull: false,
            isCompound: true)
    }

    /// `attribute = ?` for one operand, `attribute IN (?, …)` for several, `0` for none; the
    /// attribute and the operands folded as for the other text tests.
    func textOneOf(
        _ keyPath: AttributeKeyPath, _ operands: [String], _ options: TextOptions,
        in scope: Scope
    ) throws(QueryError) -> Piece {
        let column = try column(keyPath, in: scope)
        let keyword = "==" + options.predicateModifier
        let described =
            "\(column.name) \(keyword) "
            + (operands.count == 1
                ? operands[0].debugDescription : "one of \(operands.debugDescription)")
        try RenderingChecks.checkText(
            keyPath.valueType, attribute: column.name, operation: described, target: target)
        guard !operands.isEmpty else { return constant(false) }
        for operand in operands { try checkText(operand, for: column) }
        // A token table that keeps the attribute's folded values answers alone.
        if let lookup = try foldedLookup(keyPath, column, operands, options, in: scope) {
            return lookup
        }
        if dialect.supportsTextFunctions, let functions = self.options.textFunctions,
            options.contains(.diacriticInsensitive)
                || !operands.allSatisfy({ $0.unicodeScalars.allSatisfy(\.isASCII) })
        {
            return try foldedEquality(column, operands, options, functions: functions)
        }
        let (subject, values) = try folded(column, operands, options, described: described)
        var foldedColumn = column
        foldedColumn.sql = subject
        return try membership(foldedColumn, values.map(QueryValue.string))
    }

    /// `fold(attribute, options) COLLATE order IN (?, …)` with the registered text functions:
    /// the attribute folded as memory folds it, equal to one of the operands folded the same
    /// way as Swift `String`s are equal, which is memory's equality with options.
    private func foldedEquality(
        _ column: Column, _ operands: [String], _ options: TextOptions,
        functions: SQLTextFunctions
    ) throws(QueryError) -> Piece {
        let fold = try SQLTextFunctions.checkedName(functions.fold)
        let collation = try SQLTextFunctions.checkedName(functions.collation)
        let values = Array(Set(operands.map { TextMatcher.fold($0, options) })).sorted()
        let placeholders = values.map { _ in "?" }.joined(separator: ", ")
        let subject = "\(fold)(\(column.sql), \(options.rawValue)) COLLATE \(collation)"
        return Piece(
            sql: subject + (values.count == 1 ? " = ?" : " IN (\(placeholders))"),
            bindings: values.map(SQLBinding.text), mayBeNull: true)
    }

    /// The keys of the records whose attribute, folded as the options say
    /// (``SQLSearchIndex/foldedValue(of:options:)``), is one of the operands folded the same
    /// way, looked up in the index of the token table that keeps the attribute's folded
    /// values; `nil` when no table keeps them, for options that fold nothing, or on a
    /// collection's elements.
    ///
    /// Texts equal under the options in memory are those whose folded values have the same
    /// bytes, so the lookup is memory's answer; a record without a value has no row, and is
    /// not selected, as in memory.
    private func foldedLookup(
        _ keyPath: AttributeKeyPath, _ column: Column, _ operands: [String],
        _ options: TextOptions, in scope: Scope
    ) throws(QueryError) -> Piece? {
        guard SQLSearchIndex.foldingOptions.contains(options) else { return nil }
        let outer: String
        switch scope {
        case .row: outer = ""
        case .table(let alias): outer = alias + "."
        case .element: return nil
        }
        guard let index = self.options.tables.searchIndex(for: ObjectIdentifier(keyPath.rootType)),
            index.foldedAttributes.contains(column.name)
        else { return nil }
        let key = try Self.quotedIdentifier(index.keyColumn, in: dialect)
        let tokens = try Self.quotedIdentifier(index.table, in: dialect)
        let token = "\(tokens).\"token\"" + (dialect.textCollation.map { " " + $0 } ?? "")
        let values = Array(
            Set(operands.map { SQLSearchIndex.foldedValue(of: $0, options: options) })
        ).sorted()
        let lookup =
            values.count == 1
            ? "\(token) = ?"
            : "\(token) IN (" + values.map { _ in "?" }.joined(separator: ", ") + ")"
        return Piece(
            sql: outer + key + " IN (SELECT \(tokens).\(key) FROM \(tokens) WHERE " + lookup
                + " AND \(tokens).\"attribute\" = ?)",
            bindings: values.map(SQLBinding.text)
                + [.text(SQLSearchIndex.foldedRowAttribute(of: column.name, options: options))],
            mayBeNull: false)
    }

    // MARK: Case folding

    /// The column and the operands as a text test compares them: as they are, or, ignoring
    /// case, the column folded by ``caseFolded(_:)`` and the operands' ASCII letters lowered.
    ///
    /// - Throws: ``QueryError/unsupported(operation:target:reason:)`` for
    ///   ``TextOptions/diacriticInsensitive``, and for ``TextOptions/caseInsensitive`` when an
    ///   operand holds a character outside ASCII.
    private func folded(
        _ column: Column, _ operands: [String], _ options: TextOptions, described: String
    ) throws(QueryError) -> (subject: String, operands: [String]) {
        guard !options.contains(.diacriticInsensitive) else {
            throw .unsupported(
                operation: described, target: target,
                reason: dialect.reason(for: .diacriticFolding))
        }
        guard options.contains(.caseInsensitive) else { return (column.sql, operands) }
        guard operands.allSatisfy({ $0.unicodeScalars.allSatisfy(\.isASCII) }) else {
            throw .unsupported(
                operation: described, target: target,
                reason: dialect.reason(for: .caseFoldingOutsideASCII))
        }
        return (Self.caseFolded(column.sql, in: dialect), operands.map(Self.asciiLowercased))
    }

    /// The characters outside ASCII whose Unicode case folding holds ASCII letters, with that
    /// folding: the only ones where folding text in memory and lowering its ASCII letters in
    /// SQLite could disagree about an ASCII operand. (Every other character outside ASCII
    /// folds to characters outside ASCII, which an ASCII operand never matches either way.)
    static let asciiFoldings: [(character: Unicode.Scalar, folded: String)] = [
        ("\u{DF}", "ss"),  // ß
        ("\u{149}", "\u{2BC}n"),  // ŉ
        ("\u{17F}", "s"),  // ſ
        ("\u{1E9A}", "a\u{2BE}"),  // ẚ
        ("\u{1E9E}", "ss"),  // ẞ
        ("\u{212A}", "k"),  // Kelvin sign
        ("\u{FB00}", "ff"),  // ﬀ
        ("\u{FB01}", "fi"),  // ﬁ
        ("\u{FB02}", "fl"),  // ﬂ
        ("\u{FB03}", "ffi"),  // ﬃ
        ("\u{FB04}", "ffl"),  // ﬄ
        ("\u{FB05}", "st"),  // ﬅ
        ("\u{FB06}", "st"),  // ﬆ
    ]

    /// A text expression folded as memory folds it for an ASCII operand: the characters of
    /// ``asciiFoldings`` replaced by their folding, then ASCII letters lowered (SQLite's
    /// `lower()` does only that; PostgreSQL's under `COLLATE "C"`, which the column carries).
    ///
    /// The characters are written with the dialect's ``SQLDialect/characters(_:)`` (SQLite:
    /// `char()`) so that the SQL stays ASCII (and `K` is not mistaken for `K`).
    static func caseFolded(_ expression: String, in dialect: any SQLDialect) -> String {
        var folded = expression
        for (character, replacement) in asciiFoldings {
            let to =
                if replacement.unicodeScalars.allSatisfy(\.isASCII) {
                    "'" + replacement + "'"
                } else {
                    dialect.characters(replacement.unicodeScalars.map(\.value))
                }
            folded = "replace(\(folded), \(dialect.characters([character.value])), \(to))"
        }
        return "lower(\(folded))"
    }

    /// The text with `A`–`Z` lowered, as SQLite's `lower()` does.
    static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map(TextMatcher.lowercased), as: UTF8.self)
    }
}
