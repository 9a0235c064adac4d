import ConditionTableSupport
import Foundation
import KeyPathQuery
import Testing

/// A dialect of the tests' own, ``MySQLStyleDialect``, renders the whole condition table: the
/// renderer asks the dialect for every spelling, so that a backend on another SQL database
/// needs only a conformance of its own.
///
/// Nothing runs the SQL. Each row is held against PostgreSQL's rendering of it, feature by
/// feature — every `@>` must be a `JSON_CONTAINS`, every `COLLATE "C"` a `COLLATE
/// utf8mb4_bin`, … — and no SQLite or PostgreSQL spelling may be left in it; what PostgreSQL
/// refuses, the dialect (which like PostgreSQL's keeps no NUL in text) refuses with the same
/// typed error.
@Suite("A third dialect renders the condition table in its own spelling")
struct ThirdDialectTests {
    static let options = SQLOptions(dialect: MySQLStyleDialect())
    static let postgreSQL = SQLOptions(dialect: .postgreSQL)

    /// Each PostgreSQL spelling, and what the dialect writes in its place, one for one.
    static let spellings: [(postgreSQL: String, mySQL: [String])] = [
        ("@> CAST(", ["JSON_CONTAINS("]),
        ("jsonb_array_elements(", ["JSON_TABLE("]),
        ("jsonb_array_length(", ["JSON_LENGTH("]),
        (#" COLLATE "C""#, [" COLLATE utf8mb4_bin"]),
        ("strpos(", ["LOCATE("]),
        ("starts_with(", ["LEFT("]),
        ("right(", ["RIGHT("]),
        (" LIKE ", [" LIKE "]),
        (" IS DISTINCT FROM ", [" <=> "]),
        ("#>> '{}'", ["JSON_UNQUOTE(", " AS SIGNED)", " AS DOUBLE)", " = TRUE)"]),
        ("lower(", ["lower("]),
        ("replace(", ["replace("]),
        ("TRUE", ["TRUE"]),
        ("FALSE", ["FALSE"]),
        ("ORDER BY", ["ORDER BY"]),
    ]

    /// What SQLite or PostgreSQL write and this dialect never does.
    static let foreign = [
        "json_each", "json_extract", "json_array_length", "instr(", " GLOB ", " IS NOT ?",
        "char(", ", 0)", "x'FF'", "LIMIT -1", "jsonb", "@>", "strpos(", "starts_with(",
        "right(", "IS DISTINCT FROM", "chr(", "#>>", "ESCAPE", "NULLS FIRST", "NULLS LAST",
    ]

    @Test(
        "renders every row PostgreSQL renders, spelling for spelling",
        arguments: ConditionTable.rows)
    func rendersTheTable(_ row: ConditionRow) throws {
        let expected: SQLClauses
        do {
            expected = try row.query.sqlClauses(options: Self.postgreSQL)
        } catch {
            let refusal = try #require(throws: QueryError.self) {
                try row.query.sqlClauses(options: Self.options)
            }
            #expect(refusal.code == error.code && refusal.target == error.target)
            #expect(refusal.code == .unsupported && refusal.target == .sql)
            #expect(refusal.reason?.isEmpty == false)
            return
        }
        #expect(row.postgreSQL == .selectsAsInMemory)
        let clauses = try row.query.sqlClauses(options: Self.options)
        let sql = clauses.sql
        for (postgreSQL, mySQL) in Self.spellings {
            let count = mySQL.map { Self.occurrences(of: $0, in: sql) }.reduce(0, +)
            #expect(
                count == Self.occurrences(of: postgreSQL, in: expected.sql),
                "\(postgreSQL) → \(mySQL) in \(sql)")
        }
        for spelling in Self.foreign {
            #expect(!sql.contains(spelling), "\(spelling) in \(sql)")
        }
        #expect(sql.firstMatch(of: /\$[0-9]/) == nil, "a $n placeholder in \(sql)")
        // A term that puts `NULL` where MySQL does not is two: `x IS NULL ASC, x ASC`.
        let directions = [" ASC", " DESC"]
        let terms =
            directions.map { Self.occurrences(of: $0, in: sql) }.reduce(0, +)
            - directions.map { Self.occurrences(of: " IS NULL" + $0, in: sql) }.reduce(0, +)
        #expect(terms == directions.map { Self.occurrences(of: $0, in: expected.sql) }.reduce(0, +))
        let (placeholders, doubleQuotes) = Self.outsideLiterals(sql)
        #expect(placeholders == clauses.bindings.count, "\(sql)")
        #expect(doubleQuotes == 0, "identifiers in double quotes in \(sql)")
        if !sql.hasPrefix("WHERE TRUE") && !sql.hasPrefix("WHERE FALSE") {
            #expect(sql.contains("`"), "no identifier in backticks in \(sql)")
        }
        // `LEFT(…, CHAR_LENGTH(?)) = ?` binds the prefix twice, `starts_with` once.
        #expect(
            clauses.bindings.count
                == expected.bindings.count + Self.occurrences(of: "LEFT(", in: sql))
    }

    @Test("writes each kind of condition exactly as MySQL spells it")
    func exactText() throws {
        func rendered(_ condition: Condition<Pokemon>) throws -> SQLFragment {
            try condition.sqlExpression(options: Self.options)
        }
        #expect(
            try rendered(\.favorite == true && !(\.attack > 80))
                == SQLFragment(
                    sql: "`favorite` = ? AND NOT COALESCE(`attack` > ?, FALSE)",
                    bindings: [.boolean(true), .integer(80)]))
        #expect(
            try rendered(\.baseExperience != 64)
                == SQLFragment(sql: "NOT (`base_experience` <=> ?)", bindings: [.integer(64)]))
        #expect(
            try rendered(.contains(\.types, .fire))
                == SQLFragment(sql: "JSON_CONTAINS(`types`, ?)", bindings: [.text(#"["fire"]"#)]))
        #expect(
            try rendered(.anyElement(\.abilities, where: .hasPrefix(\.self, "lev")))
                == SQLFragment(
                    sql: "EXISTS (SELECT 1 FROM JSON_TABLE(`abilities`, '$[*]' COLUMNS (value "
                        + "JSON PATH '$')) AS e1 WHERE LEFT(JSON_UNQUOTE(e1.value) COLLATE "
                        + "utf8mb4_bin, CHAR_LENGTH(?)) = ?)",
                    bindings: [.text("lev"), .text("lev")]))
        #expect(
            try rendered(.count(\.abilities, .greaterOrEqual, 3))
                == SQLFragment(sql: "JSON_LENGTH(`abilities`) >= ?", bindings: [.integer(3)]))
        #expect(
            try rendered(.like(\.name, "mr?mime*"))
                == SQLFragment(
                    sql: "`name` COLLATE utf8mb4_bin LIKE ?", bindings: [.text("mr_mime%")]))
        #expect(
            try rendered(.contains(\.name, "SS", options: .caseInsensitive)).sql.contains(
                "(`name` COLLATE utf8mb4_bin, CHAR(223 USING utf8mb4), 'ss'), "
                    + "CHAR(329 USING utf8mb4), CHAR(700, 110 USING utf8mb4))"))
    }

    @Test("sorts without NULLS FIRST, and pages an offset alone")
    func sortsAndPages() throws {
        let query = RecordQuery<Pokemon>(
            where: .true,
            sortedBy: [.ascending(\.baseExperience, nils: .last), .descending(\.name)], offset: 5)
        let clauses = try query.sqlClauses(options: Self.options)
        #expect(
            clauses.sql
                == "WHERE TRUE ORDER BY `base_experience` IS NULL ASC, `base_experience` ASC, "
                + "`name` COLLATE utf8mb4_bin DESC LIMIT 18446744073709551615 OFFSET ?")
        #expect(clauses.bindings == [.integer(5)])
    }

    @Test("refuses what it cannot express with the same typed error, in its own words")
    func refusals() throws {
        for condition: Condition<Pokemon> in [
            .matches(\.name, "a.*"), .contains(\.name, "e", options: .diacriticInsensitive),
            \.name == "a\0b",
        ] {
            let error = try #require(throws: QueryError.self) {
                try condition.sqlExpression(options: Self.options)
            }
            #expect(error.code == .unsupported && error.target == .sql)
            #expect(error.reason?.contains("MySQL") == true, "\(error)")
        }
    }

    @Test("declares columns and upserts in its own spelling")
    func columnsAndUpserts() {
        let dialect = MySQLStyleDialect()
        let types = Pokemon.sqlColumns().map { "\($0.name) \($0.declaredType(in: dialect))" }
        #expect(
            types.prefix(3) == [
                "id BIGINT", "name TEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin", "types JSON",
            ])
        #expect(types.contains("favorite BOOLEAN"))
        #expect(
            dialect.upsert(
                into: "`pokemon`", columns: ["_key", "name"], rows: [["?", "?"]],
                uniqueColumn: "_key")
                == "INSERT INTO `pokemon` (`_key`, `name`) VALUES (?, ?) "
                + "ON DUPLICATE KEY UPDATE `name` = VALUES(`name`)")
        #expect(
            SQLiteDialect().upsert(
                into: #""pokemon""#, columns: ["_key", "name"], rows: [["?", "?"]],
                uniqueColumn: "_key")
                == #"INSERT INTO "pokemon" ("_key", "name") VALUES (?, ?) "#
                + #"ON CONFLICT ("_key") DO UPDATE SET "name" = excluded."name""#)
        #expect(SQLOptions(dialect: dialect) != SQLOptions())
        #expect(SQLOptions(dialect: dialect) == Self.options)
    }

    // MARK: Helpers

    static func occurrences(of part: String, in text: String) -> Int {
        text.components(separatedBy: part).count - 1
    }

    /// The `?` and the double quotes outside string literals and backtick identifiers.
    static func outsideLiterals(_ sql: String) -> (placeholders: Int, doubleQuotes: Int) {
        var quote: Character?
        var placeholders = 0
        var doubleQuotes = 0
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "`" {
                quote = character
            } else if character == "?" {
                placeholders += 1
            } else if character == "\"" {
                doubleQuotes += 1
            }
        }
        return (placeholders, doubleQuotes)
    }
}
