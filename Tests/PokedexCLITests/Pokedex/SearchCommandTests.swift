import Foundation
import PokedexKit
import PokedexOfflineData
import SQLiteStorage
import TestSupport
import Testing

@Suite("pokedex search, over a synced SQLite store and the bundle in memory")
struct SearchCommandTests {
    /// Each bundled species', move's and ability's id with its tokens, cut once for every
    /// search of the suite.
    static let documents: [[(id: Int, tokens: [String])]] = {
        guard let records = try? PokedexRecords.bundled() else { return [] }
        func cut<Record: PokedexSearchable & Identifiable>(_ records: [Record])
            -> [(id: Int, tokens: [String])] where Record.ID == Int
        {
            records.map { ($0.id, $0.searchTexts.flatMap(TextSearch.tokens(of:))) }
        }
        return [cut(records.species), cut(records.moves), cut(records.abilities)]
    }()

    /// The bundled species, moves and abilities whose texts match, by plain Swift.
    static func expected(_ text: String) throws -> (species: [Int], moves: [Int], abilities: [Int])
    {
        let search = try TextSearch(text)
        try #require(documents.count == 3, "the bundle does not decode")
        let ids = documents.map { kind in
            kind.filter { search.matches(tokens: $0.tokens) }.map(\.id).sorted()
        }
        return (ids[0], ids[1], ids[2])
    }

    @Test("a synced store answers searches as plain Swift does, as text and as JSON")
    func syncedStore() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "dex.sqlite").path
            let sync = try await CommandRunner.pokedex("sync", "--store", path)
            #expect(sync.status == 0, "\(sync.error)")
            for text in ["fire", "breath fire", "Glurak", "ｅａｒｔｈｑｕａｋｅ", "solar"] {
                let result = try await CommandRunner.pokedex(
                    "search", text, "--json", "--limit", "2000", "--store", path)
                #expect(result.status == 0, "\(text): \(result.error)")
                let found = try JSONDecoder().decode(
                    PokedexSearchResults.self, from: Data(result.output.utf8))
                let expected = try Self.expected(text)
                #expect(found.species.map(\.id) == expected.species, "\(text)")
                #expect(found.moves.map(\.id) == expected.moves, "\(text)")
                #expect(found.abilities.map(\.id) == expected.abilities, "\(text)")
            }
            // Words as separate arguments are one search, as in a quoted one.
            let spread = try await CommandRunner.pokedex(
                "search", "breath", "fire", "--store", path)
            #expect(spread.status == 0, "\(spread.error)")
            #expect(spread.output.contains("Moves ("), "\(spread.output)")
            #expect(spread.output.contains("#595 Mystical Fire"), "\(spread.output)")
            #expect(spread.output.contains("breathing a special, hot fire"), "\(spread.output)")
        }
    }

    @Test("headings and names in the language asked, a German name found by its words")
    func language() async throws {
        let german = try await CommandRunner.pokedex(
            "search", "Glurak", "--lang", "de", "--in-memory")
        #expect(german.status == 0, "\(german.error)")
        #expect(german.output == "Einträge (1)\n  #6 Glurak\n", "\(german.output)")
        let none = try await CommandRunner.pokedex(
            "search", "xyzzyq", "--lang", "fr", "--in-memory")
        #expect(none.status == 0)
        #expect(none.output == "Rien de stocké ne correspond à « xyzzyq ».\n", "\(none.output)")
    }

    @Test("a limit shows the first hits of each kind and says how many more there are")
    func limit() async throws {
        let expected = try Self.expected("fire")
        let result = try await CommandRunner.pokedex(
            "search", "fire", "--limit", "2", "--in-memory")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("Entries (\(expected.species.count))"), "\(result.output)")
        #expect(result.output.contains("… and \(expected.species.count - 2) more"))
        #expect(result.output.contains("Moves (\(expected.moves.count))"))
        let entries = result.output.split(separator: "\n").filter { $0.hasPrefix("  #") }
        #expect(entries.count == 6, "\(result.output)")
    }

    @Test(
        "every line keeps to 80 columns, wide characters counted twice",
        arguments: ["ja", "ko", "en"])
    func width(_ language: String) async throws {
        let result = try await CommandRunner.pokedex(
            "search", "fire", "--lang", language, "--limit", "20", "--in-memory")
        #expect(result.status == 0, "\(result.error)")
        for line in result.output.split(separator: "\n") {
            #expect(TerminalColumns.count(line) <= 80, "\(line)")
        }
    }

    @Test("text with no word is a usage error that says why, with status 2")
    func invalid() async throws {
        let result = try await CommandRunner.pokedex("search", "!!", "--in-memory")
        #expect(result.status == 2)
        #expect(result.error.contains("has no letter or digit"), "\(result.error)")
        let missing = try await CommandRunner.pokedex("search", "--in-memory")
        #expect(missing.status == 2)
        #expect(missing.error.contains("missing argument <words>"), "\(missing.error)")
    }
}
