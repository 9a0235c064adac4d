import ConditionTableSupport
import Foundation
import KeyPathQuery
import QueryTestSupport
import Testing

/// A table made from a model's `sqlColumns()` is the table the renderer's conventions
/// describe: the same columns and values as `RecordTable`'s hand-written one, and the same
/// answers as memory for every kind of attribute.
@Suite("A model's SQL columns")
struct SQLColumnTests {
    @Test("are the attributes, nested ones flattened, with the declared types of their values")
    func columns() {
        let columns = Record.sqlColumns()
        #expect(
            columns.map(\.name) == [
                "id", "title", "note", "score", "rank", "big", "flag", "when", "uuid", "link",
                "mood", "optional_mood", "tags", "session.name", "session.tags", "sessions",
            ])
        #expect(
            columns.map(\.declaredType) == [
                "INTEGER", "TEXT", "TEXT", "REAL", "INTEGER", "", "INTEGER", "REAL",
                "TEXT", "TEXT", "TEXT", "TEXT", "TEXT", "TEXT", "TEXT", "TEXT",
            ])
        #expect(columns.map { $0.declaredType(in: .sqlite) } == columns.map(\.declaredType))
        let text = #"text COLLATE "C""#
        #expect(
            columns.map { $0.declaredType(in: .postgreSQL) } == [
                "bigint", text, text, "double precision", "bigint", "bigint", "boolean",
                "double precision", text, text, text, text, "jsonb", text, "jsonb", "jsonb",
            ])
    }

    @Test("hold, row by row, exactly the values of the hand-written table")
    func valuesMatchTheHandWrittenTable() throws {
        let database = try RecordTable.database()
        try Self.createTable("generated", in: database, records: Record.all)
        // JSON objects are compared by their members, since JSONEncoder writes keys in no
        // fixed order.
        func canonical(_ value: String) -> String {
            "(SELECT group_concat(fullkey || '=' || quote(atom), ';') FROM "
                + "(SELECT fullkey, atom FROM json_tree(\(value)) ORDER BY fullkey))"
        }
        for column in Record.sqlColumns() {
            let name = SQLiteDatabase.quoted(column.name)
            let (handWritten, generated) = ("records." + name, "generated." + name)
            let isJSON = ["tags", "session.tags", "sessions"].contains(column.name)
            let differing = try database.integers(
                "SELECT count(*) FROM records JOIN generated USING (id) WHERE "
                    + (isJSON
                        ? canonical(handWritten) + " IS NOT " + canonical(generated)
                        : handWritten + " IS NOT " + generated))
            #expect(differing == [0], "column \(column.name)")
        }
        #expect(try database.integers("SELECT count(*) FROM generated") == [40])
    }

    @Test(
        "select in SQLite what memory selects, for every kind of attribute",
        arguments: RecordSQLiteTests.cases)
    func selectsAsInMemory(_ testCase: RecordSQLiteTests.Case) throws {
        let database = try SQLiteDatabase()
        try Self.createTable("records", in: database, records: Record.all)
        let inMemory = try testCase.query.apply(to: Record.all).map(\.id)
        #expect(try RecordTable.ids(testCase.query, in: database) == inMemory)
    }

    @Test("store every value, where a condition's operand would be refused")
    func storingValues() {
        #expect(SQLBinding(storing: .unsignedInteger(UInt64.max)) == .text("18446744073709551615"))
        #expect(
            SQLBinding(storing: .unsignedInteger(UInt64(Int64.max) + 1))
                == .text("09223372036854775808"))
        #expect(SQLBinding(storing: .unsignedInteger(7)) == .integer(7))
        #expect(SQLBinding(storing: .double(.nan)) == .null)
        #expect(SQLBinding(storing: .bool(true)) == .integer(1))
        let date = Date(timeIntervalSinceReferenceDate: 12.5)
        #expect(
            SQLBinding(
                storing: .date(date), options: SQLOptions(dateStorage: .secondsSinceReferenceDate))
                == .real(12.5))
        #expect(
            SQLBinding(storing: .list([.string("a"), .integer(2), .null, .bool(false)]))
                == .text(#"["a",2,null,false]"#))
    }

    @Test("write JSON that SQLite reads back as the same values")
    func jsonReadsBack() throws {
        let database = try SQLiteDatabase()
        let texts = ["quote \" and \\ backslash", "line\nfeed\ttab\r", "bell \u{7}", "é 日本 🎉"]
        let numbers = [0.1, -2.5e-300, 1e300, 42]
        let list = SQLBinding(
            storing: .list(texts.map(QueryValue.string) + numbers.map(QueryValue.double)))
        #expect(try database.integers("SELECT json_valid(?)", [list]) == [1])
        for (index, text) in texts.enumerated() {
            #expect(
                try database.integers(
                    "SELECT json_extract(?, '$[\(index)]') = ?", [list, .text(text)]) == [1],
                "\(text.debugDescription)")
        }
        for (index, number) in numbers.enumerated() {
            #expect(
                try database.integers(
                    "SELECT json_extract(?, '$[\(index + texts.count)]') = ?",
                    [list, .real(number)]) == [1],
                "\(number)")
        }
        let infinite = SQLBinding(storing: .list([.double(.infinity), .double(-.infinity)]))
        #expect(
            try database.integers(
                "SELECT json_extract(?, '$[0]') > 1e308 AND json_extract(?, '$[1]') < -1e308",
                [infinite, infinite]) == [1])
    }

    /// Creates a table from `Record.sqlColumns()` and fills it with their values.
    static func createTable(
        _ name: String, in database: SQLiteDatabase, records: [Record]
    ) throws {
        let columns = Record.sqlColumns()
        let definitions = columns.map { SQLiteDatabase.quoted($0.name) + " " + $0.declaredType }
        try database.execute(
            "CREATE TABLE \(name) (" + definitions.joined(separator: ", ") + ")")
        try database.insert(
            into: name, columns: columns.map(\.name),
            rows: records.map { record in columns.map { $0.value(in: record) } })
    }
}
