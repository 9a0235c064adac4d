import Foundation
import PokeAPITestServer
import PokedexKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client against the real local test server on 127.0.0.1: real sockets, real
/// `URLSession`, real faults.
@Suite("PokeAPIClient against the local test server", .serialized)
struct PokeAPIClientServerTests {
    @Test("fetches a Pokémon by id with one request", arguments: [1, 25, 151, 10158, 10326])
    func byID(id: Int) async throws {
        try await withTestServer { server in
            let pokemon = try await PokeAPIClient.local(server).pokemon(id: id)
            #expect(pokemon == (try Fixtures.pokemon(id)))
            let stats = try await server.stats()
            #expect(stats.total == 1)
            #expect(stats.paths["/api/v2/pokemon/\(id)/"] == 1)
        }
    }

    @Test(
        "fetches a Pokémon by name, trimmed and lower-cased first",
        arguments: ["pikachu", "Pikachu", "PIKACHU", "  PiKaChU\n"])
    func byName(name: String) async throws {
        try await withTestServer { server in
            let pokemon = try await PokeAPIClient.local(server).pokemon(named: name)
            #expect(pokemon == (try Fixtures.pokemon(25)))
            // The server is case-sensitive like the static service: only the lower-cased
            // name would have found pikachu.
            #expect(try await server.stats().paths == ["/api/v2/pokemon/pikachu/": 1])
        }
    }

    @Test("a missing id is nil after exactly one request", arguments: [1026, 5000, 10000])
    func missingID(id: Int) async throws {
        try await withTestServer { server in
            let pokemon = try await PokeAPIClient.local(server).pokemon(id: id)
            #expect(pokemon == nil)
            let stats = try await server.stats()
            #expect(stats.total == 1)
        }
    }

    @Test("a 404 is nil after exactly one request, by id and by name")
    func notFound() async throws {
        try await withTestServer(.notFound([25])) { server in
            let client = PokeAPIClient.local(server)
            let byID = try await client.pokemon(id: 25)
            let byName = try await client.pokemon(named: "MissingNo")
            #expect(byID == nil)
            #expect(byName == nil)
            let stats = try await server.stats()
            #expect(stats.total == 2)
            #expect(stats.statuses == ["404": 2])
        }
    }

    @Test(
        "a 429 is retried after the wait its Retry-After asks for",
        arguments: [("1", 1.0...1.0), ("30", 30.0...30.0), ("date+30", 28.0...31.0)])
    func tooManyRequests(retryAfter: String, expectedSeconds: ClosedRange<Double>) async throws {
        try await withTestServer(.tooManyRequests([25]), .retryAfter(retryAfter)) { server in
            let sleeps = SleepLog()
            let pokemon = try await PokeAPIClient.local(server, sleeps: sleeps).pokemon(id: 25)
            #expect(pokemon?.name == "pikachu")
            let delays = await sleeps.delays.map(\.inSeconds)
            #expect(delays.count == 1)
            #expect(delays.allSatisfy { expectedSeconds.contains($0) }, "\(delays)")
            let stats = try await server.stats()
            #expect(stats.statuses == ["429": 1, "200": 1])
        }
    }

    @Test("5xx responses are retried until one succeeds", arguments: [500, 503])
    func serverErrors(status: Int) async throws {
        try await withTestServer(.serverError(status, [25], .times(2))) { server in
            let pokemon = try await PokeAPIClient.local(server).pokemon(id: 25)
            #expect(pokemon?.name == "pikachu")
            let stats = try await server.stats()
            #expect(stats.requests(forPokemon: 25) == 3)
            #expect(stats.statuses == ["\(status)": 2, "200": 1])
        }
    }

