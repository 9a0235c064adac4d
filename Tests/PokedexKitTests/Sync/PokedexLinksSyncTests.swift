import Foundation
import PokeAPITestServer
import PokedexKit
import TestSupport
import Testing

@Suite("Pokedex.sync over a database of every model: what each Pokémon links to comes with it")
struct PokedexLinksSyncTests {
    /// The ids synced: the first 30, whose species share chains, types and abilities.
    static let ids = 1...30

    @Test(
        "species, chains, types and abilities stored as the service sends them, each requested once",
        arguments: PokedexBackend.allCases)
    func linksArrive(in backend: PokedexBackend) async throws {
        try await withTestServer { server in
            try await backend.withDatabase { database, store in
                try await Self.checkLinksArrive(store, database: database, server: server)
            }
        }
    }

    static func checkLinksArrive(
        _ store: some ModelStore<Pokemon>, database: any ModelDatabase, server: TestServer
    ) async throws {
        let pokedex = Pokedex(store: store, database: database, client: .local(server))
        let progress = try await pokedex.syncAll(ids)
        #expect(progress.saved == ids.count)
        #expect(progress.failures.isEmpty)

        let pokemon = try await store.fetch(RecordQuery(sortedBy: [.ascending(\.id)]))
        let expectedSpecies = try ids.map { id in
            try JSONDecoder().decode(PokemonSpecies.self, from: RepositoryData.data(.species, id))
        }
        let chainIDs = Set(expectedSpecies.map(\.evolutionChainID))
        let typeNames = Set(pokemon.flatMap(\.types))
        let abilityNames = Set(pokemon.flatMap(\.abilities))
        let stored = try await database.read { snapshot in
            (
                species: try snapshot[PokemonSpecies.self].fetch(
                    RecordQuery(sortedBy: [.ascending(\.id)])),
                chains: try snapshot[EvolutionChain.self].fetch(RecordQuery()),
                types: try snapshot[PokemonTypeDetails.self].fetch(RecordQuery()),
                abilities: try snapshot[PokemonAbility.self].fetch(RecordQuery())
            )
        }
        #expect(stored.species == expectedSpecies)
        #expect(Set(stored.chains.map(\.id)) == chainIDs)
        for chain in stored.chains {
            let expected = try JSONDecoder().decode(
                EvolutionChain.self, from: RepositoryData.data(.evolutionChain, chain.id))
            #expect(chain == expected, "chain \(chain.id)")
        }
        #expect(Set(stored.types.map(\.name)) == typeNames)
        for type in stored.types {
            let expected = try JSONDecoder().decode(
                PokemonTypeDetails.self, from: RepositoryData.data(.type, type.id))
            #expect(type == expected, "type \(type.name)")
        }
        #expect(Set(stored.abilities.map(\.name)) == abilityNames)
        for ability in stored.abilities {
            let expected = try JSONDecoder().decode(
                PokemonAbility.self, from: RepositoryData.data(.ability, ability.id))
            #expect(ability == expected, "ability \(ability.name)")
        }

        // Each linked record was requested once, though up to 14 Pokémon link to one.
        let stats = try await server.stats()
        #expect(stats.entries.values.allSatisfy { $0 == 1 }, "\(stats.entries)")
        #expect(
            stats.entries.count
                == ids.count + chainIDs.count + typeNames.count + abilityNames.count)

        // The entry now comes from the database alone, and equals one made from the service.
        try await server.resetStats()
        var fromDatabase: [PokedexEntry] = []
        // Their chains' species are all among the ids synced (Pikachu's, with Pichu, is not).
        for id in [1, 6, 9] {
            fromDatabase.append(try #require(try await pokedex.entry(id: id)))
        }
        let requested = try await server.stats()
        #expect(requested.total == 0, "\(requested.paths)")
        for entry in fromDatabase {
            let record = try #require(try await store.fetch(id: entry.id))
            let fromService = try await Pokedex(
                store: InMemoryStore([record]), client: .local(server)
            ).entry(for: record)
            #expect(entry == fromService, "entry \(entry.id)")
        }
    }

    @Test("a stored Pokémon whose type the database lacks is fetched again, keeping the favorite")
    func completesMissingLinks() async throws {
        try await withTestServer { (server: TestServer) async throws in
            let (database, store, pokedex) = try await MemoryPokedex(client: .local(server)).parts
            try await pokedex.syncAll(1...6)
            try await pokedex.setFavorite(true, pokemonID: 2)
            let poison = try await database.transaction { transaction in
                try transaction[PokemonTypeDetails.self].delete(where: \.name == .poison)
            }
            #expect(poison == 1)
            try await server.resetStats()

            let progress = try await pokedex.syncAll(1...6)
            // Bulbasaur, Ivysaur and Venusaur are poison; the other three are complete.
            #expect(progress.skipped == 3)
            #expect(progress.saved == 3)
            #expect(progress.refetched == 3)
            let stats = try await server.stats()
            #expect(stats.requestedPokemonIDs == [1, 2, 3])
            #expect(stats.entries == ["type/poison": 1])
            #expect(try await database.read { $0[PokemonTypeDetails.self].count } == 4)
            #expect(try await pokedex.isFavorite(pokemonID: 2))
            #expect(try await store.fetch(id: 2)?.favorite == false, "the legacy flag is not set")
        }
    }

    @Test("an ability the service lacks fails its Pokémon, and none of its links is saved")
    func missingAbilityFailsThePokemon() async throws {
        try await withTemporaryDirectory { families in
            for family in [RepositoryData.Family.species, .evolutionChain, .type] {
                try FileManager.default.createSymbolicLink(
                    at: families.appending(path: family.rawValue),
                    withDestinationURL: RepositoryData.allDirectory.appending(
                        path: family.rawValue))
            }
            try await withTestServer(.families(families)) { server in
                let (database, _, pokedex) = try await MemoryPokedex(client: .local(server))
                    .parts
                let progress = try await pokedex.syncAll([4])
                #expect(progress.saved == 0)
                let reason = try #require(progress.failures.first?.reason)
                #expect(reason.hasPrefix("its ability "), "\(reason)")
                #expect(reason.hasSuffix(" is not on the service (404)"), "\(reason)")
                let counts = try await database.read { snapshot in
                    [
                        snapshot[Pokemon.self].count, snapshot[PokemonSpecies.self].count,
                        snapshot[EvolutionChain.self].count,
                        snapshot[PokemonTypeDetails.self].count,
                        snapshot[PokemonAbility.self].count,
                    ]
                }
                #expect(counts == [0, 0, 0, 0, 0])
            }
        }
    }

    @Test("a database of Pokémon and species keeps the species alone")
    func keepsOnlyWhatTheDatabaseHolds() async throws {
        try await withTestServer { (server: TestServer) async throws in
            let database = try InMemoryModelDatabase(for: [Pokemon.self, PokemonSpecies.self])
            let store = try database.store(for: Pokemon.self)
            let pokedex = Pokedex(store: store, database: database, client: .local(server))
            #expect(try await pokedex.syncAll(1...3).saved == 3)
            let stats = try await server.stats()
            #expect(stats.requestedIDs(of: "pokemon-species") == [1, 2, 3])
            #expect(stats.entries.count == 3)
        }
    }
}
