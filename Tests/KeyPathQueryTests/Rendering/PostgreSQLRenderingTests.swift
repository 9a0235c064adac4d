import ConditionTableSupport
import Foundation
import KeyPathQuery
import Testing

/// The exact PostgreSQL of each kind of condition, locked in; the nested package `Postgres/`
/// runs the condition table on a real server.
@Suite("PostgreSQL rendering, exactly")
struct PostgreSQLRenderingTests {
    typealias Case = SQLRenderingTests.Case

    static let options = SQLOptions(dialect: .postgreSQL)
    static let day = Date(timeIntervalSince1970: 86_400)
    static let uuid = Record.sample(7).uuid

    static let cases: [Case] = [
        Case(.true, "TRUE"),
        Case(.false, "FALSE"),
        Case(\.id == 3, #""id" = $1"#, [.integer(3)]),
        Case(\.id != 3, #""id" IS DISTINCT FROM $1"#, [.integer(3)]),
        Case(\.note == nil, #""note" COLLATE "C" IS NULL"#),
        Case(\.score >= 2.5, #""score" >= $1"#, [.real(2.5)]),
        Case(\.flag == true, #""flag" = $1"#, [.boolean(true)]),
        Case(\.when < day, #""when" < $1"#, [.real(86_400)]),
        Case(\.uuid == uuid, #""uuid" COLLATE "C" = $1"#, [.text(uuid.uuidString)]),
        Case(\.mood < .tired, #""mood" COLLATE "C" < $1"#, [.text("tired")]),
        Case(\.title > "R", #""title" COLLATE "C" > $1"#, [.text("R")]),
        Case(
            .between(\.rank, 1...3), #""rank" BETWEEN $1 AND $2"#, [.integer(1), .integer(3)]),
        Case(.in(\.id, [Int]()), "FALSE"),
        Case(
            .in(\.note, ["a", nil]), #""note" COLLATE "C" = $1 OR "note" COLLATE "C" IS NULL"#,
            [.text("a")]),
        Case(
            .contains(\.title, "cord"), #"strpos("title" COLLATE "C", $1) > 0"#, [.text("cord")]),
        Case(
            .hasPrefix(\.title, "Rec"), #"starts_with("title" COLLATE "C", $1)"#, [.text("Rec")]),
        Case(
            .hasSuffix(\.title, "7"), #"right("title" COLLATE "C", char_length($1)) = $2"#,
            [.text("7"), .text("7")]),
        Case(
            .like(\.title, #"R*d_%\*?[1]\"#), #""title" COLLATE "C" LIKE $1 ESCAPE '\'"#,
            [.text(#"R%d\_\%*_[1]\\"#)]),
        Case(
            !(\.score > 1), #"NOT COALESCE("score" > $1, FALSE)"#, [.real(1)]),
        Case(.contains(\.tags, "t1"), #""tags" @> CAST($1 AS jsonb)"#, [.text(#"["t1"]"#)]),
        Case(
            .containsAll(\.tags, of: ["t1", "t2"]), #""tags" @> CAST($1 AS jsonb)"#,
            [.text(#"["t1","t2"]"#)]),
        Case(.containsAll(\.tags, of: []), "TRUE"),
        Case(
            .containsAny(\.tags, of: ["t1", "t2"]),
            #""tags" @> CAST($1 AS jsonb) OR "tags" @> CAST($2 AS jsonb)"#,
            [.text(#"["t1"]"#), .text(#"["t2"]"#)]),
        Case(.isEmpty(\.tags), #"jsonb_array_length("tags") = $1"#, [.integer(0)]),
        Case(
            .anyElement(\.sessions, where: \.name == "s1"),
            #"EXISTS (SELECT 1 FROM jsonb_array_elements("sessions") AS e1(value) "#
                + #"WHERE ((e1.value -> 'name') #>> '{}') COLLATE "C" = $1)"#,
            [.text("s1")]),
        Case(
            .everyElement(\.tags, where: \.self != "a"),
            #"NOT EXISTS (SELECT 1 FROM jsonb_array_elements("tags") AS e1(value) "#
                + #"WHERE NOT ((e1.value #>> '{}') COLLATE "C" IS DISTINCT FROM $1))"#,
            [.text("a")]),
        Case(
            .anyElement(\.sessions, where: .contains(\.tags, "t1")),
            #"EXISTS (SELECT 1 FROM jsonb_array_elements("sessions") AS e1(value) "#
                + #"WHERE (e1.value -> 'tags') @> CAST($1 AS jsonb))"#,
            [.text(#"["t1"]"#)]),
        Case(
            .equals(\.title, "REC", options: .caseInsensitive),
            PostgreSQLRenderingTests.caseFolded(#""title" COLLATE "C""#) + " = $1",
            [.text("rec")]),
    ]

    @Test("renders each condition", arguments: cases)
    func renders(_ testCase: Case) throws {
        let fragment = try testCase.condition.sqlExpression(options: Self.options)
        #expect(fragment.sql == testCase.sql)
        #expect(fragment.bindings == testCase.bindings)
    }

    @Test("converts an operand to the attribute's type, as memory compares it")
    func convertsOperands() throws {
        func decoded(_ json: String) throws -> Condition<Record> {
            try JSONDecoder().decode(Condition<Record>.self, from: Data(json.utf8))
        }
        func bindings(_ json: String) throws -> [SQLBinding] {
            try decoded(json).sqlExpression(options: Self.options).bindings
        }
        let score =
            #"{"comparison":{"attribute":"score","operator":"less","value":{"integer":2}}}"#
        #expect(try bindings(score) == [.real(2)])
        let uuid =
            #"{"comparison":{"attribute":"uuid","operator":"equal","value":{"string":""#
            + Self.uuid.uuidString.lowercased() + #""}}}"#
        #expect(try bindings(uuid) == [.text(Self.uuid.uuidString)])
        let between =
            #"{"between":{"attribute":"score","lower":{"integer":1},"upper":{"integer":3}}}"#
        #expect(try bindings(between) == [.real(1), .real(3)])
        // A decoded `1` for a `Bool` is `true`, as `Bool(queryValue:)` reads it: memory
        // selects the records whose flag is set, PostgreSQL binds a `boolean` (a server
        // refuses `boolean = bigint`) and SQLite its 1.
        let flag = #"{"comparison":{"attribute":"flag","operator":"equal","value":{"integer":1}}}"#
        #expect(try bindings(flag) == [.boolean(true)])
        let flagged = try RecordQuery(where: decoded(flag)).apply(to: Record.all)
        #expect(!flagged.isEmpty)
        #expect(flagged == Record.all.filter(\.flag))
        #expect(try decoded(flag).sqlExpression().bindings == [.integer(1)])
    }

    /// Registered text functions, their collation and the prefix range that SQLite's
    /// rendering adds with them (for a store's index in that collation) are SQLite's: the
    /// PostgreSQL dialect renders as without them.
    @Test("ignores SQLite's registered text functions, collation and prefix range")
    func ignoresSQLiteTextFunctions() throws {
        var options = Self.options
        options.textFunctions = SQLTextFunctions()
        let conditions: [Condition<Record>] = [
            .hasPrefix(\.title, "Rec"), \.title == "R", .between(\.title, "a"..."f"),
            .in(\.note, ["a", nil]), .contains(\.tags, "t1"),
            .anyElement(\.sessions, where: \.name == "s1"),
        ]
        for condition in conditions {
            let plain = try condition.sqlExpression(options: Self.options)
            #expect(try condition.sqlExpression(options: options) == plain)
            #expect(!plain.sql.contains("keypathquery"), "\(plain.sql)")
        }
        #expect(
            try Condition<Record>.hasPrefix(\.title, "Rec").sqlExpression(options: options).sql
                == #"starts_with("title" COLLATE "C", $1)"#)
        let query = RecordQuery<Record>(sortedBy: [.ascending(\.title)])
        #expect(
            try query.sqlClauses(options: options).orderByClause
                == #"ORDER BY "title" COLLATE "C" ASC NULLS FIRST"#)
    }

    @Test("numbers placeholders through the clauses, never inside quoted names")
    func clauses() throws {
        let query = RecordQuery<Record>(
            where: \.title == "a?" && \.id > 2,
            sortedBy: [
                .ascending(\.title), .descending(\.note), .ascending(\.optionalMood, nils: .last),
                .descending(\.id),
            ],
            limit: 5, offset: 10)
        let clauses = try query.sqlClauses(options: Self.options)
        #expect(
            clauses.sql
                == #"WHERE "title" COLLATE "C" = $1 AND "id" > $2 "#
                + #"ORDER BY "title" COLLATE "C" ASC NULLS FIRST, "note" COLLATE "C" DESC NULLS LAST, "#
                + #""optional_mood" COLLATE "C" ASC NULLS LAST, "id" DESC NULLS LAST "#
                + #"LIMIT $3 OFFSET $4"#)
        #expect(clauses.bindings == [.text("a?"), .integer(2), .integer(5), .integer(10)])

        let offsetOnly = try RecordQuery<Record>(offset: 3).sqlClauses(options: Self.options)
        #expect(offsetOnly.sql == "WHERE TRUE OFFSET $1")
        #expect(offsetOnly.bindings == [.integer(3)])

        let odd: Condition<Questioning> =
            \.what == 1 && .anyElement(\.items, where: \.name == "x")
        #expect(
            try odd.sqlExpression(options: Self.options).sql
                == #""what?""" = $1 AND EXISTS (SELECT 1 FROM jsonb_array_elements("items") "#
                + #"AS e1(value) WHERE ((e1.value -> 'it''s?') #>> '{}') COLLATE "C" = $2)"#)
    }

    @Test("the SQLite dialect is the default, and stays as it was")
    func sqliteIsTheDefault() throws {
        #expect(SQLOptions().dialect is SQLiteDialect)
        #expect(SQLOptions() == SQLOptions(dialect: .sqlite))
        #expect(SQLOptions() != Self.options)
        let condition: Condition<Record> = \.flag == true && !(\.score > 1)
        #expect(
            try condition.sqlExpression().sql == #""flag" = ? AND NOT COALESCE("score" > ?, 0)"#)
        #expect(try condition.sqlExpression().bindings == [.integer(1), .real(1)])
        #expect(SQLBinding(storing: .bool(true)) == .integer(1))
        #expect(SQLBinding(storing: .bool(true), options: Self.options) == .boolean(true))
        #expect(PostgreSQLDialect().description == "PostgreSQL")
    }

    @Test(
        "refuses what PostgreSQL cannot express with the in-memory meaning",
        arguments: [
            (.matches(\.title, "R.*"), "matches"),
            (.contains(\.title, "e", options: .diacriticInsensitive), "diacritics"),
            (.contains(\.title, "É", options: .caseInsensitive), "case outside ASCII"),
            (\.title == "a\0b", "NUL in text"),
            (\.score == .nan, "NaN"),
            (.contains(\.tags, "a\0"), "NUL inside jsonb"),
        ] as [(Condition<Record>, String)])
    func refusals(_ condition: Condition<Record>, _ what: String) throws {
        let error = try #require(throws: QueryError.self) {
            try condition.sqlExpression(options: Self.options)
        }
        #expect(error.code == .unsupported, "\(what)")
        #expect(error.target == .sql, "\(what)")
    }

    @Test("refuses a sort with text options")
    func refusesFoldedSorts() throws {
        let query = RecordQuery<Record>(sortedBy: [.ascending(\.title, options: .caseInsensitive)])
        let error = try #require(throws: QueryError.self) {
            try query.sqlClauses(options: Self.options)
        }
        #expect(error.code == .unsupported)
    }

    @Test(
        "every row of the condition table that PostgreSQL refuses is refused with a typed error",
        arguments: ConditionTable.rows.filter { $0.postgreSQL == .refused })
    func tableRefusals(_ row: ConditionRow) throws {
        let error = try #require(throws: QueryError.self) {
            try row.query.sqlClauses(options: Self.options)
        }
        #expect(error.code == .unsupported)
        #expect(error.target == .sql)
    }

    /// The PostgreSQL folding of a column, as ``SQLConditionRenderer`` writes it.
    static func caseFolded(_ column: String) -> String {
        let foldings: [(UInt32, String)] = [
            (0xDF, "'ss'"), (0x149, "chr(700) || chr(110)"), (0x17F, "'s'"),
            (0x1E9A, "chr(97) || chr(702)"), (0x1E9E, "'ss'"), (0x212A, "'k'"),
            (0xFB00, "'ff'"), (0xFB01, "'fi'"), (0xFB02, "'fl'"), (0xFB03, "'ffi'"),
            (0xFB04, "'ffl'"), (0xFB05, "'st'"), (0xFB06, "'st'"),
        ]
        var folded = column
        for (character, replacement) in foldings {
            folded = "replace(\(folded), chr(\(character)), \(replacement))"
        }
        return "lower(\(folded))"
    }
}

/// Attribute names holding `?`, `"` and `'`, which must not be taken for placeholders.
struct Questioning: Queryable {
    struct Item: Queryable {
        var name: String
        static let queryAttributes: AttributeMap<Item> = [\.name: "it's?"]
    }

    var what: Int
    var items: [Item]

    static let queryAttributes: AttributeMap<Questioning> = [
        \.what: #"what?""#, \.items: "items",
    ]
}
