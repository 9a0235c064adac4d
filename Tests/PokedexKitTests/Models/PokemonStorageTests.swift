import Foundation
import PokedexKit
import TestSupport
import Testing

@Suite("Pokemon in a store")
struct PokemonStorageTests {
    private func fetched(_ id: Int) throws -> FetchedPokemon {
        try JSONDecoder().decode(FetchedPokemon.self, from: Fixtures.trimmed(id))
    }

    private func withStoreURL(_ body: (URL) async throws -> Void) async throws {
        try await withTemporaryDirectory { try await body($0.appending(path: "pokedex.json")) }
    }

    @Test("generation one round-trips through a file store")
    func generationOneRoundTrips() async throws {
        let pokemon = try Fixtures.generationOneIDs.map { Pokemon(try fetched($0)) }
        try await withStoreURL { url in
            let store = try await JSONFileStore<Pokemon>.open(at: url)
            try await store.upsert(contentsOf: pokemon)
            try await store.update(id: 25) { $0.favorite = true }
            try await store.close()
            let reopened = try await JSONFileStore<Pokemon>.open(at: url, options: .readOnly)
            let stored = try await reopened.fetch(.everyRecord)
            #expect(stored.count == 151)
            #expect(stored.filter(\.favorite).map(\.id) == [25])
            #expect(stored.map(\.name) == pokemon.map(\.name))
            let fire = try await reopened.fetch(
                RecordQuery(
                    where: .contains(\.types, .fire), sortedBy: [.descending(\.specialAttack)],
                    limit: 1))
            #expect(fire.map(\.name) == ["moltres"])
        }
    }

    @Test("a sync refreshing from a stale read keeps the user's favorite")
    func syncKeepsFavorite() async throws {
        let store = InMemoryStore([Pokemon(try fetched(6))])
        var sync = try #require(await store.fetchVersioned(id: 6))
        try await store.update(id: 6) { $0.favorite = true }
        var newer = try fetched(6)
        newer.attack = 99
        sync.value.refresh(from: newer)
        let saved = try await store.save(sync, mergePolicy: .mergeByPropertyObjectTrump)
        #expect(saved.favorite)
        #expect(saved.attack == 99)
        await #expect(throws: StoreError.self) {
            var stale = sync
            stale.value.attack = 1
            try await store.save(stale)
        }
    }
}
