import Foundation
import PokeAPITestServer
import TestSupport
import Testing

@testable import PokedexKit

/// The client with a ``PokeAPICache`` against the local test server, which sends an `ETag` on
/// every 200 and answers a matching `If-None-Match` with 304: real headers, real sockets.
@Suite("PokeAPICache against the local test server", .serialized)
struct PokeAPICacheServerTests {
    /// A client of `server` keeping responses in `directory`, on `clock`.
    static func client(_ server: TestServer, directory: URL, clock: TestClock) -> PokeAPIClient {
        var configuration = PokeAPIClient.local(server).configuration
        configuration.cache = .testing(in: directory, clock: clock)
        return PokeAPIClient(configuration: configuration)
    }

    @Test("fresh responses are served from the cache, with no request", arguments: [1, 25, 151])
    func freshServedFromCache(id: Int) async throws {
        try await withTemporaryDirectory { directory in
            try await withTestServer(.cacheControl("max-age=60")) { server in
                let clock = TestClock(start: Date())
                let client = Self.client(server, directory: directory, clock: clock)
                let expected = try Fixtures.pokemon(id)
                #expect(try await client.pokemon(id: id) == expected)
                clock.advance(by: 30)
                #expect(try await client.pokemon(id: id) == expected)
                #expect(try await client.pokemon(id: id) == expected)
                #expect(try await server.stats().statuses == ["200": 1])
            }
        }
    }

    @Test("stale responses are revalidated, and the server's 304 reuses the kept body")
    func staleRevalidated() async throws {
        try await withTemporaryDirectory { directory in
            try await withTestServer(.cacheControl("public, max-age=60")) { server in
                let clock = TestClock(start: Date())
                let client = Self.client(server, directory: directory, clock: clock)
                _ = try await client.pokemon(id: 25)
                _ = try await client.list(limit: 20)
                clock.advance(by: 61)
                #expect(try await client.pokemon(id: 25) == (try Fixtures.pokemon(25)))
                let page = try await client.list(limit: 20)
                #expect(page.results == Array(try Fixtures.listResults().prefix(20)))
                #expect(try await server.stats().statuses == ["200": 2, "304": 2])
            }
        }
    }

    @Test("a changed resource: the server's 200 with a new ETag replaces the kept response")
    func changedResource() async throws {
        try await withTemporaryDirectory { directory in
            let clock = TestClock(start: Date())
            let cache = directory.appending(path: "cache")
            let port = try await withTestServer(.cacheControl("max-age=60")) { server in
                _ = try await Self.client(server, directory: cache, clock: clock).pokemon(id: 25)
                return try #require(server.baseURL.port)
            }
            // The same URL on a server whose pikachu has put on weight.
            let fixtures = directory.appending(path: "fixtures")
            for folder in ["list", "trimmed"] {
                try FileManager.default.createDirectory(
                    at: fixtures.appending(path: folder), withIntermediateDirectories: true)
            }
            try Fixtures.list().write(to: fixtures.appending(path: "list/pokemon.json"))
            var object = try Fixtures.trimmedObject(25)
            object["weight"] = 61
            let changed = try Data(jsonObject: object)
            try changed.write(to: fixtures.appending(path: "trimmed/25.json"))
            let expected = try JSONDecoder().decode(FetchedPokemon.self, from: changed)
            #expect(expected != (try Fixtures.pokemon(25)))

            // The clock is now a minute ahead of the server's: its Date makes the new response
            // a minute old already, which a max-age of 600 leaves fresh.
            clock.advance(by: 61)
            try await withTestServer(
                serving: fixtures, .port(port), .cacheControl("max-age=600")
            ) { (server: TestServer) async throws in
                let client = Self.client(server, directory: cache, clock: clock)
                #expect(try await client.pokemon(id: 25) == expected)
                #expect(try await client.pokemon(id: 25) == expected)
                #expect(try await server.stats().statuses == ["200": 1])
            }
        }
    }

    @Test("a second client on the same directory sends no request while fresh")
    func persistsAcrossClients() async throws {
        try await withTemporaryDirectory { directory in
            try await withTestServer(.cacheControl("max-age=60")) { server in
                let clock = TestClock(start: Date())
                _ = try await Self.client(server, directory: directory, clock: clock)
                    .pokemon(named: "pikachu")
                let second = Self.client(server, directory: directory, clock: clock)
                #expect(try await second.pokemon(named: "Pikachu") == (try Fixtures.pokemon(25)))
                #expect(try await server.stats().total == 1)
            }
        }
    }

    @Test("no-store responses are not kept; no-cache ones are revalidated every time")
    func noStoreAndNoCache() async throws {
        try await withTemporaryDirectory { directory in
            let clock = TestClock(start: Date())
            try await withTestServer(.cacheControl("no-store")) { server in
                let client = Self.client(server, directory: directory, clock: clock)
                _ = try await client.pokemon(id: 25)
                _ = try await client.pokemon(id: 25)
                #expect(try await server.stats().statuses == ["200": 2])
                #expect(
                    try PokeAPICache.testing(in: directory, clock: clock).responseFiles().isEmpty)
            }
            try await withTestServer(.cacheControl("no-cache")) { server in
                let client = Self.client(server, directory: directory, clock: clock)
                for _ in 1...3 { _ = try await client.pokemon(id: 25) }
                #expect(try await server.stats().statuses == ["200": 1, "304": 2])
            }
        }
    }

    @Test("a revalidation that meets faults is retried, and ends in a 304")
    func revalidationThroughFaults() async throws {
        try await withTemporaryDirectory { directory in
            let clock = TestClock(start: Date())
            let port = try await withTestServer(.cacheControl("max-age=60")) { server in
                _ = try await Self.client(server, directory: directory, clock: clock).pokemon(
                    id: 25)
                return try #require(server.baseURL.port)
            }
            clock.advance(by: 61)
            // Another server on the same port, over the same files: the same URLs and ETags,
            // then a 503 and a dropped connection (the 503 wins the first request, the drop the
            // second).
            try await withTestServer(
                .port(port), .cacheControl("max-age=60"), .serverError(503, [25], .once),
                .droppedConnection([25], .times(2))
            ) { server in
                let client = Self.client(server, directory: directory, clock: clock)
                #expect(try await client.pokemon(id: 25) == (try Fixtures.pokemon(25)))
                let stats = try await server.stats()
                #expect(stats.statuses == ["503": 1, "304": 1])
                #expect(stats.faults == ["503": 1, "drop": 1])
            }
        }
    }
}
