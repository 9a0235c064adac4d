import Foundation
import PokeAPITestServer
import PokedexKit
import PokedexOfflineData
import TestSupport
import Testing

@Suite("Pokedex.entry: a Pokémon with its species, chain, abilities and matchups")
struct PokedexEntryTests {
    @Test("through a local server: Charizard's entry, from the requests it needs")
    func charizardFromServer() async throws {
        try await withTestServer { server in
            let charizard = Pokemon(try Fixtures.pokemon(6))
            let pokedex = Pokedex(store: InMemoryStore([charizard]), client: .local(server))
            let entry = try #require(try await pokedex.entry(id: 6))
            #expect(entry.displayName == "Charizard")
            #expect(entry.genus == "Flame Pokémon")
            #expect(entry.generation == 1)
            #expect(entry.abilities.map(\.displayName) == ["Blaze", "Solar Power"])
            #expect(entry.abilities.map(\.isHidden) == [false, true])
            #expect(entry.abilities.allSatisfy { $0.effect?.isEmpty == false })
            #expect(entry.matchups.multiplier(of: .rock) == 4)
            #expect(entry.matchups.multiplier(of: .ground) == 0)
            #expect(entry.matchups.multiplier(of: .grass) == 0.25)
            #expect(entry.evolution?.id == 2)
            #expect(entry.speciesNames == [4: "Charmander", 5: "Charmeleon", 6: "Charizard"])
            #expect(entry.forms.map(\.pokemonID) == [10034, 10035, 10196])
            #expect(entry.baseStatTotal == 534)
            let stats = try await server.stats()
            #expect(stats.requestedIDs(of: "pokemon-species") == [4, 5, 6])
            #expect(stats.requestedIDs(of: "evolution-chain") == [2])
            #expect(
                Set(stats.entries.keys).isSuperset(of: [
                    "ability/blaze", "ability/solar-power", "type/fire", "type/flying",
                ]))
            #expect(try await pokedex.entry(id: 7) == nil, "not stored")
        }
    }

    @Test("with a database of species, the stored species are not asked for")
    func storedSpecies() async throws {
        try await withTestServer { server in
            let database = try InMemoryModelDatabase(for: [Pokemon.self, PokemonSpecies.self])
            let store = try database.store(for: Pokemon.self)
            let species = try database.store(for: PokemonSpecies.self)
            try await store.upsert(Pokemon(try Fixtures.pokemon(6)))
            try await species.upsert(contentsOf: try [5, 6].map(BundledPokeAPI.species(id:)))
            let pokedex = Pokedex(store: store, database: database, client: .local(server))
            let entry = try #require(try await pokedex.entry(id: 6))
            #expect(entry.speciesNames.count == 3)
            #expect(try await server.stats().requestedIDs(of: "pokemon-species") == [4])
        }
    }

    @Test("what is not known is left out, never made up")
    func unknownParts() async throws {
        try await withTemporaryDirectory { empty in
            try await withTestServer(.families(empty)) { server in
                var record = Pokemon(try Fixtures.pokemon(6))
                record.speciesID = nil
                record.favorite = true
                let pokedex = Pokedex(store: InMemoryStore([record]), client: .local(server))
                let entry = try #require(try await pokedex.entry(id: 6))
                #expect(entry.displayName == "charizard")
                #expect(entry.genus == nil && entry.flavorText == nil && entry.generation == nil)
                #expect(entry.evolution == nil && entry.forms.isEmpty)
                #expect(entry.abilities.map(\.displayName) == ["blaze", "solar-power"])
                #expect(entry.abilities.allSatisfy { $0.effect == nil })
                // No type's relations: every attacker neutral.
                #expect(entry.matchups.groups.map(\.multiplier) == [1])
                // The record's legacy flag is not read: favorites are Favorite records, which a
                // Pokédex of Pokémon alone does not keep.
                #expect(!entry.favorite && entry.notes.isEmpty)
            }
        }
    }

    @Test("an entry round-trips through its JSON, keyed in snake case")
    func codable() async throws {
        let pokedex = Pokedex(
            store: InMemoryStore(try BundledPokeAPI.storedPokemon()),
            client: PokeAPIClient(transport: BundledPokeAPITransport()))
        let entry = try #require(try await pokedex.entry(id: 133))
        let data = try JSONEncoder().encode(entry)
        #expect(try JSONDecoder().decode(PokedexEntry.self, from: data) == entry)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys).isSuperset(of: ["display_name", "species_names", "is_legendary"]))
        #expect(entry.evolution?.steps.count == 9, "Eevee and its eight evolutions")
    }
}
