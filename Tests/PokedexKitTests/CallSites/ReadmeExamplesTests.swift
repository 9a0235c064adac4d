import Foundation
import PokedexKit
import PokedexOfflineData
import TestSupport
import Testing

/// The README's storage and sync examples, run: if one stops compiling or working, the README
/// must change with it. (The querying example has its own test in KeyPathQueryTests,
/// QueryReadmeExampleTests.)
@Suite("The README's examples")
struct ReadmeExamplesTests {
    @Test("decoding a Pokémon")
    func decoding() throws {
        let data = try Fixtures.trimmed(6)
        let charizard = try JSONDecoder().decode(FetchedPokemon.self, from: data)
        #expect(charizard.name == "charizard")
        #expect("\(charizard.types)" == "[fire, flying]")
        #expect(charizard.specialAttack == 109)
        let record = Pokemon(charizard)
        #expect(record.id == 6 && !record.favorite)
    }

    @Test("storing, observing and changing")
    func storing() async throws {
        try await withTemporaryDirectory { directory in
            let pokemon = try BundledPokeAPI.allPokemon().map(Pokemon.init)

            let store = try await JSONFileStore<Pokemon>.open(
                at: directory.appending(path: "pokedex.json"),
                options: JSONFileStoreOptions(lockTimeout: .seconds(2)))
            try await store.upsert(contentsOf: pokemon)
            let strongestFire = try await store.fetch(
                RecordQuery(
                    where: .contains(\.types, .fire), sortedBy: [.descending(\.attack)], limit: 5))
            #expect(strongestFire.map(\.name).first == "flareon")
            try await store.update(id: 25) { $0.favorite = true }

            let favorites = try await store.observe(RecordQuery(where: \.favorite == true))
            var seen: [Int] = []
            for await result in favorites {
                seen.append(result.records.count)
                #expect(result.totalCount == 151)
                if seen.count == 1 { try await store.update(id: 6) { $0.favorite = true } }
                if seen.count == 2 { break }
            }
            #expect(seen == [1, 2])
            try await store.close()
        }
    }

    @Test("syncing from PokeAPI (the bundled data standing in for the live service)")
    func syncing() async throws {
        let store = InMemoryStore<Pokemon>()
        let pokedex = Pokedex(
            store: store, client: PokeAPIClient(transport: BundledPokeAPITransport()))
        var last: SyncProgress?
        for try await progress in pokedex.sync(1...151) {
            last = progress
        }
        #expect(last?.completed == 151)
        #expect(last?.failedIDs == [])
        let result = try await pokedex.pokemon(
            matching: PokemonFilter(name: "char", types: [.fire], sort: .attack(.descending)))
        #expect(result.records.map(\.name) == ["charizard", "charmeleon", "charmander"])
        #expect(result.totalCount == 151)
    }
}
