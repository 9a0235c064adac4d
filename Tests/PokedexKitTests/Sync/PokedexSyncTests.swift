import Foundation
import PokeAPITestServer
import PokedexKit
import PokedexOfflineData
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Pokedex.sync: resumable, concurrent, retrying")
struct PokedexSyncTests {
    @Test("1–151 through a faulty local server: exactly 151 correct records within the budget")
    func syncThroughFaults() async throws {
        try await withTestServer(
            .tooManyRequests([3, 40]), .serverError(500, [7, 77], .times(2)),
            .serverError(503, [120]), .slow([15], milliseconds: 1_500), .truncatedBody([25, 99]),
            .droppedConnection([50, 130]), .invalidJSON([64])
        ) { server in
            let store = InMemoryStore<Pokemon>()
            let pokedex = Pokedex(
                store: store, client: .local(server, maxAttempts: 4, timeout: .seconds(1)))
            let progress = try await pokedex.syncAll(1...151)
            #expect(progress.saved == 151)
            #expect(progress.failures.isEmpty)
            #expect(progress.notFound.isEmpty)
            let stored = try await store.fetch(RecordQuery(sortedBy: [.ascending(\.id)]))
            #expect(stored.map(\.id) == Array(1...151))
            for record in stored {
                #expect(record == Pokemon(try Fixtures.pokemon(record.id)), "id \(record.id)")
            }
            let stats = try await server.stats()
            for id in 1...151 {
                #expect(stats.requests(forPokemon: id) <= 4, "id \(id)")
            }
            #expect(stats.total <= 151 * 4)
            #expect(stats.requests(forPokemon: 1) == 1)
        }
    }

    @Test("ids the service does not have are reported, not retried, and do not stop the sync")
    func notFound() async throws {
        try await withTestServer { server in
            let store = InMemoryStore<Pokemon>()
            let pokedex = Pokedex(store: store, client: .local(server))
            let progress = try await pokedex.syncAll([150, 151, 1026, 1027, 10_000])
            #expect(progress.saved == 2)
            #expect(Set(progress.notFound) == [1026, 1027, 10_000])
            #expect(try await server.stats().requests(forPokemon: 1026) == 1)
            #expect(try await store.count(where: .true) == 2)
        }
    }

    @Test("a gap in the middle is filled, not skipped: only missing ids are requested")
    func fillsGaps() async throws {
        try await withTestServer { server in
            let present = (1...100).filter { $0 != 37 && $0 != 58 }
            let store = InMemoryStore<Pokemon>(
                try present.map { Pokemon(try Fixtures.pokemon($0)) })
            let pokedex = Pokedex(store: store, client: .local(server))
            #expect(try await pokedex.missingIDs(in: 1...151) == [37, 58] + Array(101...151))
            let progress = try await pokedex.syncAll(1...151)
            #expect(progress.skipped == 98)
            #expect(progress.total == 53)
            let stats = try await server.stats()
            let requested = Set((1...151).filter { stats.requests(forPokemon: $0) > 0 })
            #expect(requested == Set([37, 58] + Array(101...151)))
            #expect(try await store.count(where: .true) == 151)
        }
    }

    @Test("a cancelled sync ends its requests; the next requests exactly the missing ids")
    func resumesAfterCancellation() async throws {
        try await withTestServer(.latency(milliseconds: 5)) { server in
            let store = InMemoryStore<Pokemon>()
            // The first sync's transport sends its first 50 requests on to the server and holds
            // every later one until it is cancelled: once 50 are saved, the others are in
            // flight, and they end only if stopping the iteration cancels them.
            let session = URLSessionTransport()
            let sent = Counter()
            let holding = StubTransport { request, _ in
                if await sent.increment() > 50 {
                    try await Task.sleep(for: .seconds(3600))
                }
                return try await session.send(request)
            }
            let first = Pokedex(store: store, client: .local(server, transport: holding))
            for try await progress in first.sync(1...151) where progress.saved >= 50 {
                break  // stopping the iteration cancels the sync
            }
            // Every held request ends, cancelled: nothing the sync sent is left to land.
            try await waitUntil { await holding.log.inFlight == 0 }
            #expect(await holding.log.urls.count > 50, "requests were held when it stopped")
            let stored = Set(try await store.fetch(RecordQuery.everyRecord).map(\.id))
            #expect(stored.count == 50)
            let before = try await server.stats()
            #expect(Set((1...151).filter { before.requests(forPokemon: $0) > 0 }) == stored)
            try await Pokedex(store: store, client: .local(server)).syncAll(1...151)
            let after = try await server.stats()
            for id in 1...151 {
                let requestedAgain =
                    after.requests(forPokemon: id) - before.requests(forPokemon: id)
                #expect(requestedAgain == (stored.contains(id) ? 0 : 1), "id \(id)")
            }
            #expect(try await store.count(where: .true) == 151)
        }
    }

