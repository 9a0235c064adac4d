import Foundation
import PokeAPITestServer
import PokedexKit
import PokedexOfflineData
import TestSupport
import Testing

@Suite("A generation's species and Pokémon")
struct PokedexGenerationTests {
    @Test("the nine ranges hold exactly the species of their generation, and nothing else")
    func rangesMatchTheData() throws {
        let species = try BundledPokeAPI.allSpecies()
        for generation in 1...9 {
            let range = try #require(PokemonSpecies.ids(ofGeneration: generation))
            let expected = species.filter { $0.generation == generation }.map(\.id)
            #expect(Array(range) == expected, "generation \(generation)")
        }
        #expect(PokemonSpecies.ids(ofGeneration: 0) == nil)
        #expect(PokemonSpecies.ids(ofGeneration: 10) == nil)
        #expect(PokemonSpecies.ids(ofGeneration: -1) == nil)
    }

    /// The Pokémon ids of a generation, read from the raw responses: each species' varieties.
    static func expectedIDs(ofGeneration generation: Int) throws -> [Int] {
        var defaults: [Int] = []
        var others: [Int] = []
        for id in try #require(PokemonSpecies.ids(ofGeneration: generation)) {
            let varieties = try #require(
                RepositoryData.object(.species, id)["varieties"] as? [[String: Any]])
            for variety in varieties {
                let pokemon = try #require(variety["pokemon"] as? [String: Any])
                let url = try #require(pokemon["url"] as? String)
                let pokemonID = try #require(Int(url.split(separator: "/").last ?? ""))
                if variety["is_default"] as? Bool == true {
                    defaults.append(pokemonID)
                } else {
                    others.append(pokemonID)
                }
            }
        }
        return defaults + others
    }

    @Test("generation 1 is its 151 species' default forms, then their 87 other forms")
    func idsOfTheFirstGeneration() async throws {
        try await withTestServer { server in
            let (database, _, pokedex) = try await MemoryPokedex(client: .local(server)).parts
            let ids = try await pokedex.pokemonIDs(ofGeneration: 1)
            #expect(ids == (try Self.expectedIDs(ofGeneration: 1)))
            #expect(Array(ids.prefix(151)) == Array(1...151))
            #expect(ids.count == 238)
            // The species were saved: the sync that follows asks for none of them.
            #expect(try await database.read { $0[PokemonSpecies.self].count } == 151)
            try await server.resetStats()
            let progress = try await pokedex.syncAll(ids)
            // The test server has the first generation's default forms and some others.
            #expect(progress.completed == 238)
            #expect(progress.saved >= 151)
            #expect(progress.failures.isEmpty)
            #expect(try await server.stats().requestedIDs(of: "pokemon-species").isEmpty)
            // Asked again, the stored species answer: no request at all.
            try await server.resetStats()
            #expect(try await pokedex.pokemonIDs(ofGeneration: 1) == ids)
            #expect(try await server.stats().total == 0)
        }
    }

    @Test("every generation, offline: 1,351 Pokémon in all, each once")
    func everyGeneration() async throws {
        let pokedex = Pokedex(
            store: InMemoryStore<Pokemon>(),
            client: PokeAPIClient(transport: BundledPokeAPITransport()))
        var all: [Int] = []
        for generation in 1...9 {
            let ids = try await pokedex.pokemonIDs(ofGeneration: generation)
            #expect(ids == (try Self.expectedIDs(ofGeneration: generation)), "\(generation)")
            all += ids
        }
        #expect(all.count == 1351)
        #expect(Set(all) == Set(try BundledPokeAPI.pokemonIDs()))
        #expect(try await pokedex.pokemonIDs(ofGeneration: 10).isEmpty)
    }

    @Test("a species the service lacks gives its default form alone; nothing is saved")
    func missingSpecies() async throws {
        try await withTemporaryDirectory { empty in
            try await withTestServer(.families(empty)) { server in
                let (database, _, pokedex) = try await MemoryPokedex(client: .local(server))
                    .parts
                #expect(try await pokedex.pokemonIDs(ofGeneration: 2) == Array(152...251))
                #expect(try await database.read { $0[PokemonSpecies.self].count } == 0)
            }
        }
    }
}
