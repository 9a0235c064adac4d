import Foundation
import ModelStorageTesting
import Testing

@testable import KeyPathQuery

/// A record to search: one text, an optional one and a list of texts.
struct SearchedEntry: Queryable, Hashable, Sendable {
    var id: Int
    var text: String
    var note: String?
    var tags: [String]

    static let queryAttributes: AttributeMap<SearchedEntry> = [
        \.id: "id", \.text: "text", \.note: "note", \.tags: "tags",
    ]
}

/// The meaning of a text search, row by row.
///
/// A row (``SearchTable``, in ModelStorageTesting, which runs the rows through every store
/// too) is a text, what a user typed, and whether the text matches. Each row is checked
/// through every route the search has in memory — the
/// condition compiled, `TextSearch.matches`, the text's stored tokens (what a store keeps on
/// write), and the condition encoded and decoded.
@Suite("Text search: the condition table")
struct SearchTableTests {
    /// The rows, which every store's search conformance check answers too.
    static let rows: [SearchCase] = SearchTable.cases

    @Test("each row matches as stated, by every route in memory", arguments: rows)
    func row(_ row: SearchCase) throws {
        let search = try TextSearch(row.search)
        let entry = SearchedEntry(id: 1, text: row.text, note: nil, tags: [])
        let condition: Condition<SearchedEntry> = .search(\.text, for: search)
        #expect(try condition.compiled().evaluate(entry) == row.matches)
        #expect(search.matches(row.text) == row.matches)
        #expect(search.matches(tokens: TextSearch.tokens(of: row.text)) == row.matches)
        let decoded = try JSONDecoder().decode(
            Condition<SearchedEntry>.self, from: JSONEncoder().encode(condition))
        #expect(decoded == condition)
        #expect(try decoded.compiled().evaluate(entry) == row.matches)
        // The negation holds exactly where the search does not.
        #expect(try (!condition).compiled().evaluate(entry) == !row.matches)
    }

    @Test("the table is not trivial: rows match and rows do not, in every group")
    func tableIsBalanced() {
        #expect(Self.rows.filter(\.matches).count >= 20)
        #expect(Self.rows.filter { !$0.matches }.count >= 15)
    }

    @Test("several attributes, a list and an optional are one document")
    func severalAttributes() throws {
        let entry = SearchedEntry(
            id: 1, text: "Charizard", note: "Blaze", tags: ["Fire", "Flying"])
        let blank = SearchedEntry(id: 2, text: "Charizard", note: nil, tags: [])
        let search = try TextSearch("char fly blaze")
        let all: Condition<SearchedEntry> = .search([\.text, \.note, \.tags], for: search)
        #expect(try all.compiled().evaluate(entry))
        #expect(try !all.compiled().evaluate(blank))
        #expect(
            try !Condition<SearchedEntry>.search(\.text, for: search).compiled().evaluate(entry))
        let tags: Condition<SearchedEntry> = .search(\.tags, for: try TextSearch("FLY fire"))
        #expect(try tags.compiled().evaluate(entry))
        #expect(try !tags.compiled().evaluate(blank))
        let note: Condition<SearchedEntry> = .search(\.note, for: try TextSearch("blaze"))
        #expect(try note.compiled().evaluate(entry))
        #expect(try !note.compiled().evaluate(blank))
        // No attribute: nothing is found.
        #expect(try !Condition<SearchedEntry>.search([], for: search).compiled().evaluate(entry))
        // Inside other conditions, and on a list's elements.
        let mixed: Condition<SearchedEntry> = \.id == 1 && all
        #expect(try [entry, blank].filter(mixed.compiled().evaluate) == [entry])
        let element: Condition<SearchedEntry> = .anyElement(
            \.tags, where: .search(\.self, for: try TextSearch("fl")))
        #expect(try element.compiled().evaluate(entry))
        #expect(search.matches(["Charizard", "Blaze", "Fire", "Flying"]))
    }

    @Test("an attribute that is not text is refused when compiled")
    func notText() throws {
        let condition: Condition<SearchedEntry> = .search([\.id], for: try TextSearch("1"))
        #expect {
            _ = try condition.compiled()
        } throws: { ($0 as? QueryError)?.code == .unsupported }
    }

    @Test("SQL and NSPredicate refuse a search, so a store answers it in memory")
    func renderersRefuse() throws {
        let search = try TextSearch("fire")
        let conditions: [Condition<SearchedEntry>] = [
            .search(\.text, for: search),
            \.id > 3 || !.search([\.text, \.tags], for: search),
            .anyElement(\.tags, where: .search(\.self, for: search)),
        ]
        for condition in conditions {
            for options in [
                SQLOptions(), SQLOptions(textFunctions: SQLTextFunctions()),
                SQLOptions(dialect: .postgreSQL),
            ] {
                #expect {
                    _ = try condition.sqlExpression(options: options)
                } throws: { error in
                    let error = error as? QueryError
                    return error?.code == .unsupported && error?.target == .sql
                }
            }
            #expect {
                _ = try condition.predicateFormat()
            } throws: { error in
                let error = error as? QueryError
                return error?.code == .unsupported && error?.target == .predicateFormat
            }
        }
    }

    @Test("a search encodes as its folded words, and equal searches are the same words")
    func codable() throws {
        let search = try TextSearch("  Breath, FIRE! breath ")
        #expect(search.words == ["breath", "fire"])
        #expect(search == (try TextSearch("breath fire")))
        #expect(search != (try TextSearch("fire breath")))
        let data = try JSONEncoder().encode(search)
        #expect(String(decoding: data, as: UTF8.self) == #""breath fire""#)
        #expect(try JSONDecoder().decode(TextSearch.self, from: data) == search)
        let condition: Condition<SearchedEntry> = .search([\.text, \.tags], for: search)
        let json = String(decoding: try JSONEncoder().encode(condition), as: UTF8.self)
        #expect(json.contains(#""search":"breath fire""#))
        #expect(
            try JSONDecoder().decode(Condition<SearchedEntry>.self, from: Data(json.utf8))
                == condition)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(TextSearch.self, from: Data(#""?!""#.utf8))
        }
        // On a list's elements, and with other conditions around it.
        let nested: Condition<SearchedEntry> =
            !(.anyElement(\.tags, where: .search(\.self, for: search)) || \.id == 2)
        #expect(
            try JSONDecoder().decode(
                Condition<SearchedEntry>.self, from: JSONEncoder().encode(nested)) == nested)
        // A saved search that no longer parses does not decode.
        // Keys sorted: JSONEncoder's order otherwise follows a hash seeded per process.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let saved = String(
            decoding: try encoder.encode(Condition<SearchedEntry>.search(\.text, for: search)),
            as: UTF8.self)
        #expect(saved == #"{"search":{"attributes":["text"],"search":"breath fire"}}"#)
        let broken = Data(saved.replacingOccurrences(of: "breath fire", with: " ?! ").utf8)
        #expect {
            try JSONDecoder().decode(Condition<SearchedEntry>.self, from: broken)
        } throws: { error in
            guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
            return (context.underlyingError as? QueryError)?.code == .invalidSearch
        }
    }
}
