import ConditionTableSupport
import Foundation
import KeyPathQuery
import QueryTestSupport

/// `Record.all` in a real SQLite table, stored by the conventions of ``SQLOptions``: one
/// column per attribute, the nested `session` flattened into `"session.name"` and
/// `"session.tags"`, arrays as JSON text (sessions as JSON objects keyed by attribute name),
/// dates as seconds, UUIDs and URLs as text, Booleans as 0 and 1.
enum RecordTable {
    static func database(
        _ records: [Record] = Record.all, dates: SQLOptions.DateStorage = .secondsSince1970
    ) throws -> SQLiteDatabase {
        let database = try SQLiteDatabase()
        try database.execute(
            """
            CREATE TABLE records (
                id INTEGER NOT NULL, title TEXT NOT NULL, note TEXT, score REAL NOT NULL,
                rank INTEGER NOT NULL, big INTEGER NOT NULL, flag INTEGER NOT NULL,
                "when" REAL NOT NULL, uuid TEXT NOT NULL, link TEXT, mood TEXT NOT NULL,
                optional_mood TEXT, tags TEXT NOT NULL, "session.name" TEXT NOT NULL,
                "session.tags" TEXT NOT NULL, sessions TEXT NOT NULL
            )
            """)
        let encoder = JSONEncoder()
        func json(_ value: some Encodable) throws -> SQLBinding {
            .text(String(decoding: try encoder.encode(value), as: UTF8.self))
        }
        var rows: [[SQLBinding]] = []
        for r in records {
            let when =
                dates == .secondsSince1970
                ? r.when.timeIntervalSince1970 : r.when.timeIntervalSinceReferenceDate
            rows.append([
                .integer(Int64(r.id)), .text(r.title), r.note.map(SQLBinding.text) ?? .null,
                .real(r.score), .integer(Int64(r.rank)), .integer(Int64(r.big)),
                .integer(r.flag ? 1 : 0), .real(when), .text(r.uuid.uuidString),
                r.link.map { .text($0.absoluteString) } ?? .null, .text(r.mood.rawValue),
                r.optionalMood.map { .text($0.rawValue) } ?? .null, try json(r.tags),
                .text(r.session.name), try json(r.session.tags), try json(r.sessions),
            ])
        }
        try database.insert(
            into: "records",
            columns: [
                "id", "title", "note", "score", "rank", "big", "flag", "when", "uuid", "link",
                "mood", "optional_mood", "tags", "session.name", "session.tags", "sessions",
            ],
            rows: rows)
        return database
    }

    /// The ids a query selects from the table, in SQLite's order.
    static func ids(
        _ query: RecordQuery<Record>, in database: SQLiteDatabase,
        options: SQLOptions = SQLOptions()
    ) throws -> [Int] {
        let clauses = try query.sqlClauses(options: options)
        return try database.integers("SELECT id FROM records " + clauses.sql, clauses.bindings)
            .map { Int($0) }
    }
}
