import Foundation
import PokeAPITestServer
import TestSupport
import Testing

@testable import PokedexKit

/// A second sync of the same ids, through a client with a ``PokeAPICache``, against the local
/// test server: no request while the kept responses are fresh, and only 304s once they are
/// stale, as PokeAPI's fair-use policy asks.
@Suite("Sync through the HTTP cache", .serialized)
struct PokedexSyncCacheTests {
    static let ids = 1...151

    @Test("a second sync sends 0 requests while fresh, and only 304s once stale")
    func secondSync() async throws {
        try await withTemporaryDirectory { directory in
            try await withTestServer(.cacheControl("max-age=3600")) { server in
                let clock = TestClock(start: Date())
                let client = PokeAPICacheServerTests.client(
                    server, directory: directory, clock: clock)
                let store = InMemoryStore<Pokemon>()
                let pokedex = Pokedex(store: store, client: client)
                #expect(try await pokedex.syncAll(Self.ids).saved == 151)
                #expect(try await server.stats().statuses == ["200": 151])

                // Fresh: a refresh of every id, and a sync into an empty store by another
                // client on the same directory, send nothing.
                try await server.resetStats()
                clock.advance(by: 3_500)
                #expect(try await pokedex.syncAll(Self.ids, mode: .refresh).saved == 151)
                let other = Pokedex(
                    store: InMemoryStore<Pokemon>(),
                    client: PokeAPICacheServerTests.client(
                        server, directory: directory, clock: clock))
                #expect(try await other.syncAll(Self.ids).saved == 151)
                #expect(try await server.stats().total == 0)

                // Stale: every id revalidated, every answer a 304, every record as it was.
                clock.advance(by: 101)
                let progress = try await pokedex.syncAll(Self.ids, mode: .refresh)
                #expect(progress.saved == 151)
                #expect(progress.refetched == 151, "every one stored, fetched again")
                #expect(progress.failures.isEmpty)
                let stats = try await server.stats()
                #expect(stats.statuses == ["304": 151])
                #expect(Set(stats.pokemon.values) == [1])
                for record in try await store.fetch(RecordQuery(sortedBy: [.ascending(\.id)])) {
                    #expect(record == Pokemon(try Fixtures.pokemon(record.id)), "id \(record.id)")
                }
                #expect(try await store.count() == 151)
            }
        }
    }
}
