import Foundation
import PokedexKit
import Testing

@Suite("Pokedex: search, filter, favorites and totals through KeyPathQuery")
struct PokedexQueryTests {
    /// The 151 plus the 41 hard cases, in a database of every Pokédex model.
    static func pokedex() async throws -> Pokedex {
        let all = try Fixtures.trimmedIDs.map { Pokemon(try Fixtures.pokemon($0)) }
        return try await MemoryPokedex(
            client: PokeAPIClient(
                transport: StubTransport { request, _ in try Stub.fixtures(for: request) }),
            pokemon: all
        ).pokedex
    }

    @Test("search by name ignores case and diacritics")
    func nameSearch() async throws {
        let pokedex = try await Self.pokedex()
        let flabebe = try await pokedex.pokemon(matching: PokemonFilter(name: "FLABÉBÉ"))
        #expect(flabebe.records.map(\.name) == ["flabebe"])
        let char = try await pokedex.pokemon(matching: PokemonFilter(name: "Char"))
        #expect(char.records.map(\.name) == ["charmander", "charmeleon", "charizard", "pecharunt"])
        #expect(char.totalCount == 192)
    }

    @Test("types, stat thresholds, sort and limit combine")
    func combined() async throws {
        let pokedex = try await Self.pokedex()
        var filter = PokemonFilter(types: [.fire], sort: .attack(.descending), limit: 3)
        filter.minimumStats[.speed] = 80
        let result = try await pokedex.pokemon(matching: filter)
        let all = try Fixtures.trimmedIDs.map { Pokemon(try Fixtures.pokemon($0)) }
        let expected = all.filter { $0.types.contains(.fire) && $0.speed >= 80 }
            .sorted { ($0.attack, -$0.id) > ($1.attack, -$1.id) }
            .prefix(3)
        #expect(result.records.map(\.id) == expected.map(\.id))
        #expect(result.totalCount == 192, "the total is the store's, not the filter's")
        let dual = try await pokedex.pokemon(matching: PokemonFilter(types: [.fire, .flying]))
        #expect(dual.records.map(\.name) == ["charizard", "moltres", "ho-oh"])
    }

    @Test("favorites: set, filter, clear")
    func favorites() async throws {
        let pokedex = try await Self.pokedex()
        try await pokedex.setFavorite(true, pokemonID: 25)
        try await pokedex.setFavorite(true, pokemonID: 151)
        let favorites = try await pokedex.pokemon(matching: PokemonFilter(favoritesOnly: true))
        #expect(favorites.records.map(\.id) == [25, 151])
        #expect(favorites.records.allSatisfy { !$0.favorite }, "the legacy flag is not set")
        try await pokedex.setFavorite(false, pokemonID: 25)
        #expect(
            try await pokedex.pokemon(matching: PokemonFilter(favoritesOnly: true)).records.map(
                \.id) == [151])
        let error = await #expect(throws: StoreError.self) {
            try await pokedex.setFavorite(true, pokemonID: 9999)
        }
        #expect(error?.code == .notFound)
    }

    @Test("lookup by id, or by name in any case")
    func lookup() async throws {
        let pokedex = try await Self.pokedex()
        #expect(try await pokedex.pokemon(id: 25)?.name == "pikachu")
        #expect(try await pokedex.pokemon(id: 9999) == nil)
        #expect(try await pokedex.pokemon(named: " Mr-Mime ")?.id == 122)
        #expect(try await pokedex.pokemon(named: "25") == nil)
        #expect(try await pokedex.pokemon(named: "missingno") == nil)
    }

    @Test("statistics count types and favorites")
    func statistics() async throws {
        let pokedex = try await Self.pokedex()
        try await pokedex.setFavorite(true, pokemonID: 1)
        let statistics = try await pokedex.statistics()
        #expect(statistics.stored == 192)
        #expect(statistics.favorites == 1)
        #expect(statistics.lowestID == 1)
        #expect(statistics.highestID == 10326)
        let all = try Fixtures.trimmedIDs.map { try Fixtures.pokemon($0) }
        #expect(statistics.countsByType[.fire] == all.count { $0.types.contains(.fire) })
    }

    @Test("an empty filter is every Pokémon in id order, and reads as the true condition")
    func emptyFilter() throws {
        let filter = PokemonFilter()
        #expect(filter.condition.isAlwaysTrue)
        #expect(filter.query.sortKeys.count == 1)
    }
}
