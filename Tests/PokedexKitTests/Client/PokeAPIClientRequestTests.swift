import Foundation
import PokedexKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the client asks for: the URLs it builds, the input it refuses before any request,
/// and the errors a body that does not decode gives.
@Suite("PokeAPIClient requests and input")
struct PokeAPIClientRequestTests {
    @Test(
        "names are trimmed and lower-cased; odd characters are percent-encoded",
        arguments: [
            ("Pikachu", "/api/v2/pokemon/pikachu/"),
            ("  MR-MIME\n", "/api/v2/pokemon/mr-mime/"),
            ("\tFlabébé ", "/api/v2/pokemon/flab%C3%A9b%C3%A9/"),
            ("what?#", "/api/v2/pokemon/what%3F%23/"),
            ("25", "/api/v2/pokemon/25/"),
        ])
    func nameURLs(name: String, path: String) async throws {
        let transport = StubTransport { request, _ in try Stub.response(404, for: request) }
        let client = try PokeAPIClient.stubbed(transport: transport)
        #expect(try await client.pokemon(named: name) == nil)
        let urls = await transport.log.urls
        #expect(urls.map { $0.path(percentEncoded: true) } == [path])
    }

    @Test(
        "invalid names are rejected before any request",
        arguments: ["", "  \n", "a/b", "/", ".", " .. "])
    func invalidName(name: String) async throws {
        let transport = StubTransport { request, _ in try Stub.fixtures(for: request) }
        let client = try PokeAPIClient.stubbed(transport: transport)
        let error = try await #require(throws: PokeAPIError.self) {
            try await client.pokemon(named: name)
        }
        guard error.code == .invalidName, let rejected = error.rejectedName else {
            Issue.record("unexpected error: \(error)")
            return
        }
        #expect(rejected == name)
        #expect(error.url == nil)
        #expect(await transport.log.urls.isEmpty)
    }

    @Test("ids below 1 are rejected before any request", arguments: [0, -1, Int.min])
    func invalidID(id: Int) async throws {
        let transport = StubTransport { request, _ in try Stub.fixtures(for: request) }
        let client = try PokeAPIClient.stubbed(transport: transport)
        let error = try await #require(throws: PokeAPIError.self) {
            try await client.pokemon(id: id)
        }
        guard error.code == .invalidID, error.rejectedID == id else {
            Issue.record("unexpected error: \(error)")
            return
        }
        #expect(await transport.log.urls.isEmpty)
    }

    @Test("the base URL's own path is kept, and the list URL carries limit and offset")
    func baseURLWithAPath() async throws {
        let transport = StubTransport { request, _ in try Stub.fixtures(for: request) }
        let base = try #require(URL(string: "https://mirror.test/pokeapi/"))
        let client = try PokeAPIClient.stubbed(baseURL: base, transport: transport)
        _ = try await client.pokemon(id: 25)
        _ = try await client.list(limit: 5, offset: 10)
        #expect(
            await transport.log.urls.map(\.absoluteString) == [
                "https://mirror.test/pokeapi/api/v2/pokemon/25/",
                "https://mirror.test/pokeapi/api/v2/pokemon?limit=5&offset=10",
            ])
    }

    @Test("requests ask for JSON with the configured timeout")
    func requestShape() async throws {
        let seen = SleepLog()  // reused as a recorder of the timeout
        let transport = StubTransport { request, _ in
            #expect(request.httpMethod == "GET")
            #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
            await seen.record(.seconds(request.timeoutInterval))
            return try Stub.fixtures(for: request)
        }
        let configuration = PokeAPIClient.Configuration(
            baseURL: try #require(URL(string: "http://pokeapi.test")), timeout: .seconds(7))
        _ = try await PokeAPIClient(configuration: configuration, transport: transport)
            .pokemon(id: 1)
        #expect(await seen.delays == [.seconds(7)])
    }

    @Test("JSON of the wrong shape fails at once with the coding path and the name asked for")
    func wrongShape() async throws {
        let transport = StubTransport { request, _ in
            var object = try Fixtures.trimmedObject(25)
            var stats = try #require(object["stats"] as? [[String: Any]])
            stats[2]["base_stat"] = "forty"
            object["stats"] = stats
            return try Stub.response(200, Data(jsonObject: object), for: request)
        }
        let client = try PokeAPIClient.stubbed(transport: transport)
        let error = try await #require(throws: PokeAPIError.self) {
            try await client.pokemon(named: "Pikachu")
        }
        guard error.code == .undecodableBody, let decodingError = error.decodingError,
            let context = error.context
        else {
            Issue.record("unexpected error: \(error)")
            return
        }
        guard case .typeMismatch(_, let decodingContext) = decodingError else {
            Issue.record("unexpected decoding error: \(decodingError)")
            return
        }
        let path = decodingContext.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
        #expect(path == ["stats", "2", "base_stat"])
        #expect(context.resource == .pokemonName("pikachu"))
        #expect(context.attempts == 1)
        #expect(context.bodyExcerpt?.hasPrefix(#"{""#) == true)
        #expect(error.description.contains(#"Pokémon "pikachu""#))
        #expect(error.description.contains("stats[2].base_stat"))
        #expect(error.description.contains("http://pokeapi.test/api/v2/pokemon/pikachu/"))
        #expect(await transport.log.urls.count == 1)
    }

    @Test("the body excerpt keeps at most 200 bytes and never splits a character")
    func excerptIsBounded() async throws {
        let body = Data(String(repeating: "é", count: 500).utf8)  // 1000 bytes
        let transport = StubTransport { request, _ in try Stub.response(400, body, for: request) }
        let client = try PokeAPIClient.stubbed(transport: transport)
        let error = try await #require(throws: PokeAPIError.self) {
            try await client.pokemon(id: 25)
        }
        let excerpt = try #require(error.bodyExcerpt)
        #expect(excerpt == String(repeating: "é", count: 100) + "…")
        #expect(!excerpt.contains("\u{FFFD}"))
    }
}
