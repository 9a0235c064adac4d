import Foundation
import PokeAPITestServer
import PokedexKit
import PokedexOfflineData
import TestSupport
import Testing

@Suite("PokeAPIClient lists every family, page by page")
struct PokeAPIClientFamilyListTests {
    /// A family's list file in `Data/pokeapi/all/list/`, decoded.
    static func listFile(_ family: PokeAPIFamily) throws -> NamedResourceList {
        try JSONDecoder().decode(
            NamedResourceList.self,
            from: Data(
                contentsOf: RepositoryData.allDirectory.appending(
                    path: "list/\(family.rawValue).json")))
    }

    @Test(
        "listAll gives each family's every resource, through pages of 50",
        arguments: PokeAPIFamily.all.filter(\.hasNamedList))
    func everyResource(of family: PokeAPIFamily) async throws {
        try await withTestServer { server in
            let expected = try Self.listFile(family)
            let listed = try await PokeAPIClient.local(server).listAll(family, pageSize: 50)
            #expect(listed.map(\.name) == expected.results.map(\.name))
            #expect(listed.map(\.id) == expected.results.map(\.id))
            #expect(listed.count == expected.count)
            let pages = (expected.count + 49) / 50
            #expect(try await server.stats().total == pages)
        }
    }

    /// The ids of a family's list file, read from its links' last path component.
    static func fileIDs(_ family: PokeAPIFamily) throws -> [Int] {
        let object = try JSONSerialization.jsonObject(
            with: Data(
                contentsOf: RepositoryData.allDirectory.appending(
                    path: "list/\(family.rawValue).json")))
        let results = try #require((object as? [String: Any])?["results"] as? [[String: Any]])
        return try results.map { result in
            let url = try #require(result["url"] as? String)
            return try #require(Int(url.split(separator: "/").last ?? ""))
        }
    }

    @Test(
        "ids(of:) gives each family's every id, evolution chains' too", arguments: PokeAPIFamily.all
    )
    func everyID(of family: PokeAPIFamily) async throws {
        try await withTestServer { server in
            let ids = try await PokeAPIClient.local(server).ids(of: family, pageSize: 100)
            #expect(ids == (try Self.fileIDs(family)))
        }
    }

    @Test("the counts of the whole set: 1,351, 1,025, 541, 21, 373 and 937")
    func counts() async throws {
        let counts = try PokeAPIFamily.all.map { try Self.fileIDs($0).count }
        #expect(counts == [1351, 1025, 541, 21, 373, 937])
    }

    @Test("the evolution chains' list names nothing: listing it by name is refused, unasked")
    func unnamedList() async throws {
        try await withTestServer { (server: TestServer) async throws in
            let client = PokeAPIClient.local(server)
            let page = await #expect(throws: PokeAPIError.self) {
                try await client.list(.evolutionChain)
            }
            #expect(page?.code == .unnamedList)
            let all = await #expect(throws: PokeAPIError.self) {
                try await client.listAll(.evolutionChain)
            }
            #expect(all?.family == .evolutionChain)
            #expect(try await server.stats().total == 0)
        }
    }

    @Test("a link that names another family is an undecodable body naming the result")
    func foreignLink() async throws {
        let page =
            #"{"count":2,"next":null,"results":[{"url":"/api/v2/evolution-chain/1/"},"#
            + #"{"url":"/api/v2/type/3/"}]}"#
        let transport = StubTransport { request, _ in
            try Stub.response(200, Data(page.utf8), for: request)
        }
        let client = try PokeAPIClient.stubbed(transport: transport)
        let error = await #expect(throws: PokeAPIError.self) {
            try await client.ids(of: .evolutionChain)
        }
        #expect(error?.code == .undecodableBody)
        #expect(
            error?.description.contains("results[1].url") == true, "\(String(describing: error))")
        #expect(error?.description.contains("/api/v2/type/3/") == true)
    }

    @Test("a page of types: the slice asked for, with links to its neighbours")
    func onePageOfTypes() async throws {
        try await withTestServer { server in
            let page = try await PokeAPIClient.local(server).list(.type, limit: 5, offset: 15)
            #expect(page.count == 21)
            #expect(page.results.map(\.name) == ["dragon", "dark", "fairy", "stellar", "unknown"])
            #expect(page.next?.absoluteString == "/api/v2/type?offset=20&limit=5")
            #expect(page.previous?.absoluteString == "/api/v2/type?offset=10&limit=5")
            let last = try await PokeAPIClient.local(server).list(at: try #require(page.next))
            #expect(last.results.count == 1)
            #expect(last.next == nil)
        }
    }

    @Test(
        "offline, the bundled transport lists each family as the service does",
        arguments: PokeAPIFamily.all)
    func bundled(_ family: PokeAPIFamily) async throws {
        let client = PokeAPIClient(transport: BundledPokeAPITransport())
        #expect(try await client.ids(of: family, pageSize: 200) == (try Self.fileIDs(family)))
        if family.hasNamedList {
            let listed = try await client.listAll(family, pageSize: 200)
            #expect(listed.map(\.name) == (try Self.listFile(family)).results.map(\.name))
        }
    }

    @Test("a server without a family's list: the page's failure names it")
    func missingList() async throws {
        try await withTemporaryDirectory { empty in
            try await withTestServer(.families(empty)) { server in
                let error = await #expect(throws: PokeAPIError.self) {
                    try await PokeAPIClient.local(server).list(.ability)
                }
                #expect(
                    error?.description.contains("/api/v2/ability?limit=20&offset=0") == true,
                    "\(String(describing: error))")
            }
        }
    }

    @Test("a limit below 1 or an offset below 0 is refused before any request")
    func invalidPage() async throws {
        let client = PokeAPIClient(transport: BundledPokeAPITransport())
        let zero = await #expect(throws: PokeAPIError.self) {
            try await client.list(.species, limit: 0)
        }
        #expect(zero?.code == .invalidPage)
        let negative = await #expect(throws: PokeAPIError.self) {
            try await client.listAll(.type, pageSize: -1)
        }
        #expect(negative?.code == .invalidPage)
    }
}

