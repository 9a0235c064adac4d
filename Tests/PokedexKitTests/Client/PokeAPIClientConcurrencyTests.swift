import Foundation
import PokeAPITestServer
import Testing

@testable import PokedexKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("PokeAPIClient concurrency: the cap, shared requests, cancellation")
struct PokeAPIClientConcurrencyTests {
    /// A transport that answers from the fixtures after `delay`.
    static func slowFixtures(_ delay: Duration) -> StubTransport {
        StubTransport { request, _ in
            try await Task.sleep(for: delay)
            return try Stub.fixtures(for: request)
        }
    }

    /// A transport whose requests for `id` never end until cancelled; others are answered.
    static func hanging(id: Int) -> StubTransport {
        StubTransport { request, _ in
            if request.url?.lastPathComponent == String(id) {
                try await Task.sleep(for: .seconds(3600))
            }
            return try Stub.fixtures(for: request)
        }
    }

    @Test(
        "requests in flight never exceed the cap, across every kind of call",
        arguments: [1, 2, 4, 7])
    func cap(limit: Int) async throws {
        // Each request waits until the cap is full or every request has started, so the cap is
        // reached however slowly tasks are scheduled, and exceeded only if it is broken.
        let log = RequestLog()
        let transport = StubTransport(log: log) { request, _ in
            try await waitUntil {
                let (inFlight, started) = await (log.inFlight, log.urls.count)
                return inFlight >= limit || started == 35
            }
            return try Stub.fixtures(for: request)
        }
        let client = try PokeAPIClient.stubbed(maxConcurrentRequests: limit, transport: transport)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in 1...30 {
                group.addTask { _ = try await client.pokemon(id: id) }
            }
            for offset in 0..<5 {
                group.addTask { _ = try await client.list(limit: 10, offset: offset * 10) }
            }
            try await group.waitForAll()
        }
        #expect(await log.urls.count == 35)
        #expect(await log.maxInFlight <= limit)
        #expect(await log.maxInFlight == limit)
    }

    @Test("identical requests in flight share one request; a later call makes a new one")
    func sharing() async throws {
        let release = Flag()
        let transport = StubTransport { request, _ in
            try await release.wait()
            return try Stub.fixtures(for: request)
        }
        let client = try PokeAPIClient.stubbed(transport: transport)
        let url = client.pokemonURL(id: 25)
        let results = try await withThrowingTaskGroup(of: FetchedPokemon?.self) { group in
            for _ in 0..<10 {
                group.addTask { try await client.pokemon(id: 25) }
            }
            // Answer only once every caller has joined the one request in flight.
            try await waitUntil {
                let (callers, inFlight) = await (
                    client.pokemonLoads.callerCount(for: url), transport.log.inFlight
                )
                return callers == 10 && inFlight == 1
            }
            await release.set()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let pikachu = try Fixtures.pokemon(25)
        #expect(results == Array(repeating: pikachu, count: 10))
        #expect(await transport.log.urls.count == 1)

        _ = try await client.pokemon(id: 25)
        #expect(await transport.log.urls.count == 2)
    }

    @Test("different requests are not shared")
    func notSharedAcrossURLs() async throws {
        let transport = Self.slowFixtures(.milliseconds(50))
        let client = try PokeAPIClient.stubbed(transport: transport)
        async let byID = client.pokemon(id: 25)
        async let byName = client.pokemon(named: "pikachu")
        async let other = client.pokemon(id: 26)
        let results = try await [byID, byName, other]
        #expect(results.map { $0?.name } == ["pikachu", "pikachu", "raichu"])
        #expect(await transport.log.urls.count == 3)
    }

    @Test("a cancelled caller leaves a shared request at once; the others still get it")
    func cancellingOneSharer() async throws {
        let release = Flag()
        let transport = StubTransport { request, _ in
            try await release.wait()
            return try Stub.fixtures(for: request)
        }
        let client = try PokeAPIClient.stubbed(transport: transport)
        let url = client.pokemonURL(id: 25)
        let leaving = Task { try await client.pokemon(id: 25) }
        let staying = Task { try await client.pokemon(id: 25) }
        // Cancel only once both callers have joined the one request in flight: a caller
        // cancelled before it joins throws without ever leaving a shared request.
        try await waitUntil {
            let (callers, inFlight) = await (
                client.pokemonLoads.callerCount(for: url), transport.log.inFlight
            )
            return callers == 2 && inFlight == 1
        }
        leaving.cancel()
        await #expect(throws: CancellationError.self) { try await leaving.value }
        // It left at once; the request goes on for the caller that stayed.
        #expect(client.pokemonLoads.callerCount(for: url) == 1)
        #expect(await transport.log.inFlight == 1)
        await release.set()
        #expect(try await staying.value?.name == "pikachu")
        #expect(await transport.log.urls.count == 1)
    }

    @Test("cancellation stops a backoff wait at once")
    func cancelDuringBackoff() async throws {
        let transport = StubTransport { request, _ in
            try Stub.response(503, headers: ["Retry-After": "3600"], for: request)
        }
        let policy = RetryPolicy(maxRetryAfter: .seconds(7200))
        // The real `Task.sleep`, not a recorder: the wait must end on cancellation.
        let client = PokeAPIClient(
            configuration: .init(
                baseURL: try #require(URL(string: "http://pokeapi.test")), retryPolicy: policy),
            transport: transport)
        let call = Task { try await client.pokemon(id: 25) }
        try await waitUntil {
            let (sent, inFlight) = await (transport.log.urls.count, transport.log.inFlight)
            return sent == 1 && inFlight == 0
        }
        let cancelled = ContinuousClock.now
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
        // An hour's wait was asked for; ending well within it means it was cut short. The
        // bound leaves room for a machine loaded enough to keep a task waiting for half a
        // minute (it took 30.4 s once, under ThreadSanitizer beside two builds).
        #expect(ContinuousClock.now - cancelled < .seconds(600))
        #expect(await transport.log.urls.count == 1)
    }

    @Test("cancellation stops a wait for a concurrency slot at once, and frees no slot")
    func cancelWhileWaitingForASlot() async throws {
        let transport = Self.hanging(id: 1)
        let client = try PokeAPIClient.stubbed(maxConcurrentRequests: 1, transport: transport)
        let holder = Task { try await client.pokemon(id: 1) }
        try await waitUntil { await transport.log.inFlight == 1 }
        let waiter = Task { try await client.pokemon(id: 2) }
        // Cancel only once it is queued for the slot: a caller cancelled before it gets there
        // throws without ever waiting for one.
        try await waitUntil { client.limiter.waitingCount == 1 }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(client.limiter.waitingCount == 0)  // it left the queue
        #expect(await transport.log.urls.count == 1)  // id 2 was never sent

        holder.cancel()
        await #expect(throws: CancellationError.self) { try await holder.value }
        // The slot came back, and only one: the next call runs.
        #expect(try await client.pokemon(id: 3)?.name == "venusaur")
        #expect(await transport.log.maxInFlight == 1)
    }

    @Test("cancellation stops a request in flight at once, and the request itself")
    func cancelDuringRequest() async throws {
        let transport = Self.hanging(id: 25)
        let client = try PokeAPIClient.stubbed(transport: transport)
        let call = Task { try await client.pokemon(id: 25) }
        try await waitUntil { await transport.log.inFlight == 1 }
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
        // The transport's request was cancelled too, since nobody else shared it.
        try await waitUntil { await transport.log.inFlight == 0 }
        #expect(await transport.log.urls.count == 1)
    }

    @Test("one client is shared safely by detached tasks")
    func detachedTasks() async throws {
        let transport = StubTransport { request, _ in try Stub.fixtures(for: request) }
        let client = try PokeAPIClient.stubbed(maxConcurrentRequests: 3, transport: transport)
        let calls = (1...60).map { id in
            Task.detached { try await client.pokemon(id: (id - 1) % 30 + 1) }
        }
        for (index, call) in calls.enumerated() {
            #expect(try await call.value?.id == index % 30 + 1)
        }
        #expect(await transport.log.maxInFlight <= 3)
    }

    @Test("ids 1–151 fetched concurrently through 30 % random faults, within the retry budget")
    func generationOneThroughFaults() async throws {
        // With seed 22, no id meets more than 2 faults in a row (the server's fate for the n-th
        // request of a path depends only on the seed, the path and n), so 4 attempts always
        // suffice, with one to spare.
        try await withTestServer(
            .faultRate(0.3, seed: 22), .latency(milliseconds: 2), .retryAfter("0")
        ) { server in
            let transport = StubTransport.counting(URLSessionTransport())
            let client = PokeAPIClient.local(server, timeout: .seconds(1), transport: transport)
            let fetched = try await withThrowingTaskGroup(of: FetchedPokemon?.self) { group in
                for id in Fixtures.generationOneIDs {
                    group.addTask { try await client.pokemon(id: id) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let pokemon = fetched.compactMap { $0 }.sorted { $0.id < $1.id }
            #expect(pokemon == (try Fixtures.generationOneIDs.map(Fixtures.pokemon)))

            let maxAttempts = client.configuration.retryPolicy.maxAttempts
            #expect(await transport.log.maxPerURL <= maxAttempts)
            let stats = try await server.stats()
            #expect(stats.total <= 151 * maxAttempts)
            #expect(stats.total > 151)  // faults happened and were retried
            #expect(stats.faults.values.reduce(0, +) > 0)
            #expect(Set(stats.pokemon.keys) == Set(Fixtures.generationOneIDs.map(String.init)))
        }
    }
}
