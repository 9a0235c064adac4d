import Foundation
import PokedexKit
import PokedexOfflineData
import SQLiteStorage
import Testing

/// `Pokedex.statistics()`, answered by the store's aggregates, against the same numbers
/// computed in plain Swift over the bundled Pokémon.
@Suite("Pokedex: statistics from aggregates")
struct PokedexStatisticsTests {
    /// The backends whose aggregates are checked: memory and SQLite's SQL.
    static let backends: [PokedexBackend] = [.memory, .sqlite]

    static func pokedex(
        _ database: any ModelDatabase, _ store: any ModelStore<Pokemon>
    ) -> Pokedex {
        Pokedex(
            store: store, database: database,
            client: PokeAPIClient(transport: BundledPokeAPITransport()))
    }

    @Test(
        "every bundled Pokémon: totals, generations, counts and averages by type",
        arguments: backends)
    func bundled(_ backend: PokedexBackend) async throws {
        let pokemon = try PokedexRecords.bundled().pokemon
        try await backend.withDatabase { database, store in
            try await store.upsert(contentsOf: pokemon)
            let statistics = try await Self.pokedex(database, store).statistics()
            #expect(statistics.stored == pokemon.count)
            #expect(statistics.lowestID == pokemon.map(\.id).min())
            #expect(statistics.highestID == pokemon.map(\.id).max())
            let expected = PlainStatistics(pokemon)
            #expect(statistics.countsByType == expected.countsByType)
            #expect(statistics.countsByType.count == 18)
            #expect(Set(statistics.averageStatsByType.keys) == Set(expected.countsByType.keys))
            for (type, averages) in statistics.averageStatsByType {
                let plain = try #require(expected.averages[type])
                let pairs = [
                    (averages.hp, plain.hp), (averages.attack, plain.attack),
                    (averages.defense, plain.defense),
                    (averages.specialAttack, plain.specialAttack),
                    (averages.specialDefense, plain.specialDefense),
                    (averages.speed, plain.speed), (averages.total, plain.total),
                ]
                for (found, computed) in pairs {
                    #expect(abs(found - computed) < 1e-9, "\(type): \(found) vs \(computed)")
                }
            }
            #expect(statistics.generations.map(\.pokemon) == expected.pokemonByGeneration)
            #expect(statistics.generations.reduce(0) { $0 + $1.species } == 1025)
            #expect(statistics.generations.allSatisfy { $0.missingSpecies.isEmpty })
        }
    }

    @Test("SQLite answers every number in its database, in three statements, none in memory")
    func inDatabase() async throws {
        try await PokedexBackend.sqlite.withDatabase { _, store in
            try await store.upsert(
                contentsOf: try [1, 6, 25, 10034].map {
                    Pokemon(try BundledPokeAPI.pokemon(id: $0))
                })
            let reporting = try #require(store as? any QueryEvaluationReporting)
            let before = reporting.queryEvaluationCounts
            // Without the database, so that no favorite is read: three statements in all.
            let pokedex = Pokedex(
                store: store, client: PokeAPIClient(transport: BundledPokeAPITransport()))
            let statistics = try await pokedex.statistics()
            let counts = reporting.queryEvaluationCounts.subtracting(before)
            #expect(counts.inMemory == 0 && counts.finishedInMemory == 0, "\(counts)")
            #expect(counts.inDatabase == 3, "\(counts)")
            #expect(
                statistics.countsByType == [
                    .grass: 1, .poison: 1, .fire: 2, .flying: 1, .electric: 1, .dragon: 1,
                ])
            #expect(statistics.generations.first?.pokemon == 4)
            #expect(statistics.generations.first?.species == 3)
        }
    }

    @Test(
        "an empty store, and a Pokémon stored without a species id", arguments: backends)
    func emptyAndLegacy(_ backend: PokedexBackend) async throws {
        try await backend.withDatabase { database, store in
            let pokedex = Self.pokedex(database, store)
            let empty = try await pokedex.statistics()
            #expect(empty.stored == 0 && empty.lowestID == nil && empty.highestID == nil)
            #expect(empty.countsByType.isEmpty && empty.averageStatsByType.isEmpty)
            #expect(empty.generations.allSatisfy { $0.pokemon == 0 })
            var pikachu = Pokemon(try BundledPokeAPI.pokemon(id: 25))
            pikachu.speciesID = nil
            var form = Pokemon(try BundledPokeAPI.pokemon(id: 10034))
            form.speciesID = nil
            try await store.upsert(contentsOf: [pikachu, form])
            let statistics = try await pokedex.statistics()
            #expect(statistics.generations.first?.pokemon == 1, "25 counts for its species")
            #expect(statistics.generations.first?.species == 1)
            #expect(statistics.stored == 2)
            #expect(statistics.averageStatsByType[.electric]?.speed == Double(pikachu.speed))
        }
    }
}

/// The statistics computed over records in plain Swift, as a reader would.
private struct PlainStatistics {
    var countsByType: [PokemonType: Int] = [:]
    var averages: [PokemonType: BaseStatAverages] = [:]
    var pokemonByGeneration: [Int] = []

    init(_ pokemon: [Pokemon]) {
        var sums: [PokemonType: [Int]] = [:]
        var generations: [Int: Int] = [:]
        for record in pokemon {
            let stats = [
                record.hp, record.attack, record.defense, record.specialAttack,
                record.specialDefense, record.speed,
            ]
            for type in Set(record.types) {
                countsByType[type, default: 0] += 1
                sums[type] = zip(sums[type] ?? Array(repeating: 0, count: 6), stats).map(+)
            }
            if let species = record.speciesID,
                let generation = PokemonSpecies.generation(ofID: species)
            {
                generations[generation, default: 0] += 1
            }
        }
        for (type, sum) in sums {
            let count = Double(countsByType[type] ?? 1)
            averages[type] = BaseStatAverages(
                hp: Double(sum[0]) / count, attack: Double(sum[1]) / count,
                defense: Double(sum[2]) / count, specialAttack: Double(sum[3]) / count,
                specialDefense: Double(sum[4]) / count, speed: Double(sum[5]) / count)
        }
        pokemonByGeneration = (1...(generations.keys.max() ?? 0)).map { generations[$0] ?? 0 }
    }
}
