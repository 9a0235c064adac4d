import Foundation
import KeyPathQuery
import ModelStorage
import PokedexKit
import Testing

@Suite("TypeWeakness")
struct TypeWeaknessTests {
    @Test("holds for exactly the Pokémon that take 2× or more, for every form and attacking type")
    func matchesTheChart() throws {
        let chart = try TypeChartTests.chart()
        let pokemon = try RepositoryData.decodeAll(FetchedPokemon.self, .pokemon).map(Pokemon.init)
        #expect(pokemon.count == 1_351)
        for attacking in PokemonType.known {
            let weakness = TypeWeakness(to: attacking, chart: chart)
            let selected = try weakness.condition.compiled()
            var weak = 0
            for entry in pokemon {
                let expected = chart.multiplier(of: attacking, against: entry.types) >= 2
                if expected { weak += 1 }
                #expect(
                    selected.evaluate(entry) == expected,
                    "\(entry.name) (\(entry.types.map(\.rawValue))) against \(attacking)")
            }
            // Every type but normal (2× against nothing) is a weakness of some Pokémon, and
            // none of all of them.
            #expect((weak > 0) == (attacking != .normal), "\(attacking): \(weak)")
            #expect(weak < pokemon.count, "\(attacking): \(weak)")
        }
    }

    @Test("rock: doubled against flying, bug, fire and ice; resisted by fighting, ground, steel")
    func rock() throws {
        let weakness = TypeWeakness(to: .rock, chart: try TypeChartTests.chart())
        #expect(weakness.doubled == [.flying, .bug, .fire, .ice])
        #expect(weakness.resisting == [.fighting, .ground, .steel])
    }

    @Test("a filter with a weakness selects the same in every store kind as in memory")
    func filterInAStore() async throws {
        let chart = try TypeChartTests.chart()
        let pokemon = try RepositoryData.decodeAll(FetchedPokemon.self, .pokemon).map(Pokemon.init)
        let store = InMemoryStore(pokemon)
        var filter = PokemonFilter(types: [.flying], weakness: TypeWeakness(to: .ice, chart: chart))
        filter.sort = .name(.ascending)
        let found = try await store.fetch(filter.query)
        let expected = pokemon.filter {
            $0.types.contains(.flying) && chart.multiplier(of: .ice, against: $0.types) >= 2
        }.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
        #expect(found.map(\.id) == expected.map(\.id))
        #expect(!found.isEmpty)
    }
}
