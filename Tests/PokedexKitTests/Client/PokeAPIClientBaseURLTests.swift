import Foundation
import PokeAPITestServer
import PokedexKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The two forms of base URL PokeAPI's users meet — the service's root and the API root that
/// PokeAPI documents, `https://pokeapi.co/api/v2/` — each with and without a trailing slash.
@Suite("PokeAPIClient base URLs: the service's root or its API root", .serialized)
struct PokeAPIClientBaseURLTests {
    /// What follows the server's root in each form of base URL.
    static let forms = ["", "/", "/api/v2", "/api/v2/"]

    @Test("the live default is the API root PokeAPI documents")
    func liveDefault() {
        let client = PokeAPIClient()
        #expect(client.configuration.baseURL.absoluteString == "https://pokeapi.co/api/v2/")
        #expect(client.pokemonURL(id: 25).absoluteString == "https://pokeapi.co/api/v2/pokemon/25/")
    }

    @Test(
        "every form of a mirror's base URL asks for the same URLs, its own path kept",
        arguments: forms)
    func stubbedForms(form: String) async throws {
        let transport = StubTransport { request, _ in
            let url = try #require(request.url)
            guard url.query == nil else {
                let page = """
                    {"count": 1, "next": null,
                     "previous": "/api/v2/pokemon?offset=0&limit=1",
                     "results": [{"name": "bulbasaur", "url": "/api/v2/pokemon/1/"}]}
                    """
                return try Stub.response(200, Data(page.utf8), for: request)
            }
            return try Stub.fixtures(for: request)
        }
        let base = try #require(URL(string: "https://mirror.test/pokeapi" + form))
        let client = try PokeAPIClient.stubbed(baseURL: base, transport: transport)
        #expect(
            client.pokemonURL(id: 25).absoluteString
                == "https://mirror.test/pokeapi/api/v2/pokemon/25/")
        _ = try await client.pokemon(id: 25)
        _ = try await client.pokemon(named: "Pikachu")
        let page = try await client.list(limit: 1, offset: 1)
        _ = try await client.list(at: try #require(page.previous))
        #expect(
            await transport.log.urls.map(\.absoluteString) == [
                "https://mirror.test/pokeapi/api/v2/pokemon/25/",
                "https://mirror.test/pokeapi/api/v2/pokemon/pikachu/",
                "https://mirror.test/pokeapi/api/v2/pokemon?limit=1&offset=1",
                "https://mirror.test/pokeapi/api/v2/pokemon?offset=0&limit=1",
            ])
    }

    @Test("a path that only looks like the API root is a service root", arguments: ["/v2", "/api"])
    func notAnAPIRoot(path: String) throws {
        let base = try #require(URL(string: "https://mirror.test" + path))
        let client = PokeAPIClient(configuration: .init(baseURL: base))
        #expect(
            client.pokemonURL(id: 1).absoluteString
                == "https://mirror.test\(path)/api/v2/pokemon/1/")
    }

    @Test(
        "against the local test server, every form fetches by id, by name and every page",
        arguments: forms)
    func serverForms(form: String) async throws {
        try await withTestServer { server in
            let base = try #require(server.baseURL(followedBy: form))
            let client = PokeAPIClient.local(server, baseURL: base)
            #expect(try await client.pokemon(id: 25) == (try Fixtures.pokemon(25)))
            #expect(try await client.pokemon(named: "Bulbasaur") == (try Fixtures.pokemon(1)))
            let resources = try await client.listAll(pageSize: 500)
            #expect(resources.map(\.name) == (try Fixtures.listResults()).map(\.name))
            let stats = try await server.stats()
            #expect(stats.statuses == ["200": 5], "\(stats.paths)")
            #expect(stats.paths["/api/v2/pokemon/25/"] == 1)
            #expect(stats.paths["/api/v2/pokemon/bulbasaur/"] == 1)
            #expect(stats.paths.keys.allSatisfy { $0.hasPrefix("/api/v2/pokemon") })
        }
    }
}
