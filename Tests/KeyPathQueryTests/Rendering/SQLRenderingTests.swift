import ConditionTableSupport
import Foundation
import KeyPathQuery
import QueryTestSupport
import Testing

/// The exact SQL of each kind of condition, locked in: a change here changes what users'
/// databases execute.
@Suite("SQL rendering, exactly")
struct SQLRenderingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let condition: Condition<Record>
        let sql: String
        let bindings: [SQLBinding]
        var testDescription: String { sql }

        init(_ condition: Condition<Record>, _ sql: String, _ bindings: [SQLBinding] = []) {
            self.condition = condition
            self.sql = sql
            self.bindings = bindings
        }
    }

    static let day = Date(timeIntervalSince1970: 86_400)
    static let uuid = Record.sample(7).uuid
    static let link = URL(string: "https://example.com/4") ?? URL(filePath: "/")

    static let cases: [Case] = [
        Case(.true, "1"),
        Case(.false, "0"),
        Case(\.id == 3, #""id" = ?"#, [.integer(3)]),
        Case(\.id != 3, #""id" IS NOT ?"#, [.integer(3)]),
        Case(\.note == nil, #""note" IS NULL"#),
        Case(\.note != nil, #""note" IS NOT NULL"#),
        Case(\.score >= 2.5, #""score" >= ?"#, [.real(2.5)]),
        Case(\.flag == true, #""flag" = ?"#, [.integer(1)]),
        Case(\.when < day, #""when" < ?"#, [.real(86_400)]),
        Case(\.uuid == uuid, #""uuid" = ?"#, [.text(uuid.uuidString)]),
        Case(\.link == link, #""link" = ?"#, [.text("https://example.com/4")]),
        Case(\.mood == .tired, #""mood" = ?"#, [.text("tired")]),
        Case(\.big > 5, #""big" > ?"#, [.integer(5)]),
        Case(\.session.name == "Email", #""session.name" = ?"#, [.text("Email")]),
        Case(
            .between(\.rank, 1...3), #""rank" BETWEEN ? AND ?"#, [.integer(1), .integer(3)]),
        Case(.in(\.id, [1, 2]), #""id" IN (?, ?)"#, [.integer(1), .integer(2)]),
        Case(.in(\.id, [1]), #""id" = ?"#, [.integer(1)]),
        Case(.in(\.id, [Int]()), "0"),
        Case(.in(\.note, ["a", nil]), #""note" = ? OR "note" IS NULL"#, [.text("a")]),
        Case(.in(\.note, [nil]), #""note" IS NULL"#),
        Case(.contains(\.title, "cord"), #"instr("title", ?) > 0"#, [.text("cord")]),
        Case(.hasPrefix(\.title, "Rec"), #"instr("title", ?) = 1"#, [.text("Rec")]),
        Case(
            .hasSuffix(\.title, "7"),
            #"instr(CAST("title" || x'FF' AS BLOB), CAST(? || x'FF' AS BLOB)) > 0"#,
            [.text("7")]),
        Case(.like(\.title, #"R*d \*?[1]"#), #""title" GLOB ?"#, [.text("R*d [*]?[[]1]")]),
        Case(
            .hasPrefix(\.title, "REC", options: .caseInsensitive),
            "instr(" + caseFolded(#""title""#) + ", ?) = 1", [.text("rec")]),
        Case(
            .equals(\.title, "REC*", options: .caseInsensitive),
            caseFolded(#""title""#) + " = ?", [.text("rec*")]),
        Case(
            .in(\.title, ["A", "b_%"], options: .caseInsensitive),
            caseFolded(#""title""#) + " IN (?, ?)", [.text("a"), .text("b_%")]),
        Case(
            .in(\.note, ["A", "b"], options: []), #""note" IN (?, ?)"#, [.text("A"), .text("b")]),
        Case(.in(\.title, [String](), options: .caseInsensitive), "0"),
        Case(
            !.equals(\.note, "A", options: .caseInsensitive),
            "NOT COALESCE(" + caseFolded(#""note""#) + " = ?, 0)", [.text("a")]),
        Case(
            .anyElement(\.tags, where: .equals(\.self, "A", options: .caseInsensitive)),
            #"EXISTS (SELECT 1 FROM json_each("tags") AS e1 WHERE "#
                + caseFolded("e1.value") + " = ?)", [.text("a")]),
        Case(
            .contains(\.tags, "b"),
            #"instr("tags", ?) > 0 AND EXISTS (SELECT 1 FROM json_each("tags") AS e1 WHERE e1.value = ?)"#,
            [.text(#""b""#), .text("b")]),
        Case(
            .containsAny(\.tags, of: ["a", "b"]),
            #"EXISTS (SELECT 1 FROM json_each("tags") AS e1 WHERE e1.value IN (?, ?))"#,
            [.text("a"), .text("b")]),
        Case(.containsAny(\.tags, of: [String]()), "0"),
        Case(.containsAll(\.tags, of: [String]()), "1"),
        Case(
            .containsAll(\.tags, of: ["a", "b"]),
            #"(instr("tags", ?) > 0 AND EXISTS (SELECT 1 FROM json_each("tags") AS e1 WHERE e1.value = ?)) AND "#
                + #"(instr("tags", ?) > 0 AND EXISTS (SELECT 1 FROM json_each("tags") AS e1 WHERE e1.value = ?))"#,
            [.text(#""a""#), .text("a"), .text(#""b""#), .text("b")]),
        Case(.isEmpty(\.tags), #"json_array_length("tags") = ?"#, [.integer(0)]),
        Case(.count(\.sessions, .greater, 1), #"json_array_length("sessions") > ?"#, [.integer(1)]),
        Case(
            .anyElement(\.sessions, where: \.name == "s1"),
            #"EXISTS (SELECT 1 FROM json_each("sessions") AS e1 WHERE json_extract(e1.value, '$.name') = ?)"#,
            [.text("s1")]),
        Case(
            .everyElement(\.tags, where: \.self != "a"),
            #"NOT EXISTS (SELECT 1 FROM json_each("tags") AS e1 WHERE NOT (e1.value IS NOT ?))"#,
            [.text("a")]),
        Case(
            .noElement(\.sessions, where: .contains(\.tags, "t1")),
            #"NOT EXISTS (SELECT 1 FROM json_each("sessions") AS e1 WHERE EXISTS (SELECT 1 FROM "#
                + #"json_each(json_extract(e1.value, '$.tags')) AS e2 WHERE e2.value = ?))"#,
            [.text("t1")]),
        Case(!(\.score > 3), #"NOT COALESCE("score" > ?, 0)"#, [.real(3)]),
        Case(!(\.note != nil), #"NOT ("note" IS NOT NULL)"#),
        Case(
            !.contains(\.tags, "a"),
            #"NOT (instr("tags", ?) > 0 AND EXISTS (SELECT 1 FROM json_each("tags") AS e1 WHERE e1.value = ?))"#,
            [.text(#""a""#), .text("a")]),
        Case(
            \.id > 1 && (\.note == nil || \.score < 2),
            #""id" > ? AND ("note" IS NULL OR "score" < ?)"#, [.integer(1), .real(2)]),
        Case(
            .between(\.id, 1...2) && \.flag == false,
            #"("id" BETWEEN ? AND ?) AND "flag" = ?"#, [.integer(1), .integer(2), .integer(0)]),
    ]

    @Test("renders each kind of condition", arguments: cases)
    func renders(_ testCase: Case) throws {
        let fragment = try testCase.condition.sqlExpression()
        #expect(fragment.sql == testCase.sql)
        #expect(fragment.bindings == testCase.bindings)
        #expect(fragment.sql.filter { $0 == "?" }.count == fragment.bindings.count)
    }

    @Test("stores dates as seconds since 1970 or since 2001, as asked")
    func dateStorage() throws {
        let condition: Condition<Record> = \.when == Self.day
        #expect(try condition.sqlExpression().bindings == [.real(86_400)])
        let options = SQLOptions(dateStorage: .secondsSinceReferenceDate)
        #expect(
            try condition.sqlExpression(options: options).bindings
                == [.real(Self.day.timeIntervalSinceReferenceDate)])
    }

    @Test("quotes identifiers and JSON paths that are not plain names")
    func quoting() throws {
        let condition: Condition<Oddly> =
            \.quoted == 1 && .anyElement(\.items, where: \.spaced == "x") && \.inner.name == "y"
        let fragment = try condition.sqlExpression()
        #expect(
            fragment.sql == #""say ""hi""" = ? AND EXISTS (SELECT 1 FROM json_each("items") AS e1 "#
                + #"WHERE json_extract(e1.value, '$."first name"') = ?) AND "inner.name" = ?"#)
    }

    @Test("renders sort keys, nil placement and pages")
    func clauses() throws {
        let query = RecordQuery<Record>(
            where: \.flag == true,
            sortedBy: [
                .descending(\.note), .ascending(\.optionalMood, nils: .last),
                .descending(\.score), .ascending(\.note, nils: .first), .ascending(\.id),
            ],
            limit: 5, offset: 10)
        let clauses = try query.sqlClauses()
        #expect(
            clauses.whereClause == SQLFragment(sql: #"WHERE "flag" = ?"#, bindings: [.integer(1)]))
        #expect(
            clauses.orderByClause
                == #"ORDER BY "note" DESC, "optional_mood" ASC NULLS LAST, "#
                + #""score" DESC, "note" ASC, "id" ASC"#)
        #expect(
            clauses.limitClause
                == SQLFragment(sql: "LIMIT ? OFFSET ?", bindings: [.integer(5), .integer(10)]))
        #expect(
            clauses.sql
                == [clauses.whereClause.sql, clauses.orderByClause ?? "", "LIMIT ? OFFSET ?"]
                .joined(separator: " "))
        #expect(clauses.bindings == [.integer(1), .integer(5), .integer(10)])

        #expect(try RecordQuery<Record>().sqlClauses().sql == "WHERE 1")
        #expect(try RecordQuery<Record>(limit: 3).sqlClauses().limitClause?.sql == "LIMIT ?")
        let offsetOnly = try RecordQuery<Record>(offset: 3).sqlClauses()
        #expect(
            offsetOnly.limitClause
                == SQLFragment(sql: "LIMIT ? OFFSET ?", bindings: [.integer(-1), .integer(3)]))
    }

    @Test("folds case with SQL that stays ASCII")
    func caseFoldingIsASCII() throws {
        let sql = try Condition<Record>.contains(\.title, "ss", options: .caseInsensitive)
            .sqlExpression().sql
        #expect(sql.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(sql.contains("char(223)"))  // ß
        #expect(sql.contains("char(8490)"))  // the Kelvin sign
    }

    static func caseFolded(_ column: String) -> String {
        let replacements = [
            "char(223), 'ss'", "char(329), char(700, 110)", "char(383), 's'",
            "char(7834), char(97, 702)", "char(7838), 'ss'", "char(8490), 'k'",
            "char(64256), 'ff'", "char(64257), 'fi'", "char(64258), 'fl'", "char(64259), 'ffi'",
            "char(64260), 'ffl'", "char(64261), 'st'", "char(64262), 'st'",
        ]
        return "lower(" + replacements.reduce(column) { "replace(\($0), \($1))" } + ")"
    }
}

/// Attribute names that need quoting, in SQL and in JSON paths.
struct Oddly: Queryable {
    struct Item: Queryable {
        var spaced: String
        static let queryAttributes: AttributeMap<Item> = [\.spaced: "first name"]
    }

    var quoted: Int
    var items: [Item]
    var inner: Session

    static let queryAttributes: AttributeMap<Oddly> = [
        \.quoted: #"say "hi""#, \.items: "items", \.inner: "inner",
    ]
}
