import Foundation
import PokeAPITestServer
import PokedexKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("PokeAPIClient lists and pagination", .serialized)
struct PokeAPIClientListTests {
    @Test("a page has the requested slice and host-less links to its neighbours")
    func onePage() async throws {
        try await withTestServer { server in
            let client = PokeAPIClient.local(server)
            let page = try await client.list(limit: 2, offset: 2)
            #expect(page.count == 1351)
            #expect(page.results.map(\.name) == ["venusaur", "charmander"])
            #expect(page.results.map(\.id) == [3, 4])
            #expect(page.next?.absoluteString == "/api/v2/pokemon?offset=4&limit=2")
            #expect(page.previous?.absoluteString == "/api/v2/pokemon?offset=0&limit=2")

            let next = try await client.list(at: try #require(page.next))
            #expect(next.results.map(\.name) == ["charmeleon", "charizard"])
            let stats = try await server.stats()
            #expect(
                stats.paths == [
                    "/api/v2/pokemon?limit=2&offset=2": 1, "/api/v2/pokemon?offset=4&limit=2": 1,
                ])
        }
    }

    @Test("absolute links from the live service's form are followed as they are")
    func absoluteLinks() async throws {
        try await withTestServer(.absoluteLinks) { server in
            let client = PokeAPIClient.local(server)
            let page = try await client.list(limit: 20, offset: 1340)
            #expect(page.next == nil)
            let link = try #require(page.previous)
            #expect(link.host == "127.0.0.1")
            #expect(link.port == server.baseURL.port)
            let previous = try await client.list(at: link)
            let expected = try Fixtures.listResults()[1320..<1340]
            #expect(previous.results.map(\.name) == expected.map(\.name))
            #expect(previous.results.allSatisfy { $0.url.host == "127.0.0.1" })
        }
    }

    @Test(
        "listAll follows next links, host-less or absolute, to every resource",
        arguments: [false, true])
    func listAll(absolute: Bool) async throws {
        let options: [TestServer.Option] = absolute ? [.absoluteLinks] : []
        try await withTestServer(options) { server in
            let resources = try await PokeAPIClient.local(server).listAll(pageSize: 200)
            let expected = try Fixtures.listResults()
            #expect(resources.map(\.name) == expected.map(\.name))
            #expect(resources.map(\.id) == expected.map(\.id))
            #expect(resources.allSatisfy { ($0.url.host != nil) == absolute })
            let stats = try await server.stats()
            #expect(stats.total == 7)  // 1351 resources, 200 a page
        }
    }

    @Test("a 404 for a page is an error, not an empty page")
    func pageNotFound() async throws {
        let transport = StubTransport { request, _ in try Stub.response(404, for: request) }
        let client = try PokeAPIClient.stubbed(transport: transport)
        let error = try await #require(throws: PokeAPIError.self) {
            try await client.list()
        }
        #expect(error.statusCode == 404)
        #expect(await transport.log.urls.count == 1)
    }

    @Test("host-less links resolve against the base URL, keeping its path")
    func hostlessLinksUseTheBasePath() async throws {
        let transport = StubTransport { request, _ in
            let url = try #require(request.url)
            let last = url.query?.contains("offset=2") == true
            let page = """
                {"count": 4, "next": \(last ? "null" : #""/api/v2/pokemon?offset=2&limit=2""#),
                 "previous": null,
                 "results": [{"name": "a", "url": "/api/v2/pokemon/\(last ? 3 : 1)/"},
                             {"name": "b", "url": "/api/v2/pokemon/\(last ? 4 : 2)/"}]}
                """
            return try Stub.response(200, Data(page.utf8), for: request)
        }
        let base = try #require(URL(string: "https://mirror.test/pokeapi"))
        let client = try PokeAPIClient.stubbed(baseURL: base, transport: transport)
        let resources = try await client.listAll(pageSize: 2)
        #expect(resources.compactMap(\.id) == [1, 2, 3, 4])
        #expect(
            await transport.log.urls.map(\.absoluteString) == [
                "https://mirror.test/pokeapi/api/v2/pokemon?limit=2&offset=0",
                "https://mirror.test/pokeapi/api/v2/pokemon?offset=2&limit=2",
            ])
    }

    @Test("a next link that leads back to a page already read stops with an error")
    func paginationLoop() async throws {
        let transport = StubTransport { request, _ in
            let page = """
                {"count": 2, "next": "/api/v2/pokemon?offset=0&limit=1", "previous": null,
                 "results": [{"name": "a", "url": "/api/v2/pokemon/1/"}]}
                """
            return try Stub.response(200, Data(page.utf8), for: request)
        }
        let client = try PokeAPIClient.stubbed(transport: transport)
        let error = try await #require(throws: PokeAPIError.self) {
            try await client.listAll(pageSize: 1)
        }
        guard error.code == .paginationLoop, let url = error.url else {
            Issue.record("unexpected error: \(error)")
            return
        }
        #expect(url.absoluteString == "http://pokeapi.test/api/v2/pokemon?offset=0&limit=1")
        #expect(await transport.log.urls.count == 2)
    }

    @Test("listAll stops at a page without results even when it has a next link")
    func stopsAtAnEmptyPage() async throws {
        let transport = StubTransport { request, attempt in
            let offset = request.url?.query?.contains("offset=5") == true ? 5 : 0
            let results = offset == 0 ? #"[{"name": "a", "url": "/api/v2/pokemon/1/"}]"# : "[]"
            let page = """
                {"count": 1, "next": "/api/v2/pokemon?offset=\(offset + 5)&limit=5",
                 "previous": null, "results": \(results)}
                """
            return try Stub.response(200, Data(page.utf8), for: request)
        }
        let client = try PokeAPIClient.stubbed(transport: transport)
        let resources = try await client.listAll(pageSize: 5)
        #expect(resources.map(\.name) == ["a"])
        #expect(await transport.log.urls.count == 2)
    }

    @Test(
        "an invalid page is rejected before any request",
        arguments: [(0, 0), (-1, 0), (20, -1)])
    func invalidPage(limit: Int, offset: Int) async throws {
        let transport = StubTransport { request, _ in try Stub.response(500, for: request) }
        let client = try PokeAPIClient.stubbed(transport: transport)
        await #expect(throws: PokeAPIError.self) {
            try await client.list(limit: limit, offset: offset)
        }
        if offset == 0 {
            await #expect(throws: PokeAPIError.self) {
                try await client.listAll(pageSize: limit)
            }
        }
        #expect(await transport.log.urls.isEmpty)
    }
}
