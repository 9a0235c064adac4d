import ConditionTableSupport
import Foundation
import KeyPathQuery
import QueryTestSupport
import Testing

/// An element test on a table's collection column first looks for the value's JSON text.
///
/// `instr` finds it, so that SQLite runs `json_each` only on the arrays that may hold it. The
/// look must never turn away a row that holds the element: it looks for text only when every
/// JSON writer spells it one way, and for the empty text (found in every array) otherwise. The
/// SQL is the same for every value, so that it depends on the condition's shape alone.
@Suite("SQLite element tests look for the element's text first")
struct CollectionPrefilterTests {
    @Test(
        "text that JSON spells one way is looked for",
        arguments: ["fire", "b", "two words", "mr.-mime", "100%", "a_b", "x[1]", ""])
    func looksForPlainText(_ value: String) throws {
        let fragment = try Condition<Record>.contains(\.tags, value).sqlExpression()
        #expect(fragment.sql.hasPrefix(#"instr("tags", ?) > 0 AND EXISTS ("#))
        #expect(fragment.bindings == [.text("\"" + value + "\""), .text(value)])
    }

    /// Text a JSON writer escapes or may escape (quote, backslash, slash, control characters,
    /// DEL), text not in ASCII, and text with a character whose canonical look-alike is not
    /// ASCII (`K`, `;`, `` ` ``) are left to `json_each`: the look binds the empty text.
    @Test(
        "other text is left to json_each",
        arguments: [
            "Kelvin", "a;b", "a`b", "a/b", #"say "hi""#, #"back\slash"#, "tab\there", "del\u{7F}",
            "é", "ポケモン",
        ])
    func leavesOtherText(_ value: String) throws {
        let fragment = try Condition<Record>.contains(\.tags, value).sqlExpression()
        let plain = try Condition<Record>.contains(\.tags, "fire").sqlExpression()
        #expect(fragment.sql == plain.sql)
        #expect(fragment.bindings == [.text(""), .text(value)])
    }

    /// A look for each of several values cost more than it saved (`list --weak-to` in the
    /// benchmark); each value of `containsAll` is a test of its own, and is looked for.
    @Test("a test of one of several values is left to json_each")
    func severalValues() throws {
        let two = try Condition<Record>.containsAny(\.tags, of: ["a", "b"]).sqlExpression()
        #expect(!two.sql.contains("instr"))
        let one = try Condition<Record>.containsAny(\.tags, of: ["a"]).sqlExpression()
        #expect(one.sql.hasPrefix(#"instr("tags", ?) > 0 AND EXISTS ("#))
        let all = try Condition<Record>.containsAll(\.tags, of: ["a", "b"]).sqlExpression()
        #expect(all.sql.components(separatedBy: "instr(").count == 3)
    }

    /// An array inside an element is JSON that SQLite has written again, not the table's
    /// column: it is not looked into.
    @Test("an array read from JSON is left to json_each")
    func nestedArray() throws {
        let fragment = try Condition<Record>.anyElement(\.sessions, where: .contains(\.tags, "t1"))
            .sqlExpression()
        #expect(!fragment.sql.contains("instr"))
    }

    @Test("PostgreSQL's jsonb needs no look")
    func postgreSQL() throws {
        let fragment = try Condition<Record>.contains(\.tags, "fire")
            .sqlExpression(options: SQLOptions(dialect: .postgreSQL))
        #expect(!fragment.sql.contains("instr"))
    }

    /// Arrays written as other writers write them (spaces, new lines, near misses, `null`):
    /// SQLite selects exactly the rows that hold the element, with and without `NOT`.
    @Test("selects what memory selects, however the array is spaced")
    func selectsAsInMemory() throws {
        let rows: [(id: Int64, json: String?, tags: [String]?)] = [
            (1, #"["fire"]"#, ["fire"]),
            (2, #"[ "water" , "fire" ]"#, ["water", "fire"]),
            (3, "[\n  \"grass\",\n  \"fire\"\n]", ["grass", "fire"]),
            (4, #"["campfire","fire-x","Fire","fire "]"#, ["campfire", "fire-x", "Fire", "fire "]),
            (5, "[]", []),
            (6, #"[["fire"]]"#, nil),
            (7, nil, nil),
            (8, #"["\"fire\"", "firefly"]"#, ["\"fire\"", "firefly"]),
            // As JSONEncoder writes "a/b", and as SQLite writes a quote.
            (9, #"["a\/b","e"]"#, ["a/b", "e"]),
            (10, #"["say \"hi\"", "a/b"]"#, ["say \"hi\"", "a/b"]),
        ]
        let database = try SQLiteDatabase()
        try database.execute("CREATE TABLE records (id INTEGER NOT NULL, tags TEXT)")
        try database.insert(
            into: "records", columns: ["id", "tags"],
            rows: rows.map { [.integer($0.id), $0.json.map(SQLBinding.text) ?? .null] })
        func ids(_ condition: Condition<Record>) throws -> [Int64] {
            let fragment = try condition.sqlExpression()
            return try database.integers(
                "SELECT id FROM records WHERE " + fragment.sql + " ORDER BY id", fragment.bindings)
        }
        #expect(try ids(.contains(\.tags, "fire")) == [1, 2, 3])
        #expect(try ids(!.contains(\.tags, "fire")) == [4, 5, 6, 7, 8, 9, 10])
        #expect(try ids(.contains(\.tags, "a/b")) == [9, 10])
        #expect(try ids(.contains(\.tags, #"say "hi""#)) == [10])
        #expect(try ids(!.contains(\.tags, "a/b")) == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(try ids(.containsAny(\.tags, of: ["grass"])) == [3])
        #expect(try ids(.containsAll(\.tags, of: ["water", "fire"])) == [2])
        // The same rows in memory, where each array decodes as [String].
        let decoded = rows.compactMap { row in row.tags.map { (row.id, $0) } }
        #expect(decoded.filter { $0.1.contains("fire") }.map(\.0) == [1, 2, 3])
    }
}
