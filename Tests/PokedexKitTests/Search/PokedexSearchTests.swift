import Foundation
import PokedexKit
import PokedexOfflineData
import SQLiteStorage
import TestSupport
import Testing

/// `Pokedex.search(_:language:limit:)` over every bundled species, move and ability, in each
/// backend, against the same search run in plain Swift over the same records.
@Suite("Pokedex: search")
struct PokedexSearchTests {
    /// The bundled species, moves and abilities, decoded once.
    static let bundled: PokedexRecords? = try? PokedexRecords.bundled()

    /// Searches in several languages and scripts, with accents, wide forms, prefixes, words
    /// spread over two texts, and none at all.
    static let searches = [
        "fire", "breathes FIRE", "Glurak", "リザードン", "火炎", "flabebe", "FLAMMES",
        "earthq", "ｅａｒｔｈｑｕａｋｅ", "solar power", "Glurak Flamme", "Pokémon", "xyzzyq",
    ]

    /// Fills a database with the bundled species, moves and abilities.
    static func fill(_ database: any ModelDatabase) async throws -> PokedexRecords {
        let records = try #require(bundled)
        try await database.transaction { transaction in
            transaction[PokemonSpecies.self].upsert(contentsOf: records.species)
            transaction[Move.self].upsert(contentsOf: records.moves)
            transaction[PokemonAbility.self].upsert(contentsOf: records.abilities)
        }
        return records
    }

    static func pokedex(_ database: any ModelDatabase, _ store: any ModelStore<Pokemon>)
        -> Pokedex
    {
        Pokedex(
            store: store, database: database,
            client: PokeAPIClient(transport: BundledPokeAPITransport()))
    }

    /// Runs `body` with a Pokédex in memory that holds the bundled reference data.
    static func withBundledPokedex(_ body: (Pokedex) async throws -> Void) async throws {
        try await PokedexBackend.memory.withDatabase(of: PokedexModels.referenceData) {
            database, store in
            _ = try await fill(database)
            try await body(pokedex(database, store))
        }
    }

    /// Each bundled record's tokens by kind and id, cut once for every search: cutting every
    /// record's texts again for each search kept the cooperative threads busy for minutes
    /// under a sanitizer, starving the suites that wait on timers.
    static let tokens: [String: [Int: [String]]] = {
        func cut<Record: PokedexSearchable & Identifiable>(_ records: [Record]) -> [Int: [String]]
        where Record.ID == Int {
            Dictionary(
                uniqueKeysWithValues: records.map {
                    ($0.id, $0.searchTexts.flatMap(TextSearch.tokens(of:)))
                })
        }
        guard let bundled else { return [:] }
        return [
            "species": cut(bundled.species), "moves": cut(bundled.moves),
            "abilities": cut(bundled.abilities),
        ]
    }()

    /// The ids of `records` whose texts match, in plain Swift.
    static func expected<Record: PokedexSearchable & Identifiable>(
        _ records: [Record], _ search: TextSearch
    ) -> [Int] where Record.ID == Int {
        let kind =
            Record.self == PokemonSpecies.self
            ? "species" : Record.self == Move.self ? "moves" : "abilities"
        let tokens = Self.tokens[kind] ?? [:]
        return records.filter { record in
            guard let cut = tokens[record.id] else { return search.matches(record.searchTexts) }
            return search.matches(tokens: cut)
        }.map(\.id).sorted()
    }