extension PokeAPIFamily: CustomTestStringConvertible {
    /// The family's name in PokeAPI's paths.
    public var testDescription: String { rawValue }
}

@Suite("PokeAPIClient.resource(at:as:): a link resolves to the value it names")
struct PokeAPIClientResourceLinkTests {
    @Test("every link of the first page of each family resolves to its entry")
    func firstPages() async throws {
        try await withTestServer { server in
            let client = PokeAPIClient.local(server)
            for link in try await client.list(.type, limit: 21).results {
                let type = try #require(
                    try await client.resource(at: link, as: PokemonTypeDetails.self))
                #expect(type.name.rawValue == link.name)
            }
            for link in try await client.list(.ability, limit: 10).results {
                let ability = try await client.resource(at: link, as: PokemonAbility.self)
                #expect(ability?.name == link.name)
            }
            for link in try await client.list(.species, limit: 10, offset: 120).results {
                let species = try await client.resource(at: link, as: PokemonSpecies.self)
                #expect(species?.name == link.name)
                #expect(species?.id == link.id)
            }
            let pikachu = try #require(try await client.list(limit: 1, offset: 24).results.first)
            let fetched: FetchedPokemon? = try await client.resource(at: pikachu)
            #expect(fetched?.name == "pikachu")
        }
    }

    @Test("absolute links, as the live service sends them, resolve through the base URL")
    func absoluteLinks() async throws {
        try await withTestServer(.absoluteLinks) { server in
            let client = PokeAPIClient.local(server)
            let link = try #require(try await client.list(.type, limit: 1, offset: 9).results.first)
            #expect(link.url.host == "127.0.0.1")
            #expect(try await client.resource(at: link, as: PokemonTypeDetails.self)?.name == .fire)
        }
    }

    @Test("a link of another family, or no link at all, is refused before any request")
    func invalidLinks() async throws {
        try await withTestServer { (server: TestServer) async throws in
            let client = PokeAPIClient.local(server)
            for url in [
                "/api/v2/type/10/", "/api/v2/ability/", "/api/v2/ability/x/",
                "https://example.com/",
            ] {
                let link = NamedResource(name: "x", url: try #require(URL(string: url)))
                let error = await #expect(throws: PokeAPIError.self) {
                    try await client.resource(at: link, as: PokemonAbility.self)
                }
                #expect(error?.code == .invalidLink, "\(url)")
                #expect(error?.family == .ability)
                #expect(error?.url?.absoluteString == url)
            }
            #expect(try await server.stats().total == 0)
        }
    }

    @Test("a link to what the service lacks is nil")
    func notFound() async throws {
        try await withTestServer { (server: TestServer) async throws in
            let link = NamedResource(
                name: "gone", url: try #require(URL(string: "/api/v2/ability/9999/")))
            #expect(
                try await PokeAPIClient.local(server).resource(at: link, as: PokemonAbility.self)
                    == nil)
        }
    }
}
