import Foundation
import KeyPathQuery
import ModelStorage
import PokedexKit
import SQLiteStorage
import TestSupport
import Testing

/// A Pokédex database written before species, moves and abilities had `search_texts`
/// (schema version 1) opens for writing, migrates with every record kept, and answers
/// searches from a token index built for the records it already held.
@Suite("SQLite: species, moves and abilities gain search_texts")
struct SearchTextsMigrationTests {
    static let species = [
        PokemonSpecies(
            id: 6, name: "charizard", order: 7,
            names: ["en": "Charizard", "de": "Glurak", "ja": "リザードン"],
            genera: ["en": "Flame Pokémon", "de": "Flammen-Pokémon"],
            flavorTexts: [
                FlavorText(
                    text: "It spits fire that is hot enough to melt boulders.", language: "en",
                    version: "red")
            ],
            generation: 1, color: "red", captureRate: 45, genderRate: 1, evolutionChainID: 2),
        PokemonSpecies(
            id: 669, name: "flabebe", order: 800, names: ["en": "Flabébé", "fr": "Flabébé"],
            generation: 6, color: "white", captureRate: 225, genderRate: 8,
            evolutionChainID: 348),
    ]

    @Test("a version 1 table migrates, keeps its records, and is searched through its tokens")
    func migrates() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.sqlite")
            let written = try await SQLiteModelDatabase.open(
                at: url, for: [PokemonSpecies.self])
            try await written.store(for: PokemonSpecies.self).upsert(contentsOf: Self.species)
            try await written.close()
            // The table as version 1 wrote it: no column, no tokens, version 1.
            let raw = try RawDatabase(url)
            try raw.execute(
                "DROP TABLE pokemon_species__search; DELETE FROM modelstorage_search; "
                    + "ALTER TABLE pokemon_species DROP COLUMN search_texts; "
                    + "UPDATE modelstorage_version SET schema_version = 1 "
                    + "WHERE table_name = 'pokemon_species'")
            #expect(
                try raw.strings(
                    "SELECT count(*) FROM pragma_table_info('pokemon_species') "
                        + "WHERE name = 'search_texts'") == ["0"])

            let database = try await SQLiteModelDatabase.open(
                at: url, for: [PokemonSpecies.self])
            let store = try database.store(for: PokemonSpecies.self)
            #expect(try await store.fetch(RecordQuery()).map(\.id) == [6, 669])
            #expect(try await store.fetch(id: 6) == Self.species[0])
            let reporting = store
            let before = reporting.queryEvaluationCounts
            for (text, ids) in [("glurak", [6]), ("FLABEBE", [669]), ("boulders melt", [6])] {
                let found = try await store.fetch(
                    RecordQuery(where: .search(\.searchTexts, for: try TextSearch(text))))
                #expect(found.map(\.id) == ids, "\(text)")
            }
            #expect(reporting.queryEvaluationCounts.subtracting(before).inDatabase == 3)
            try await database.close()
            #expect(FileManager.default.fileExists(atPath: url.path + ".backup"))
            let after = try RawDatabase(url)
            #expect(
                try after.strings(
                    "SELECT schema_version FROM modelstorage_version "
                        + "WHERE table_name = 'pokemon_species'") == ["2"])
            #expect(
                try after.strings("SELECT count(DISTINCT _key) FROM pokemon_species__search")
                    == ["2"])
        }
    }
}