    @Test("an id that keeps failing is reported with its reason; the next sync retries only it")
    func failuresAreReported() async throws {
        let failing = 42
        let pokedex = try Pokedex(
            store: InMemoryStore<Pokemon>(),
            client: .stubbed(
                retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(1)),
                transport: StubTransport { request, _ in
                    let id = request.url?.lastPathComponent ?? ""
                    if id == String(failing) { return try Stub.response(500, for: request) }
                    return try Stub.fixtures(for: request)
                }))
        let progress = try await pokedex.syncAll(40...45)
        #expect(progress.saved == 5)
        #expect(progress.failedIDs == [failing])
        #expect(progress.failures.first?.reason.contains("500") == true)
        #expect(try await pokedex.missingIDs(in: 40...45) == [failing])
    }

    @Test("progress is reported first, then once per id, ending finished")
    func progressEvents() async throws {
        let pokedex = Pokedex(
            store: InMemoryStore<Pokemon>(),
            client: PokeAPIClient(transport: BundledPokeAPITransport()))
        var updates: [SyncProgress] = []
        for try await progress in pokedex.sync([1, 2, 3, 2, 1, 5000]) { updates.append(progress) }
        #expect(updates.first?.completed == 0)
        #expect(updates.first?.requested == 4)
        #expect(updates.map(\.completed) == [0, 1, 2, 3, 4])
        #expect(updates.last?.isFinished == true)
        #expect(updates.last?.notFound == [5000])
    }

    @Test("refreshing keeps a favorite the user set while the request was in flight")
    func refreshKeepsFavorites() async throws {
        let original = Pokemon(try Fixtures.pokemon(25))
        let store = InMemoryStore<Pokemon>([original])
        let gate = Gate()
        let transport = StubTransport { request, _ in
            await gate.arrive()  // hold the response until the user has acted
            var newer = try Fixtures.pokemon(25)
            newer.attack = 99
            newer.speed = 101
            return try Stub.response(200, JSONEncoder().encode(newer), for: request)
        }
        let pokedex = try Pokedex(store: store, client: .stubbed(transport: transport))
        async let refreshed = pokedex.syncAll([25], mode: .refresh)
        await gate.waitForArrival()
        try await store.update(id: 25) { $0.favorite = true }  // the user, meanwhile
        await gate.open()
        let progress = try await refreshed
        #expect(progress.saved == 1)
        let stored = try #require(await store.fetch(id: 25))
        #expect(stored.favorite, "the user's favorite survives the refresh")
        #expect(stored.attack == 99, "the service's facts are refreshed")
        #expect(stored.speed == 101)
    }

    @Test("missing-only sync never touches stored records or their favorites")
    func missingOnlyLeavesStoredAlone() async throws {
        var favorite = Pokemon(try Fixtures.pokemon(1))
        favorite.favorite = true
        let store = InMemoryStore<Pokemon>([favorite])
        let pokedex = Pokedex(
            store: store, client: PokeAPIClient(transport: BundledPokeAPITransport()))
        let progress = try await pokedex.syncAll(1...3)
        #expect(progress.skipped == 1)
        #expect(try await store.fetch(id: 1)?.favorite == true)
    }
}

/// Holds a response until a test opens it.
actor Gate {
    private var arrived = false
    private var arrivalWaiters: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false
    private var openWaiters: [CheckedContinuation<Void, Never>] = []

    func arrive() async {
        arrived = true
        arrivalWaiters.forEach { $0.resume() }
        arrivalWaiters = []
        if isOpen { return }
        await withCheckedContinuation { openWaiters.append($0) }
    }

    func waitForArrival() async {
        if arrived { return }
        await withCheckedContinuation { arrivalWaiters.append($0) }
    }

    func open() {
        isOpen = true
        openWaiters.forEach { $0.resume() }
        openWaiters = []
    }
}
