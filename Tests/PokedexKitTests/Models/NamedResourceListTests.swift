import Foundation
import PokedexKit
import Testing

@Suite("NamedResourceList, the paginated list resource")
struct NamedResourceListTests {
    @Test("the static data set's list decodes with host-less links")
    func staticList() throws {
        let list = try JSONDecoder().decode(NamedResourceList.self, from: Fixtures.list())
        #expect(list.count == 1351)
        #expect(list.results.count == 1351)
        #expect(list.next == nil)
        #expect(list.previous == nil)
        #expect(list.results.first?.name == "bulbasaur")
        #expect(list.results.first?.id == 1)
        #expect(list.results.last?.name == "meowstic-female-mega")
        #expect(list.results.last?.id == 10326)
        #expect(list.results.allSatisfy { $0.id != nil })
        let ids = list.results.compactMap(\.id)
        #expect(Set(ids).count == 1351)
        #expect(!ids.contains { (1026...10000).contains($0) })
    }

    @Test("the live service's absolute links decode and give the same ids")
    func liveList() throws {
        let json = """
            {"count": 1351,
             "next": "https://pokeapi.co/api/v2/pokemon?offset=2&limit=2",
             "previous": null,
             "results": [
               {"name": "bulbasaur", "url": "https://pokeapi.co/api/v2/pokemon/1/"},
               {"name": "ivysaur", "url": "https://pokeapi.co/api/v2/pokemon/2"}
             ]}
            """
        let page = try JSONDecoder().decode(NamedResourceList.self, from: Data(json.utf8))
        #expect(page.results.map(\.id) == [1, 2])
        #expect(page.next?.query == "offset=2&limit=2")
        let again = try JSONDecoder().decode(
            NamedResourceList.self, from: JSONEncoder().encode(page))
        #expect(again == page)
    }

    @Test("a link without an id at its end has no id")
    func linkWithoutID() throws {
        let resource = NamedResource(
            name: "x", url: try #require(URL(string: "/api/v2/pokemon/pikachu/")))
        #expect(resource.id == nil)
    }

    @Test("a result without a url throws, naming it")
    func missingURL() throws {
        let json = #"{"count": 1, "next": null, "previous": null, "results": [{"name": "x"}]}"#
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(NamedResourceList.self, from: Data(json.utf8))
        }
        #expect(FetchedPokemonMalformedInputTests.describe(error).path == "results.0.url")
    }
}
