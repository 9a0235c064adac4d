import Foundation
import PokedexKit
import PokedexOfflineData
import Testing

@Suite("The bundled offline data")
struct BundledPokeAPITests {
    @Test("every bundled entry is the fixture of the same id, and its body decodes to it")
    func entriesMatchFixtures() throws {
        for id in Fixtures.trimmedIDs {
            // The trimmed fixtures have no moves; the bundle has each Pokémon's learnset.
            let fixture = try Fixtures.pokemon(id)
            var bundled = try BundledPokeAPI.pokemon(id: id)
            let learnset = bundled.learnset
            #expect(learnset == (try BundledPokeAPI.learnset(ofPokemon: id)))
            bundled.learnset = []
            #expect(bundled == fixture, "id \(id)")
            let body = try BundledPokeAPI.data(forPokemon: id)
            var served = try JSONDecoder().decode(FetchedPokemon.self, from: body)
            // The body lists each move once, with its details: the same entries, by move.
            #expect(served.learnset.map(\.id).sorted() == learnset.map(\.id).sorted())
            served.learnset = []
            #expect(served == fixture)
        }
        #expect(try BundledPokeAPI.allPokemon().map(\.id) == Array(1...151))
    }

    @Test("a preview store holds the 151, and each is a store of its own")
    func previewStore() async throws {
        let store = InMemoryStore(try BundledPokeAPI.storedPokemon())
        let stored = try await store.fetch(.everyRecord)
        #expect(stored.map(\.id) == Array(1...151))
        let bundled = try BundledPokeAPI.allPokemon().map(Pokemon.init)
        #expect(stored == bundled)
        let favorites = stored.filter(\.favorite)
        #expect(favorites.isEmpty)

        try await store.update(id: 25) { $0.favorite = true }
        let another = InMemoryStore(try BundledPokeAPI.storedPokemon())
        #expect(try await another.fetch(id: 25)?.favorite == false)
    }

    @Test("ids PokeAPI does not have are a typed error")
    func notBundled() {
        for id in [0, 1026, 10000, 10327] {
            #expect(throws: BundledDataError.notBundled(id: id)) {
                try BundledPokeAPI.data(forPokemon: id)
            }
        }
    }

    @Test("a client over the bundled transport fetches by id and by name, and 404s the rest")
    func clientOverBundledTransport() async throws {
        let client = PokeAPIClient(transport: BundledPokeAPITransport())
        let charizard = try #require(try await client.pokemon(id: 6))
        #expect(charizard.name == "charizard")
        #expect(try await client.pokemon(named: "Pikachu")?.id == 25)
        #expect(try await client.pokemon(named: "chikorita")?.id == 152)
        #expect(try await client.pokemon(id: 10034)?.name == "charizard-mega-x")
        #expect(try await client.pokemon(id: 1026) == nil)
        #expect(try await client.pokemon(named: "missingno") == nil)
    }

    @Test("the list pages over all 1,351, with host-less links the client follows")
    func list() async throws {
        let client = PokeAPIClient(transport: BundledPokeAPITransport())
        let page = try await client.list(limit: 20, offset: 1340)
        #expect(page.count == 1351)
        #expect(page.results.map(\.id) == Array(10316...10326).map(Optional.some))
        #expect(page.next == nil)
        #expect(page.previous?.absoluteString == "/api/v2/pokemon?offset=1320&limit=20")
        let all = try await client.listAll(pageSize: 400)
        #expect(all.map(\.name).first == "bulbasaur")
        #expect(all.compactMap(\.id) == (try BundledPokeAPI.pokemonIDs()))
    }

    @Test("latency is honoured and cancellable")
    func latency() async throws {
        let transport = BundledPokeAPITransport(latency: .seconds(60))
        let task = Task {
            try await PokeAPIClient(transport: transport).pokemon(id: 1)
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
