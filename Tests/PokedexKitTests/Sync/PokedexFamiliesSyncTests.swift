import Foundation
import PokeAPITestServer
import PokedexKit
import TestSupport
import Testing

@Suite("Pokedex.syncEvery: a whole family through its list")
struct PokedexFamiliesSyncTests {
    @Test("every type and ability, though the Pokémon synced have few; then nothing again")
    func typesAndAbilities() async throws {
        try await withTestServer { (server: TestServer) async throws in
            let (database, _, pokedex) = try await MemoryPokedex(client: .local(server)).parts
            try await pokedex.syncAll(1...3)
            #expect(try await database.read { $0[PokemonTypeDetails.self].count } == 2)

            let types = try await pokedex.syncEvery(.type)
            #expect(types.requested == 21)
            #expect(types.skipped == 2)
            #expect(types.saved == 19)
            #expect(types.isFinished)
            let stored = try await database.read { snapshot in
                try snapshot[PokemonTypeDetails.self].fetch(
                    RecordQuery(sortedBy: [.ascending(\.id)]))
            }
            let expected = try RepositoryData.decodeAll(PokemonTypeDetails.self, .type)
            #expect(stored == expected)

            let abilities = try await pokedex.syncEvery(.ability)
            #expect(abilities.requested == 373)
            #expect(abilities.saved + abilities.skipped == 373)
            #expect(try await database.read { $0[PokemonAbility.self].count } == 373)

            try await server.resetStats()
            let again = try await pokedex.syncEvery(.type)
            #expect(again.skipped == 21 && again.total == 0)
            // The list's one page, and no entry.
            let stats = try await server.stats()
            #expect(stats.entries.isEmpty)
            #expect(stats.total == 1)
        }
    }

    @Test("every evolution chain, whose list names none")
    func chains() async throws {
        try await withTestServer { (server: TestServer) async throws in
            let (database, _, pokedex) = try await MemoryPokedex(client: .local(server)).parts
            let progress = try await pokedex.syncEvery(.evolutionChain)
            #expect(progress.saved == 541)
            let ids = try await database.read { snapshot in
                try snapshot[EvolutionChain.self].fetch(RecordQuery(sortedBy: [.ascending(\.id)]))
                    .map(\.id)
            }
            #expect(ids == (try RepositoryData.ids(.evolutionChain)))
        }
    }

    @Test("faults on the way: each id ends saved or failed, and a second pass completes it")
    func faults() async throws {
        try await withTestServer(.faultRate(0.3, seed: 7)) { (server: TestServer) async throws in
            let (database, _, pokedex) = try await MemoryPokedex(client: .local(server)).parts
            let first = try await pokedex.syncEvery(.type)
            #expect(first.completed == first.total)
            let second = try await pokedex.syncEvery(.type)
            #expect(second.skipped == first.saved)
            #expect(try await database.read { $0[PokemonTypeDetails.self].count } == 21)
        }
    }

    @Test("a Pokédex of Pokémon alone, or a database without the model, refuses")
    func refused() async throws {
        try await withTestServer { (server: TestServer) async throws in
            let alone = Pokedex(store: InMemoryStore<Pokemon>(), client: .local(server))
            let error = await #expect(throws: StoreError.self) {
                try await alone.syncEvery(.ability)
            }
            #expect(error?.code == .unknownModel)
            let database = try InMemoryModelDatabase(for: [Pokemon.self, PokemonSpecies.self])
            let partial = Pokedex(
                store: try database.store(for: Pokemon.self), database: database,
                client: .local(server))
            let missing = await #expect(throws: StoreError.self) {
                try await partial.syncEvery(.type)
            }
            #expect(missing?.code == .unknownModel)
        }
    }
}
