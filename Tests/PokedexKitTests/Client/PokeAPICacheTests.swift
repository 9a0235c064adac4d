import Foundation
import TestSupport
import Testing

@testable import PokedexKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client with a ``PokeAPICache``, on a stub transport and a clock moved by hand: what is
/// answered without a request, what is revalidated, and what is kept on disk.
@Suite("PokeAPICache on a stub transport")
struct PokeAPICacheTests {
    static let etag = "\"pikachu-1\""

    /// A service that answers pikachu with a 200 carrying `headers`, or a 304 (with the same
    /// headers) when the request's `If-None-Match` is the current ETag.
    static func service(
        etag: String? = etag, headers: [String: String] = ["Cache-Control": "max-age=60"],
        log: RequestLog = RequestLog()
    ) -> StubTransport {
        StubTransport(log: log) { request, _ in
            var fields = headers
            fields["ETag"] = etag
            if let etag, request.ifNoneMatch == etag {
                return try Stub.response(304, headers: fields, for: request)
            }
            return try Stub.response(200, Fixtures.trimmed(25), headers: fields, for: request)
        }
    }

    /// ``service(etag:headers:log:)``, but answering `status` to the `attempt`-th request.
    static func service(answering status: Int, onAttempt attempt: Int) -> StubTransport {
        let service = Self.service()
        return StubTransport { request, number in
            if number == attempt { return try Stub.response(status, for: request) }
            return try await service.send(request)
        }
    }

    /// A client of `transport` keeping responses in `directory`, on `clock`.
    static func client(
        _ transport: StubTransport, directory: URL, clock: TestClock
    ) throws -> PokeAPIClient {
        let client = try PokeAPIClient.stubbed(transport: transport)
        var configuration = client.configuration
        configuration.cache = .testing(in: directory, clock: clock)
        return PokeAPIClient(configuration: configuration, transport: transport)
    }

    @Test("a fresh response is answered from the cache with no request")
    func freshServedFromCache() async throws {
        try await withTemporaryDirectory { directory in
            let clock = TestClock()
            let transport = Self.service()
            let client = try Self.client(transport, directory: directory, clock: clock)
            let pikachu = try Fixtures.pokemon(25)
            #expect(try await client.pokemon(id: 25) == pikachu)
            clock.advance(by: 59)
            #expect(try await client.pokemon(id: 25) == pikachu)
            #expect(try await client.pokemon(id: 25) == pikachu)
            #expect(await transport.log.urls.count == 1)
        }
    }

    @Test("a stale response is revalidated with its ETag, and a 304 reuses the kept body")
    func staleRevalidated() async throws {
        try await withTemporaryDirectory { directory in
            let clock = TestClock()
            let transport = Self.service()
            let client = try Self.client(transport, directory: directory, clock: clock)
            _ = try await client.pokemon(id: 25)
            clock.advance(by: 60)
            #expect(try await client.pokemon(id: 25) == (try Fixtures.pokemon(25)))
            #expect(await transport.log.ifNoneMatches == [nil, Self.etag])

            // The 304's max-age made it fresh again, counted from the 304.
            clock.advance(by: 59)
            _ = try await client.pokemon(id: 25)
            #expect(await transport.log.urls.count == 2)
            clock.advance(by: 1)
            _ = try await client.pokemon(id: 25)
            #expect(await transport.log.ifNoneMatches == [nil, Self.etag, Self.etag])
        }
    }

