import PokedexKit
import PokedexOfflineData
import Testing

@Suite("Pokedex.storedSpecies: every species the database holds, in id order")
struct PokedexStoredSpeciesTests {
    /// Species ids saved out of order, so that the order read back is the query's.
    static let savedIDs = [150, 4, 25, 1, 133]

    @Test("every stored species, in id order", arguments: PokedexBackend.allCases)
    func inIDOrder(in backend: PokedexBackend) async throws {
        try await backend.withDatabase { database, store in
            try await Self.checkInIDOrder(store, database: database)
        }
    }

    static func checkInIDOrder(
        _ store: some ModelStore<Pokemon>, database: any ModelDatabase
    ) async throws {
        let pokedex = Pokedex(
            store: store, database: database,
            client: PokeAPIClient(transport: BundledPokeAPITransport()))
        #expect(try await pokedex.storedSpecies().isEmpty, "none stored yet")
        let species = try savedIDs.map(BundledPokeAPI.species(id:))
        try await database.transaction { transaction in
            for record in species { transaction[PokemonSpecies.self].upsert(record) }
        }
        let stored = try await pokedex.storedSpecies()
        #expect(stored.map(\.id) == savedIDs.sorted())
        #expect(stored == species.sorted { $0.id < $1.id })
    }

    @Test("none from a database that keeps no species, nor from a Pokédex without a database")
    func noneWithoutSpecies() async throws {
        let client = PokeAPIClient(transport: BundledPokeAPITransport())
        let pokemonAlone = try await MemoryPokedex(client: client, models: [Pokemon.self])
        #expect(try await pokemonAlone.pokedex.storedSpecies().isEmpty)
        let withoutDatabase = Pokedex(store: InMemoryStore<Pokemon>(), client: client)
        #expect(try await withoutDatabase.storedSpecies().isEmpty)
    }
}