    @Test("spent retries throw the last status with the URL, the attempts and the body")
    func retriesExhausted() async throws {
        try await withTestServer(.serverError(503, [25], .always)) { server in
            let client = PokeAPIClient.local(server, maxAttempts: 3)
            let error = try await #require(throws: PokeAPIError.self) {
                try await client.pokemon(id: 25)
            }
            guard error.code == .unexpectedStatus, let status = error.statusCode,
                let context = error.context
            else {
                Issue.record("unexpected error: \(error)")
                return
            }
            let url = server.baseURL.appending(path: "api/v2/pokemon/25/")
            #expect(status == 503)
            #expect(context.url == url)
            #expect(context.resource == .pokemonID(25))
            #expect(context.attempts == 3)
            #expect(
                context.bodyExcerpt == "Service Unavailable: fault injected for /api/v2/pokemon/25/"
            )
            #expect(error.description.contains(url.absoluteString))
            #expect(error.description.contains("HTTP 503"))
            #expect(error.description.contains("after 3 attempts"))
            let stats = try await server.stats()
            #expect(stats.requests(forPokemon: 25) == 3)
        }
    }

    @Test("a response slower than the timeout is retried")
    func slowResponse() async throws {
        try await withTestServer(.slow([25], .once, milliseconds: 4000)) { server in
            let transport = StubTransport.counting(URLSessionTransport())
            let client = PokeAPIClient.local(server, timeout: .seconds(1), transport: transport)
            let pokemon = try await client.pokemon(id: 25)
            #expect(pokemon?.name == "pikachu")
            // At least the timed-out request and the one that succeeded.
            let urls = await transport.log.urls
            #expect(urls.count >= 2, "\(urls)")
            let stats = try await server.stats()
            #expect(stats.faults == ["slow": 1], "\(stats)")
        }
    }

    @Test("a body cut short is retried")
    func truncatedBody() async throws {
        try await withTestServer(.truncatedBody([25])) { server in
            let transport = StubTransport.counting(URLSessionTransport())
            let client = PokeAPIClient.local(server, transport: transport)
            let pokemon = try await client.pokemon(id: 25)
            #expect(pokemon == (try Fixtures.pokemon(25)))
            #expect(await transport.log.urls.count == 2)
            let stats = try await server.stats()
            #expect(stats.faults == ["truncate": 1])
        }
    }

    @Test("a connection dropped without a response is retried")
    func droppedConnection() async throws {
        try await withTestServer(.droppedConnection([25], .times(2))) { server in
            let transport = StubTransport.counting(URLSessionTransport())
            let client = PokeAPIClient.local(server, transport: transport)
            let pokemon = try await client.pokemon(id: 25)
            #expect(pokemon == (try Fixtures.pokemon(25)))
            // URLSession itself may resend a request whose reused connection was dropped,
            // so the client sees one or two of the three requests the server counts.
            #expect((1...3).contains(await transport.log.urls.count))
            let stats = try await server.stats()
            #expect(stats.faults == ["drop": 2])
            #expect(stats.requests(forPokemon: 25) == 3)
        }
    }

    @Test("a body that is not JSON is retried like a garbled transfer")
    func invalidJSONOnce() async throws {
        try await withTestServer(.invalidJSON([25])) { server in
            let pokemon = try await PokeAPIClient.local(server).pokemon(id: 25)
            #expect(pokemon?.name == "pikachu")
            let stats = try await server.stats()
            #expect(stats.requests(forPokemon: 25) == 2)
        }
    }

    @Test("a body that is never JSON throws a decoding error naming the id")
    func invalidJSONAlways() async throws {
        try await withTestServer(.invalidJSON([25], .always)) { server in
            let client = PokeAPIClient.local(server, maxAttempts: 2)
            let error = try await #require(throws: PokeAPIError.self) {
                try await client.pokemon(id: 25)
            }
            guard error.code == .undecodableBody, let decodingError = error.decodingError,
                let context = error.context
            else {
                Issue.record("unexpected error: \(error)")
                return
            }
            guard case .dataCorrupted = decodingError else {
                Issue.record("unexpected decoding error: \(decodingError)")
                return
            }
            #expect(context.resource == .pokemonID(25))
            #expect(context.attempts == 2)
            #expect(context.bodyExcerpt?.contains("this is not JSON") == true)
            #expect(error.description.contains("Pokémon 25"))
            let stats = try await server.stats()
            #expect(stats.requests(forPokemon: 25) == 2)
        }
    }
}
