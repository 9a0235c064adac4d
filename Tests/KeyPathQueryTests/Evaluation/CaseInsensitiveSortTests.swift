import Foundation
import KeyPathQuery
import QueryTestSupport
import Testing

/// A word to sort, with an optional note.
struct SortedWord: Hashable, Sendable, Queryable {
    var id: Int
    var text: String
    var note: String?

    static let queryAttributes: AttributeMap<SortedWord> = [
        \.id: "id", \.text: "text", \.note: "note",
    ]
}

@Suite("Case-insensitive sorting, one order in memory and in SQLite")
struct CaseInsensitiveSortTests {
    /// Letters outside ASCII in both cases, ASCII in both cases, prefixes, ties, and the
    /// characters whose Unicode case folding differs from SQLite's (ß, K, ﬁ).
    private static let words: [SortedWord] = [
        "banana", "Apple", "apple", "APPLE", "Émile", "émile", "eve", "Zed", "zebra", "straße",
        "STRASSE", "Kelvin \u{212A}", "kelvin k", "ﬁne", "fine", "", "a", "Ä", "ä", "_under",
        "[bracket", "0zero",
    ].enumerated().map {
        SortedWord(id: $0.offset, text: $0.element, note: $0.offset % 3 == 0 ? nil : $0.element)
    }

    @Test(
        "orders as COLLATE NOCASE does, ties broken by the next key",
        arguments: [SortKey<SortedWord>.Direction.ascending, .descending])
    func matchesNoCase(direction: SortKey<SortedWord>.Direction) throws {
        let key: SortKey<SortedWord> =
            direction == .ascending
            ? .ascending(\.text, caseInsensitive: true) : .descending(\.text, caseInsensitive: true)
        let query = Query<SortedWord>(sortedBy: [key, .ascending(\.id)])
        let inMemory = try query.apply(to: Self.words).map(\.id)
        #expect(try Self.sqliteIDs(for: query) == inMemory)
        // "Apple", "apple" and "APPLE" tie, and keep their id order.
        let apples = inMemory.filter { [1, 2, 3].contains($0) }
        #expect(apples == [1, 2, 3])
    }

    @Test("places nil as asked, with case-insensitive text")
    func nilsWithNoCase() throws {
        for nils in [SortKey<SortedWord>.NilPlacement.first, .last] {
            let query = Query<SortedWord>(
                sortedBy: [
                    .descending(\.note, caseInsensitive: true, nils: nils), .ascending(\.id),
                ])
            #expect(try Self.sqliteIDs(for: query) == query.apply(to: Self.words).map(\.id))
        }
    }

    @Test("folds ASCII letters only: É and é are different letters")
    func asciiOnly() throws {
        let query = Query<SortedWord>(sortedBy: [.ascending(\.text, caseInsensitive: true)])
        let texts = try query.apply(to: Self.words).map(\.text)
        let capital = try #require(texts.firstIndex(of: "Émile"))
        let small = try #require(texts.firstIndex(of: "émile"))
        #expect(capital < small)  // U+00C9 sorts before U+00E9, as bytes.
        #expect(texts.first == "")
    }

    private static func sqliteIDs(for query: Query<SortedWord>) throws -> [Int] {
        let database = try SQLiteDatabase()
        try database.execute(
            "CREATE TABLE words (id INTEGER NOT NULL, text TEXT NOT NULL, note TEXT)")
        try database.insert(
            into: "words", columns: ["id", "text", "note"],
            rows: words.map {
                [.integer(Int64($0.id)), .text($0.text), $0.note.map(SQLBinding.text) ?? .null]
            })
        let clauses = try query.sqlClauses()
        return try database.integers("SELECT id FROM words " + clauses.sql, clauses.bindings).map(
            Int.init)
    }
}