    @Test("a changed resource, a 200 with a new ETag, replaces the kept response")
    func changedResourceReplaced() async throws {
        try await withTemporaryDirectory { directory in
            let clock = TestClock()
            // Pikachu until the second request, then raichu's body under a new ETag.
            let transport = StubTransport { request, attempt in
                let (etag, id) = attempt == 1 ? (Self.etag, 25) : ("\"pikachu-2\"", 26)
                if request.ifNoneMatch == etag { return try Stub.response(304, for: request) }
                return try Stub.response(
                    200, Fixtures.trimmed(id),
                    headers: ["ETag": etag, "Cache-Control": "max-age=60"], for: request)
            }
            let client = try Self.client(transport, directory: directory, clock: clock)
            #expect(try await client.pokemon(id: 25) == (try Fixtures.pokemon(25)))
            clock.advance(by: 61)
            let changed = try Fixtures.pokemon(26)
            #expect(try await client.pokemon(id: 25) == changed)
            #expect(try await client.pokemon(id: 25) == changed)
            clock.advance(by: 61)
            #expect(try await client.pokemon(id: 25) == changed)
            #expect(
                await transport.log.ifNoneMatches == [nil, Self.etag, "\"pikachu-2\""])
        }
    }

    @Test("a second client on the same directory answers from what the first kept")
    func persistsAcrossClients() async throws {
        try await withTemporaryDirectory { directory in
            let clock = TestClock()
            let first = Self.service()
            _ = try await Self.client(first, directory: directory, clock: clock).pokemon(id: 25)

            let second = Self.service()
            let client = try Self.client(second, directory: directory, clock: clock)
            #expect(try await client.pokemon(id: 25) == (try Fixtures.pokemon(25)))
            #expect(await second.log.urls.isEmpty)
        }
    }

    @Test(
        "no-store is never kept, and forgets what was kept",
        arguments: ["no-store", "max-age=60, no-store", "NO-STORE"])
    func noStoreNotKept(cacheControl: String) async throws {
        try await withTemporaryDirectory { directory in
            let clock = TestClock()
            let cache = PokeAPICache.testing(in: directory, clock: clock)
            let transport = Self.service(headers: ["Cache-Control": cacheControl])
            let client = try Self.client(transport, directory: directory, clock: clock)
            _ = try await client.pokemon(id: 25)
            #expect(try cache.responseFiles().isEmpty)
            _ = try await client.pokemon(id: 25)
            #expect(await transport.log.ifNoneMatches == [nil, nil])
        }
    }

    @Test("no-cache is kept but revalidated before every use")
    func noCacheRevalidatedEveryTime() async throws {
        try await withTemporaryDirectory { directory in
            let transport = Self.service(headers: ["Cache-Control": "no-cache, max-age=600"])
            let client = try Self.client(transport, directory: directory, clock: TestClock())
            for _ in 1...3 {
                #expect(try await client.pokemon(id: 25) == (try Fixtures.pokemon(25)))
            }
            #expect(await transport.log.ifNoneMatches == [nil, Self.etag, Self.etag])
        }
    }

    @Test(
        "a response's age counts from its Age and Date headers",
        arguments: [
            (["Age": "50"], 9.0, 11.0),
            (["Date": "Fri, 15 Jan 2027 07:59:30 GMT"], 29.0, 31.0),  // 30 s before the clock
            (["Age": "20", "Date": "Fri, 15 Jan 2027 07:59:30 GMT"], 29.0, 31.0),
            (["Age": "junk"], 59.0, 61.0),
        ])
    func ageFromHeaders(headers: [String: String], fresh: Double, stale: Double) async throws {
        try await withTemporaryDirectory { directory in
            let clock = TestClock()
            // The clock starts at Fri, 15 Jan 2027 08:00:00 GMT.
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            #expect(clock.now() == start)
            let transport = Self.service(
                headers: headers.merging(["Cache-Control": "max-age=60"]) { $1 })
            let client = try Self.client(transport, directory: directory, clock: clock)
            _ = try await client.pokemon(id: 25)
            clock.advance(by: fresh)
            _ = try await client.pokemon(id: 25)
            #expect(await transport.log.urls.count == 1)
            clock.advance(by: stale - fresh)
            _ = try await client.pokemon(id: 25)
            #expect(await transport.log.ifNoneMatches == [nil, Self.etag])
        }
    }

    @Test(
        "without max-age, Expires gives the lifetime, from Date or from arrival",
        arguments: [
            // The clock starts at Fri, 15 Jan 2027 08:00:00 GMT.
            (["Expires": "Fri, 15 Jan 2027 08:01:00 GMT"], 59.0, 61.0),
            (
                [
                    "Expires": "Fri, 15 Jan 2027 08:01:00 GMT",
                    "Date": "Fri, 15 Jan 2027 07:59:30 GMT",
                ],
                59.0, 61.0
            ),
            // A max-age wins over Expires.
            (
                ["Expires": "Fri, 15 Jan 2027 09:00:00 GMT", "Cache-Control": "max-age=30"],
                29.0, 31.0
            ),
            // Not a date: already expired, so revalidated at once.
            (["Expires": "0"], 0.0, 0.0),
        ])
    func expires(headers: [String: String], fresh: Double, stale: Double) async throws {
        try await withTemporaryDirectory { directory in
            let clock = TestClock()
            let transport = Self.service(headers: headers)
            let client = try Self.client(transport, directory: directory, clock: clock)
            _ = try await client.pokemon(id: 25)
            clock.advance(by: fresh)
            if fresh > 0 {
                _ = try await client.pokemon(id: 25)
                #expect(await transport.log.urls.count == 1)
            }
            clock.advance(by: stale - fresh)
            _ = try await client.pokemon(id: 25)
            #expect(await transport.log.ifNoneMatches == [nil, Self.etag])
        }
    }

    @Test("a stale response without an ETag is fetched again, unconditionally")
    func staleWithoutETag() async throws {
        try await withTemporaryDirectory { directory in
            let clock = TestClock()
            let transport = Self.service(etag: nil)
            let client = try Self.client(transport, directory: directory, clock: clock)
            _ = try await client.pokemon(id: 25)
            _ = try await client.pokemon(id: 25)
            clock.advance(by: 60)
            _ = try await client.pokemon(id: 25)
            #expect(await transport.log.ifNoneMatches == [nil, nil])
        }
    }

    @Test("a revalidation is retried like any request, and every attempt is conditional")
    func revalidationRetried() async throws {
        try await withTemporaryDirectory { directory in
            let clock = TestClock()
            let transport = Self.service(answering: 503, onAttempt: 2)
            let client = try Self.client(transport, directory: directory, clock: clock)
            _ = try await client.pokemon(id: 25)
            clock.advance(by: 60)
            #expect(try await client.pokemon(id: 25) == (try Fixtures.pokemon(25)))
            #expect(await transport.log.ifNoneMatches == [nil, Self.etag, Self.etag])
        }
    }

    @Test("a 404 forgets the kept response")
    func notFoundForgets() async throws {
        try await withTemporaryDirectory { directory in
            let clock = TestClock()
            let cache = PokeAPICache.testing(in: directory, clock: clock)
            let transport = Self.service(answering: 404, onAttempt: 2)
            let client = try Self.client(transport, directory: directory, clock: clock)
            _ = try await client.pokemon(id: 25)
            #expect(try cache.responseFiles().count == 1)
            clock.advance(by: 60)
            #expect(try await client.pokemon(id: 25) == nil)
            #expect(try cache.responseFiles().isEmpty)
        }
    }

    @Test("a list page is kept and revalidated as a Pokémon is")
    func listPages() async throws {
        try await withTemporaryDirectory { directory in
            let clock = TestClock()
            let transport = StubTransport { request, _ in
                let headers = ["ETag": "\"list\"", "Cache-Control": "max-age=60"]
                if request.ifNoneMatch == "\"list\"" {
                    return try Stub.response(304, headers: headers, for: request)
                }
                return try Stub.response(200, Fixtures.list(), headers: headers, for: request)
            }
            let client = try Self.client(transport, directory: directory, clock: clock)
            let first = try await client.listAll()
            clock.advance(by: 60)
            #expect(try await client.listAll() == first)
            #expect(await transport.log.ifNoneMatches == [nil, "\"list\""])
        }
    }

    @Test("identical calls in flight share one revalidation")
    func revalidationShared() async throws {
        try await withTemporaryDirectory { directory in
            let clock = TestClock()
            let release = Flag()
            let service = Self.service()
            let transport = StubTransport { request, _ in
                if request.ifNoneMatch != nil { try await release.wait() }
                return try await service.send(request)
            }
            let client = try Self.client(transport, directory: directory, clock: clock)
            _ = try await client.pokemon(id: 25)
            clock.advance(by: 60)
            let url = client.pokemonURL(id: 25)
            let results = try await withThrowingTaskGroup(of: FetchedPokemon?.self) { group in
                for _ in 0..<10 {
                    group.addTask { try await client.pokemon(id: 25) }
                }
                // Answer only once every caller has joined the one revalidation in flight.
                try await waitUntil {
                    let (callers, inFlight) = await (
                        client.pokemonLoads.callerCount(for: url), transport.log.inFlight
                    )
                    return callers == 10 && inFlight == 1
                }
                await release.set()
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results == Array(repeating: try Fixtures.pokemon(25), count: 10))
            #expect(await transport.log.ifNoneMatches == [nil, Self.etag])
        }
    }
}