    @Test(
        "each search finds what plain Swift finds, by kind, in id order",
        arguments: PokedexBackend.allCases)
    func sameAsPlainSwift(_ backend: PokedexBackend) async throws {
        try await backend.withDatabase(of: PokedexModels.referenceData) { database, store in
            let records = try await Self.fill(database)
            let pokedex = Self.pokedex(database, store)
            for text in Self.searches {
                let search = try TextSearch(text)
                let found = try await pokedex.search(text, limit: 2_000)
                let species = Self.expected(records.species, search)
                let moves = Self.expected(records.moves, search)
                let abilities = Self.expected(records.abilities, search)
                #expect(found.species.map(\.id) == species, "\(text)")
                #expect(found.moves.map(\.id) == moves, "\(text)")
                #expect(found.abilities.map(\.id) == abilities, "\(text)")
                #expect(
                    found.counts
                        == PokedexSearchResults.Counts(
                            species: species.count, moves: moves.count,
                            abilities: abilities.count), "\(text)")
                let limited = try await pokedex.search(text, limit: 3)
                #expect(limited.species.map(\.id) == Array(species.prefix(3)), "\(text)")
                #expect(limited.counts == found.counts, "\(text)")
            }
        }
    }

    @Test("what the searches find: entries, moves and abilities in many languages")
    func knownAnswers() async throws {
        try await Self.withBundledPokedex { pokedex in
            // Charizard's German name, and its Japanese one.
            #expect(try await pokedex.search("Glurak").species.map(\.identifier) == ["charizard"])
            let japanese = try await pokedex.search("リザードン", language: "ja")
            #expect(japanese.species.map(\.identifier) == ["charizard"])
            #expect(japanese.species.first?.name?.text == "リザードン")
            // Accents and case do not count: Flabébé by its name without them.
            #expect(try await pokedex.search("FLABEBE").species.map(\.id) == [669])
            // A prefix finds the move, by its name in full width too.
            let quake = try await pokedex.search("ｅａｒｔｈｑｕａｋｅ")
            #expect(quake.moves.map(\.identifier).contains("earthquake"))
            // Two words from two texts of one species: the German name and genus.
            let spread = try await pokedex.search("glurak flamme", language: "de")
            #expect(spread.species.map(\.identifier) == ["charizard"])
            #expect(try await pokedex.search("xyzzyq").isEmpty)
        }
    }

    @Test("an excerpt is the text that matched, in the language asked where it matches there")
    func excerpts() async throws {
        try await Self.withBundledPokedex { pokedex in
            let fire = try await pokedex.search("feuer", language: "de", limit: 5)
            let first = try #require(fire.species.first)
            let excerpt = try #require(first.excerpt)
            #expect(excerpt.language == "de")
            #expect(try TextSearch("feuer").matches(excerpt.text))
            #expect(first.name?.language == "de")
            // A German search shown to an English reader: the excerpt stays German, since
            // no English text matches, and says it is not in English.
            let shown = try #require(
                try await pokedex.search("feuer", language: "en", limit: 1).species.first)
            #expect(shown.excerpt?.language == "de")
            #expect(shown.excerpt?.isFallback == true)
            #expect(shown.name?.language == "en")
        }
    }

    @Test(
        "a move by number, PokeAPI name or a name in any language: one rule",
        arguments: [PokedexBackend.memory, .sqlite])
    func moveMatching(_ backend: PokedexBackend) async throws {
        try await backend.withDatabase(of: PokedexModels.referenceData) { database, store in
            _ = try await Self.fill(database)
            let pokedex = Self.pokedex(database, store)
            let cases: [(String, Int?)] = [
                ("53", 53), ("#53", 53), (" flamethrower ", 53), ("Fire Punch", 7),
                ("fire_punch", 7), ("Flammenwurf", 53), ("LANCE-FLAMMES", 53),
                ("lance flammes", 53), ("かえんほうしゃ", 53), ("噴射火焰", 53), ("9999", nil),
                ("flame", nil), ("!!", nil), ("", nil),
            ]
            for (text, id) in cases {
                #expect(try await pokedex.move(matching: text)?.id == id, "\(text)")
            }
        }
    }

    @Test("text that has no word is refused with a typed error, before the store is read")
    func invalidSearch() async throws {
        try await PokedexBackend.memory.withDatabase(of: PokedexModels.referenceData) {
            database, store in
            let pokedex = Self.pokedex(database, store)
            for text in ["", "   ", "!?", "🔥"] {
                await #expect(throws: QueryError.self, "\(text)") {
                    try await pokedex.search(text)
                }
            }
        }
    }

    @Test("a Pokédex without species refuses a search with the models it has")
    func withoutSpecies() async throws {
        try await PokedexBackend.memory.withDatabase(of: [Pokemon.self]) { database, store in
            await #expect(throws: StoreError.self) {
                try await Self.pokedex(database, store).search("fire")
            }
        }
    }

    @Test("SQLite answers the Pokédex's search conditions from its token index, in SQL")
    func sqliteAnswersInDatabase() async throws {
        try await PokedexBackend.sqlite.withDatabase(of: PokedexModels.referenceData) {
            database, _ in
            _ = try await Self.fill(database)
            let search = try TextSearch("breathes fire")
            func check<Model: PokedexSearchable & StorableModel>(_: Model.Type) async throws {
                let store = try database.store(for: Model.self)
                let reporting = try #require(store as? any QueryEvaluationReporting)
                let before = reporting.queryEvaluationCounts
                _ = try await store.fetch(
                    RecordQuery(where: .search(\.searchTexts, for: search)))
                let counts = reporting.queryEvaluationCounts.subtracting(before)
                #expect(counts.inDatabase == 1 && counts.total == 1, "\(Model.self): \(counts)")
            }
            try await check(PokemonSpecies.self)
            try await check(Move.self)
            try await check(PokemonAbility.self)
        }
    }
}
