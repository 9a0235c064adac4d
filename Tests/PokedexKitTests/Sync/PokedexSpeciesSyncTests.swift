import Foundation
import PokeAPITestServer
import PokedexKit
import TestSupport
import Testing

extension MemoryPokedex {
    /// A Pokédex over a database of Pokémon and species alone.
    fileprivate init(speciesOnly client: PokeAPIClient, pokemon: [Pokemon] = []) async throws {
        try await self.init(
            client: client, models: [Pokemon.self, PokemonSpecies.self], pokemon: pokemon)
    }

    /// The species store.
    fileprivate var species: InMemoryStore<PokemonSpecies> {
        get throws { try database.store(for: PokemonSpecies.self) }
    }
}

@Suite("Pokedex.sync with a database of species: each Pokémon's species comes with it")
struct PokedexSpeciesSyncTests {
    @Test("1–20: every species stored as the service sends it, each requested once")
    func speciesArrive() async throws {
        try await withTestServer { server in
            let dex = try await MemoryPokedex(speciesOnly: .local(server))
            let progress = try await dex.pokedex.syncAll(1...20)
            #expect(progress.saved == 20)
            let species = try await dex.species.fetch(RecordQuery(sortedBy: [.ascending(\.id)]))
            #expect(species.map(\.id) == Array(1...20))
            for entry in species {
                let expected = try JSONDecoder().decode(
                    PokemonSpecies.self, from: try RepositoryData.data(.species, entry.id))
                #expect(entry == expected, "species \(entry.id)")
            }
            let pokemon = try await dex.pokedex.store.fetch(RecordQuery())
            #expect(pokemon.allSatisfy { $0.speciesID == $0.id })
            let stats = try await server.stats()
            #expect(stats.requestedIDs(of: "pokemon-species") == Set(1...20))
            #expect(stats.total == 40)
        }
    }

    @Test("two forms of one species, synced together, ask for the species once")
    func formsShareTheirSpecies() async throws {
        try await withTestServer { server in
            let dex = try await MemoryPokedex(speciesOnly: .local(server))
            let progress = try await dex.pokedex.syncAll([3, 10033])
            #expect(progress.saved == 2)
            let mega = try #require(try await dex.pokedex.pokemon(id: 10033))
            #expect(mega.speciesID == 3)
            #expect(try await dex.species.count(where: .true) == 1)
            #expect(try await server.stats().entries["pokemon-species/3"] == 1)
        }
    }

    @Test("a Pokémon stored without its species link is fetched again, keeping the favorite")
    func completesOldRecords() async throws {
        try await withTestServer { server in
            var old = Pokemon(try Fixtures.pokemon(25))
            old.speciesID = nil
            old.hiddenAbility = nil
            old.favorite = true
            var linked = Pokemon(try Fixtures.pokemon(26))
            linked.favorite = true
            let dex = try await MemoryPokedex(speciesOnly: .local(server), pokemon: [old, linked])
            let progress = try await dex.pokedex.syncAll(25...27)
            // 25 lacks its link, 26 its species in the species store, 27 is missing.
            #expect(progress.skipped == 0)
            #expect(progress.saved == 3)
            let pikachu = try #require(try await dex.pokedex.pokemon(id: 25))
            #expect(pikachu.speciesID == 25)
            #expect(pikachu.hiddenAbility == "lightning-rod")
            #expect(pikachu.favorite)
            #expect(try await dex.pokedex.pokemon(id: 26)?.favorite == true)
            #expect(try await dex.species.count(where: .true) == 3)
            // Complete now: the next sync asks for nothing.
            try await server.resetStats()
            #expect(try await dex.pokedex.syncAll(25...27).skipped == 3)
            #expect(try await server.stats().total == 0)
        }
    }

    @Test("a species the service lacks fails its Pokémon, which the next sync fetches again")
    func speciesFailureFailsThePokemon() async throws {
        try await withTemporaryDirectory { empty in
            try await withTestServer(.families(empty)) { server in
                let dex = try await MemoryPokedex(speciesOnly: .local(server))
                let progress = try await dex.pokedex.syncAll(1...3)
                #expect(progress.saved == 0)
                #expect(progress.failedIDs.sorted() == [1, 2, 3])
                let reason = try #require(progress.failures.first?.reason)
                #expect(reason.contains("species"), "\(reason)")
                #expect(try await dex.pokedex.store.count(where: .true) == 0)
            }
        }
    }

    @Test("a Pokédex of Pokémon alone syncs as before: no species requested")
    func withoutSpeciesStore() async throws {
        try await withTestServer { (server: TestServer) async throws in
            let pokedex = Pokedex(store: InMemoryStore<Pokemon>(), client: .local(server))
            #expect(try await pokedex.syncAll(1...5).saved == 5)
            #expect(try await server.stats().entries.isEmpty)
            #expect(try await pokedex.store.fetch(id: 4)?.speciesID == 4)
        }
    }
}
