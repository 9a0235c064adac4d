import ConditionTableSupport
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

@Suite("Sorting text with options: folded as text conditions fold it")
struct FoldedSortTests {
    /// Letters outside ASCII in both cases, ASCII in both cases, prefixes, ties, and the
    /// characters whose Unicode case folding is not ASCII lower-casing (ß, K, ﬁ).
    private static let words: [SortedWord] = [
        "banana", "Apple", "apple", "APPLE", "Émile", "émile", "eve", "Zed", "zebra", "straße",
        "STRASSE", "Kelvin \u{212A}", "kelvin k", "ﬁne", "fine", "", "a", "Ä", "ä", "_under",
        "[bracket", "0zero",
    ].enumerated().map {
        SortedWord(id: $0.offset, text: $0.element, note: $0.offset % 3 == 0 ? nil : $0.element)
    }

    /// The order the options promise, written independently of the engine: Foundation's
    /// folding, then the folded UTF-8 bytes, then `id`.
    private static func reference(
        _ options: String.CompareOptions, descending: Bool
    ) -> [Int] {
        words.sorted { a, b in
            let x = Array(a.text.folding(options: options, locale: nil).utf8)
            let y = Array(b.text.folding(options: options, locale: nil).utf8)
            if x == y { return a.id < b.id }
            return descending ? y.lexicographicallyPrecedes(x) : x.lexicographicallyPrecedes(y)
        }.map(\.id)
    }

    @Test(
        "orders by Unicode case folding, ties broken by the next key",
        arguments: [SortKey<SortedWord>.Direction.ascending, .descending])
    func foldsCase(direction: SortKey<SortedWord>.Direction) throws {
        let key: SortKey<SortedWord> =
            direction == .ascending
            ? .ascending(\.text, options: .caseInsensitive)
            : .descending(\.text, options: .caseInsensitive)
        let query = RecordQuery<SortedWord>(sortedBy: [key, .ascending(\.id)])
        let ids = try query.apply(to: Self.words).map(\.id)
        #expect(ids == Self.reference(.caseInsensitive, descending: direction == .descending))
        // "Apple", "apple" and "APPLE" tie, and keep their id order; so do "Émile" and "émile".
        #expect(ids.filter { [1, 2, 3].contains($0) } == [1, 2, 3])
        #expect(ids.filter { [4, 5].contains($0) } == [4, 5])
    }

    @Test("folds diacritics too when asked: é sorts with e")
    func foldsDiacritics() throws {
        let query = RecordQuery<SortedWord>(
            sortedBy: [
                .ascending(\.text, options: [.caseInsensitive, .diacriticInsensitive]),
                .ascending(\.id),
            ])
        #expect(
            try query.apply(to: Self.words).map(\.id)
                == Self.reference([.caseInsensitive, .diacriticInsensitive], descending: false))
    }

    @Test("places nil as asked, with folded text")
    func nilsWithFolding() throws {
        for nils in [SortKey<SortedWord>.NilPlacement.first, .last] {
            let query = RecordQuery<SortedWord>(
                sortedBy: [
                    .descending(\.note, options: .caseInsensitive, nils: nils), .ascending(\.id),
                ])
            let notes = try query.apply(to: Self.words).map(\.note)
            let present = notes.compactMap { $0 }
            #expect(present.count == notes.count - 8)
            if nils == .first {
                #expect(notes.prefix(8).allSatisfy { $0 == nil })
            } else {
                #expect(notes.suffix(8).allSatisfy { $0 == nil })
            }
            let folded = present.map {
                Array($0.folding(options: .caseInsensitive, locale: nil).utf8)
            }
            #expect(
                zip(folded, folded.dropFirst()).allSatisfy { !$0.lexicographicallyPrecedes($1) })
        }
    }

    @Test("an exact sort orders by UTF-8 bytes, in memory as in SQLite")
    func exactMatchesSQLite() throws {
        for key in [SortKey<SortedWord>.ascending(\.text), .descending(\.text)] {
            let query = RecordQuery<SortedWord>(sortedBy: [key, .ascending(\.id)])
            #expect(try Self.sqliteIDs(for: query) == query.apply(to: Self.words).map(\.id))
        }
    }

    private static func sqliteIDs(for query: RecordQuery<SortedWord>) throws -> [Int] {
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
