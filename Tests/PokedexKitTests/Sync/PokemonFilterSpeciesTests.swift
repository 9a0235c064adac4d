import Foundation
import PokedexKit
import PokedexOfflineData
import TestSupport
import Testing

@Suite("PokemonFilter's species parts, answered through the link in every backend")
struct PokemonFilterSpeciesTests {
    /// Every bundled Pokémon (1,351) and species (1,025).
    static func records() throws -> (pokemon: [Pokemon], species: [PokemonSpecies]) {
        (try BundledPokeAPI.allPokemonForms().map(Pokemon.init), try BundledPokeAPI.allSpecies())
    }

    /// The filters checked, each with a name for messages.
    static func filters() throws -> [(String, PokemonFilter)] {
        var filters: [(String, PokemonFilter)] = (1...9).map { (number: Int) in
            ("generation \(number)", PokemonFilter(generation: number))
        }
        filters.append(("legendary", PokemonFilter(legendaryOnly: true)))
        filters.append(("mythical", PokemonFilter(mythicalOnly: true)))
        filters.append(
            ("legendary and mythical", PokemonFilter(legendaryOnly: true, mythicalOnly: true)))
        filters.append(
            (
                "generation 4 legendary, by attack",
                PokemonFilter(sort: .attack(.descending), generation: 4, legendaryOnly: true)
            ))
        let chart = TypeChart(try BundledPokeAPI.allTypes())
        filters.append(
            (
                "weak to rock, generation 1, first 10",
                PokemonFilter(
                    limit: 10, weakness: TypeWeakness(to: .rock, chart: chart), generation: 1)
            ))
        filters.append(("fire of generation 2", PokemonFilter(types: [.fire], generation: 2)))
        return filters
    }

    /// The ids a filter selects, worked out from the records themselves.
    static func expectedIDs(
        _ filter: PokemonFilter, pokemon: [Pokemon], species: [Int: PokemonSpecies]
    ) throws -> [Int] {
        let matching = try pokemon.filter { record in
            guard try filter.condition(ignoringSpecies: record) else { return false }
            let asksSpecies =
                filter.generation != nil || filter.legendaryOnly
                || filter.mythicalOnly
            guard asksSpecies else { return true }
            guard let id = record.speciesID, let linked = species[id] else { return false }
            return (filter.generation.map { $0 == linked.generation } ?? true)
                && (!filter.legendaryOnly || linked.isLegendary)
                && (!filter.mythicalOnly || linked.isMythical)
        }
        let sorted = try RecordQuery(sortedBy: filter.sort.sortKeys).apply(to: matching)
        return sorted.prefix(filter.limit ?? .max).map(\.id)
    }

    /// Runs every filter on a Pokédex over a database of Pokémon and species.
    static func check(
        _ pokemonStore: some ModelStore<Pokemon>, database: any ModelDatabase,
        backend: PokedexBackend
    ) async throws {
        let (pokemon, species) = try records()
        try await database.transaction { transaction in
            transaction[Pokemon.self].upsert(contentsOf: pokemon)
            transaction[PokemonSpecies.self].upsert(contentsOf: species)
        }
        let byID = Dictionary(uniqueKeysWithValues: species.map { ($0.id, $0) })
        let pokedex = Pokedex(
            store: pokemonStore, database: database,
            client: PokeAPIClient(transport: BundledPokeAPITransport()))
        for (name, filter) in try filters() {
            let expected = try expectedIDs(filter, pokemon: pokemon, species: byID)
            let found = try await pokedex.pokemon(matching: filter)
            #expect(found.records.map(\.id) == expected, "\(backend.testDescription): \(name)")
            #expect(found.totalCount == pokemon.count)
            #expect(!expected.isEmpty || name == "legendary and mythical", "\(name) finds some")
        }
    }

    @Test("answered as the records say", arguments: PokedexBackend.allCases)
    func answered(in backend: PokedexBackend) async throws {
        try await backend.withDatabase(of: [Pokemon.self, PokemonSpecies.self]) {
            database, store in
            try await Self.check(store, database: database, backend: backend)
        }
    }

    @Test("a Pokédex of Pokémon alone refuses them with unknownModel, naming the species")
    func refusedWithoutSpecies() async throws {
        let pokedex = Pokedex(
            store: InMemoryStore(try BundledPokeAPI.storedPokemon()),
            client: PokeAPIClient(transport: BundledPokeAPITransport()))
        let error = await #expect(throws: StoreError.self) {
            try await pokedex.pokemon(matching: PokemonFilter(legendaryOnly: true))
        }
        #expect(error?.code == .unknownModel)
        #expect(error?.description.contains("PokemonSpecies") == true)
    }
}

extension PokemonFilter {
    /// Whether a record satisfies the filter's parts that do not ask about its species.
    fileprivate func condition(ignoringSpecies record: Pokemon) throws -> Bool {
        var filter = self
        filter.generation = nil
        filter.legendaryOnly = false
        filter.mythicalOnly = false
        return try filter.condition.evaluate(record)
    }
}
