import Foundation
import KeyPathQuery
import Testing

/// With registered text functions named in the options, the SQL renderer renders the text
/// tests and sorts that plain SQLite refuses, and the functions' implementations answer as
/// memory does.
@Suite("SQL text functions")
struct SQLTextFunctionsTests {
    static let functions = SQLOptions(textFunctions: SQLTextFunctions())

    @Test("every text test calls the test function, with the operand bound")
    func textTestsCallTheFunction() throws {
        let diacritics = try Condition<Record>.contains(
            \.title, "cafe", options: .diacriticInsensitive
        ).sqlExpression(options: Self.functions)
        #expect(diacritics.sql == #"keypathquery_text_test("title", 'contains', ?, 2)"#)
        #expect(diacritics.bindings == [.text("cafe")])

        let regex = try (!Condition<Record>.matches(\.title, "R.*", options: .caseInsensitive))
            .sqlExpression(options: Self.functions)
        #expect(regex.sql == #"NOT (keypathquery_text_test("title", 'matches', ?, 1))"#)

        let element = try Condition<Record>.anyElement(\.tags, where: .like(\.self, "a*"))
            .sqlExpression(options: Self.functions)
        #expect(
            element.sql
                == "EXISTS (SELECT 1 FROM json_each(\"tags\") AS e1 WHERE "
                + "keypathquery_text_test(e1.value, 'like', ?, 0))")
    }

    /// An exact ASCII prefix also bounds the column in the collation, so that a store's index
    /// on it (made in that collation) can find the candidates; the test function decides.
    @Test(
        "an exact ASCII prefix adds its range in the collation",
        arguments: [
            ("char", "char", "chas"), ("a\u{7F}", "a\u{7F}", "b"),
            ("ab\u{7F}\u{7F}", "ab\u{7F}\u{7F}", "ac"),
        ])
    func prefixRange(_ prefix: String, lower: String, upper: String) throws {
        let rendered = try Condition<Record>.hasPrefix(\.title, prefix)
            .sqlExpression(options: Self.functions)
        #expect(
            rendered.sql
                == #""title" COLLATE keypathquery_text_order >= ? AND "#
                + #""title" COLLATE keypathquery_text_order < ? AND "#
                + #"keypathquery_text_test("title", 'hasPrefix', ?, 0)"#)
        #expect(rendered.bindings == [.text(lower), .text(upper), .text(prefix)])
    }

    @Test("a prefix of DEL alone has no upper bound")
    func prefixRangeWithoutUpperBound() throws {
        let rendered = try Condition<Record>.hasPrefix(\.title, "\u{7F}")
            .sqlExpression(options: Self.functions)
        #expect(
            rendered.sql
                == #""title" COLLATE keypathquery_text_order >= ? AND "#
                + #"keypathquery_text_test("title", 'hasPrefix', ?, 0)"#)
        #expect(rendered.bindings == [.text("\u{7F}"), .text("\u{7F}")])
    }

    @Test(
        "no range for an empty or non-ASCII prefix, text options, or an element",
        arguments: [
            Condition<Record>.hasPrefix(\.title, ""), .hasPrefix(\.title, "caf\u{E9}"),
            .hasPrefix(\.title, "char", options: .caseInsensitive),
            .anyElement(\.tags, where: .hasPrefix(\.self, "a")),
        ])
    func noPrefixRange(_ condition: Condition<Record>) throws {
        let rendered = try condition.sqlExpression(options: Self.functions)
        #expect(!rendered.sql.contains(">="), "\(rendered.sql)")
    }

    @Test("without them, the plain target still refuses what it cannot express")
    func plainTargetRefuses() {
        #expect(throws: QueryError.self) {
            try Condition<Record>.contains(\.title, "cafe", options: .diacriticInsensitive)
                .sqlExpression()
        }
        #expect(throws: QueryError.self) {
            try RecordQuery<Record>(sortedBy: [.ascending(\.title, options: .caseInsensitive)])
                .sqlClauses()
        }
    }

    @Test("a pattern memory refuses is refused, and so is a name SQL would misread")
    func refusals() {
        #expect(throws: QueryError.self) {
            try Condition<Record>.matches(\.title, "(").sqlExpression(options: Self.functions)
        }
        let bad = SQLOptions(textFunctions: SQLTextFunctions(test: "f(x); --"))
        #expect(throws: QueryError.self) {
            try Condition<Record>.contains(\.title, "a").sqlExpression(options: bad)
        }
        #expect(throws: QueryError.self) {
            try SQLTextFunctions.Matcher(operation: "equals", operand: "a", options: 0)
        }
        #expect(throws: QueryError.self) {
            try SQLTextFunctions.fold("a", options: 8)
        }
    }

    @Test("a sort key with options sorts by the fold function")
    func sortsByFold() throws {
        let clauses = try RecordQuery<Record>(
            sortedBy: [
                .ascending(\.title, options: .caseInsensitive),
                .descending(\.note, options: [.caseInsensitive, .diacriticInsensitive]),
            ]
        ).sqlClauses(options: Self.functions)
        #expect(
            clauses.orderByClause
                == #"ORDER BY keypathquery_text_fold("title", 1) ASC, "#
                + #"keypathquery_text_fold("note", 3) DESC"#)
    }

    @Test("comparisons with text, lists of texts and sorts on text name the collation")
    func textComparisonsNameTheCollation() throws {
        let equal = try (\Record.title == "cafe\u{301}").sqlExpression(options: Self.functions)
        #expect(equal.sql == #""title" COLLATE keypathquery_text_order = ?"#)
        let between = try Condition<Record>.between(\.title, "a"..."f")
            .sqlExpression(options: Self.functions)
        #expect(between.sql == #""title" COLLATE keypathquery_text_order BETWEEN ? AND ?"#)
        let list = try Condition<Record>.in(\.note, ["é", nil, "e"])
            .sqlExpression(options: Self.functions)
        #expect(
            list.sql == #""note" COLLATE keypathquery_text_order IN (?, ?) OR "note" IS NULL"#)
        let element = try Condition<Record>.contains(\.tags, "é")
            .sqlExpression(options: Self.functions)
        #expect(
            element.sql
                == #"instr("tags", ?) > 0 AND EXISTS (SELECT 1 FROM json_each("tags") AS e1 WHERE "#
                + "e1.value COLLATE keypathquery_text_order = ?)")
        // Text that JSON may spell several ways is not looked for: the look binds "".
        #expect(element.bindings.first == .text(""))
        // Numbers keep SQLite's own comparison, and with it their indexes.
        let number = try (\Record.id >= 3).sqlExpression(options: Self.functions)
        #expect(number.sql == #""id" >= ?"#)
        let clauses = try RecordQuery<Record>(sortedBy: [.ascending(\.note), .descending(\.id)])
            .sqlClauses(options: Self.functions)
        #expect(
            clauses.orderByClause
                == #"ORDER BY "note" COLLATE keypathquery_text_order ASC, "id" DESC"#)
        // Without registered functions, the plain SQL target compares bytes, as documented.
        #expect(try (\Record.title == "é").sqlExpression().sql == #""title" = ?"#)
    }

    @Test("the collation compares as memory: canonically equivalent texts are equal")
    func collationComparesAsMemory() {
        #expect(SQLTextFunctions.compare("caf\u{E9}", "cafe\u{301}") == 0)
        #expect(SQLTextFunctions.compare("e\u{301}", "f") == 1)
        #expect(SQLTextFunctions.compare("f", "e\u{301}") == -1)
        #expect(SQLTextFunctions.compare("abc", "abd") == -1)
        #expect(SQLTextFunctions.compare("", "") == 0)
        // A pair the standard library's `<` orders neither way: unequal, ordered by bytes.
        let (precomposed, decomposed) = ("caf\u{E9}?", "cafe\u{301}")
        #expect(precomposed != decomposed)
        #expect(SQLTextFunctions.compare(precomposed, decomposed) != 0)
        #expect(
            SQLTextFunctions.compare(precomposed, decomposed)
                == -SQLTextFunctions.compare(decomposed, precomposed))
    }

    static let texts = [
        "", "Straße", "STRASSE", "strasse", "Café", "Cafe\u{301}", "cafe", "CAFÉ", "Ǆemal",
        "ǆ", "ﬁne", "FINE", "K", "\u{212A}", "a*b", "a?c", "abc", "İstanbul", "istanbul",
        "ß", "ẞ", "x\0y", "\r\n", "naïve", "NAÏVE", "🎉 party", "日本語",
    ]

    @Test(
        "the matcher answers what memory answers",
        arguments: ["contains", "hasPrefix", "hasSuffix", "like", "matches"])
    func matcherAgreesWithMemory(_ operation: String) throws {
        let records = Self.texts.enumerated().map { index, text in
            var record = Record.sample(index)
            record.title = text
            return record
        }
        let operands = ["ss", "STRASSE", "cafe", "é", "FI", "k", "a*", "?", "a.*", "", "ǅ", "ÏV"]
        var matches = 0
        for operand in operands {
            for raw in Int64(0)...3 {
                let options = TextOptions(rawValue: UInt8(raw))
                let condition: Condition<Record> =
                    switch operation {
                    case "contains": .contains(\.title, operand, options: options)
                    case "hasPrefix": .hasPrefix(\.title, operand, options: options)
                    case "hasSuffix": .hasSuffix(\.title, operand, options: options)
                    case "like": .like(\.title, operand, options: options)
                    default: .matches(\.title, operand, options: options)
                    }
                let matcher: SQLTextFunctions.Matcher
                do {
                    matcher = try SQLTextFunctions.Matcher(
                        operation: operation, operand: operand, options: raw)
                } catch {
                    #expect(throws: QueryError.self) { try condition.filter(records) }
                    continue
                }
                let expected = try condition.filter(records).map(\.title)
                #expect(
                    records.map(\.title).filter(matcher.matches) == expected,
                    "\(operation) \(operand.debugDescription) options \(raw)")
                matches += expected.count
            }
        }
        #expect(matches > 0 && matches < operands.count * 4 * records.count)
    }

    @Test("sorting by the folded texts' bytes is memory's sort", arguments: [Int64(1), 2, 3])
    func foldOrdersAsMemory(_ raw: Int64) throws {
        let records = Self.texts.enumerated().map { index, text in
            var record = Record.sample(index)
            record.title = text
            return record
        }
        let options = TextOptions(rawValue: UInt8(raw))
        let inMemory = try RecordQuery<Record>(sortedBy: [.ascending(\.title, options: options)])
            .apply(to: records).map(\.id)
        let folded = try records.map {
            (id: $0.id, key: try SQLTextFunctions.fold($0.title, options: raw))
        }
        let byBytes = folded.enumerated().sorted { lhs, rhs in
            let (l, r) = (Array(lhs.element.key.utf8), Array(rhs.element.key.utf8))
            if l != r { return l.lexicographicallyPrecedes(r) }
            return lhs.offset < rhs.offset
        }.map(\.element.id)
        #expect(byBytes == inMemory)
        #expect(Set(folded.map(\.key)).count < records.count)
    }
}
