import Foundation
import PokedexKit
import TestSupport
import Testing

/// The raw species of the bundle, read with `JSONSerialization`, by id: the rows of
/// `pokemon-species.json`, whose 7th, 8th and 9th values are the generation and the
/// legendary and mythical flags (see `CompactSpecies.swift`).
private func rawSpeciesFlags() throws -> [Int: (generation: Int, legendary: Bool, mythical: Bool)] {
    let data = try Data(
        contentsOf: RawPokeAPIData.resources.appending(path: "pokemon-species.json"))
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let rows = try #require(document["rows"] as? [[Any]])
    var flags: [Int: (Int, Bool, Bool)] = [:]
    for row in rows {
        guard let id = row[0] as? Int, let generation = row[6] as? Int,
            let legendary = row[7] as? Bool, let mythical = row[8] as? Bool
        else { continue }
        flags[id] = (generation, legendary, mythical)
    }
    #expect(flags.count == 1025)
    return flags
}

/// Each bundled Pokémon's species id, read from the rows of `pokemon.json` (the last value
/// of each, see `CompactPokemon.swift`), in id order.
private func rawSpeciesIDs() throws -> [(pokemon: Int, species: Int)] {
    let data = try Data(contentsOf: RawPokeAPIData.resources.appending(path: "pokemon.json"))
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let rows = try #require(document["rows"] as? [[Any]])
    let pairs = rows.compactMap { row -> (Int, Int)? in
        guard let id = row.first as? Int, let species = row.last as? Int else { return nil }
        return (id, species)
    }
    #expect(pairs.count == 1351)
    return pairs
}

@Suite("pokedex list --generation, --legendary and --mythical: questions about the species")
struct ListSpeciesOptionsTests {
    /// The ids a `list --json` printed.
    static func ids(_ output: String) throws -> [Int] {
        try JSONDecoder().decode([Pokemon].self, from: Data(output.utf8)).map(\.id)
    }

    @Test("in the whole bundle, as the raw Pokémon and species data say")
    func inMemory() async throws {
        let flags = try rawSpeciesFlags()
        let pairs = try rawSpeciesIDs()
        let cases: [([String], (Int) -> Bool)] = [
            (["--legendary"], { flags[$0]?.legendary == true }),
            (["--mythical"], { flags[$0]?.mythical == true }),
            (["--generation", "1"], { flags[$0]?.generation == 1 }),
            (["--generation", "9"], { flags[$0]?.generation == 9 }),
            (["--generation", "10"], { _ in false }),
        ]
        for (options, expected) in cases {
            let result = try await CommandRunner.run(
                "pokedex", ["list", "--in-memory", "--json"] + options)
            #expect(result.status == 0, "\(options): \(result.error)")
            let ids = pairs.filter { expected($0.species) }.map(\.pokemon)
            #expect(try Self.ids(result.output) == ids, "\(options)")
            #expect(!ids.isEmpty || options.last == "10", "\(options) finds some")
            #expect(result.error.isEmpty, "\(options): \(result.error)")
        }
        let legendary = try Self.ids(
            try await CommandRunner.pokedex(
                "list", "--in-memory", "--json", "--legendary", "--generation", "1"
            ).output)
        // Articuno, Zapdos, Moltres, Mewtwo, and their forms: two megas, three of Galar.
        #expect(legendary == [144, 145, 146, 150, 10043, 10044, 10169, 10170, 10171])
    }

    @Test("synced into SQLite and JSON stores, the same answers, from the stored species")
    func fromStores() async throws {
        try await withTemporaryDirectory { directory in
            for name in ["dex.sqlite", "dex.json"] {
                let store = directory.appending(path: name).path
                let synced = try await CommandRunner.pokedex(
                    "sync", "--range", "1-151", "--store", store)
                #expect(synced.status == 0, "\(synced.error)")
                let result = try await CommandRunner.pokedex(
                    "list", "--store", store, "--json", "--generation", "1", "--legendary",
                    "--weak-to", "rock")
                #expect(result.status == 0, "\(name): \(result.error)")
                // Articuno (ice/flying), Zapdos (electric/flying), Moltres (fire/flying).
                #expect(try Self.ids(result.output) == [144, 145, 146], "\(name)")
            }
        }
    }

    @Test("--generation takes a generation from 1; anything else is a usage error")
    func badGeneration() async throws {
        for value in ["0", "-1", "one", ""] {
            let result = try await CommandRunner.pokedex(
                "list", "--in-memory", "--generation", value)
            #expect(result.status == 2, "\(value)")
            #expect(
                result.error.contains(
                    "--generation expects a generation, 1 or more, not '\(value)'"),
                "\(result.error)")
        }
    }

    @Test("a store of an earlier version: listed at once, completed by the next sync")
    func olderStore() async throws {
        try await withTemporaryDirectory { directory in
            // Schema version 1, as the JSON store wrote it before `species_id`: Pikachu a
            // favorite.
            let store = directory.appending(path: "old.json")
            let record = { (id: Int, name: String, favorite: Bool) in
                "{\"id\":\(id),\"name\":\"\(name)\",\"types\":[\"electric\"],\"hp\":35,"
                    + "\"attack\":55,\"defense\":40,\"special_attack\":50,"
                    + "\"special_defense\":50,\"speed\":90,\"height\":4,\"weight\":60,"
                    + "\"base_experience\":112,\"abilities\":[\"static\"],"
                    + "\"favorite\":\(favorite)}"
            }
            try Data(
                ("{\"format\":1,\"schemaVersion\":1,\"generation\":1,\"version\":1,\"records\":[\n"
                    + record(25, "pikachu", true) + ",\n" + record(145, "zapdos", false)
                    + "\n]}\n").utf8
            ).write(to: store)

            let before = try await CommandRunner.pokedex(
                "list", "--store", store.path, "--legendary")
            #expect(before.status == 0, "\(before.error)")
            #expect(before.output.contains("No Pokémon match (2 stored)."), "\(before.output)")
            #expect(
                before.error.contains("note: 2 stored Pokémon lack their species"),
                "\(before.error)")

            let synced = try await CommandRunner.pokedex(
                "sync", "--store", store.path, "--range", "1-151")
            #expect(synced.status == 0, "\(synced.error)")
            // The two stored Pokémon were fetched again to complete them, and said so.
            #expect(synced.output.contains("(0 already stored, 2 completed)"), "\(synced.output)")
            let after = try await CommandRunner.pokedex(
                "list", "--store", store.path, "--legendary", "--json")
            #expect(after.error.isEmpty, "\(after.error)")
            #expect(try Self.ids(after.output) == [144, 145, 146, 150])
            let favorites = try await CommandRunner.pokedex(
                "list", "--store", store.path, "--favorites", "--json")
            #expect(try Self.ids(favorites.output) == [25], "the favorite is kept")
        }
    }
}
