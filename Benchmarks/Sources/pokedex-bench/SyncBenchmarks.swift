import Foundation
import PokedexKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// 6. Syncing Pokémon from a local PokeAPI server that adds latency to every response.
enum SyncBenchmarks {
    static let latencyMilliseconds = 20

    static func run(_ bench: Bench) async throws -> [Result] {
        let ids = bench.quick ? 1...40 : 1...151
        return try await TestServer.with(latencyMilliseconds: latencyMilliseconds) { server in
            let baseURL = server.baseURL

            // Check: both fill a store with the same records.
            let synced = try await sync(ids, from: baseURL)
            let looped = try await tutorialLoop(ids, from: baseURL)
            guard synced.count == ids.count, synced == looped else {
                throw BenchmarkError.disagreement("the synced records")
            }

            return [
                try await bench.compare(
                    group: "6. Sync",
                    name: "ids \(ids.lowerBound)–\(ids.upperBound), \(latencyMilliseconds) ms "
                        + "per response",
                    target: .fasterBy(3.5),
                    candidate: (
                        "Pokedex.syncAll, 4 at once (default)",
                        { blackHole(try await sync(ids, from: baseURL)) }
                    ),
                    baseline: (
                        "sequential URLSession loop",
                        { blackHole(try await tutorialLoop(ids, from: baseURL)) }
                    ),
                    note: "a fresh InMemoryStore each run (and a fresh client for the sync); "
                        + "4× is the limit with 4 requests in flight",
                    repetitions: bench.quick ? 3 : 5)
            ]
        }
    }

    /// The package's sync, with a client of default configuration but for the base URL.
    private static func sync(_ ids: ClosedRange<Int>, from baseURL: URL) async throws
        -> [Pokemon]
    {
        let store = InMemoryStore<Pokemon>()
        let pokedex = Pokedex(
            store: store,
            client: PokeAPIClient(configuration: PokeAPIClient.Configuration(baseURL: baseURL)))
        let progress = try await pokedex.syncAll(ids)
        guard progress.saved == ids.count else {
            throw BenchmarkError.setup("the sync saved \(progress.saved) of \(ids.count)")
        }
        return try await store.fetch(RecordQuery(sortedBy: [.ascending(\.id)]))
    }

    /// What every tutorial writes: one request after another, each decoded and saved.
    private static func tutorialLoop(_ ids: ClosedRange<Int>, from baseURL: URL) async throws
        -> [Pokemon]
    {
        let store = InMemoryStore<Pokemon>()
        let decoder = JSONDecoder()
        for id in ids {
            let url = baseURL.appending(path: "api/v2/pokemon/\(id)/")
            let (data, _) = try await URLSession.shared.data(from: url)
            let fetched = try decoder.decode(FetchedPokemon.self, from: data)
            try await store.upsert(Pokemon(fetched))
        }
        return try await store.fetch(RecordQuery(sortedBy: [.ascending(\.id)]))
    }
}
