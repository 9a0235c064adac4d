import Foundation
import PokedexKit
import PokedexOfflineData
import SQLiteStorage

/// Group 12, `pokedex stats` from aggregates (issue 42): `Pokedex.statistics()` through the
/// SQLite store — counts by generation and by type, average base stats by type, all
/// answered in the database — against the same numbers from three hand-written `GROUP BY`
/// statements over the same SQLite file (target ≤ 1.2×), and against fetching every Pokémon
/// and counting in Swift, as `statistics()` did before (reported).
enum PokedexStatisticsBenchmarks {
    static let group = "12. Pokédex statistics"

    static func run(_ bench: Bench) async throws -> [Result] {
        let families = try PokedexRecords.bundled()
        return try await PokedexBenchmarks.withLoadedDatabase(families, for: [Pokemon.self]) {
            database, connection in
            let store = try database.store(for: Pokemon.self)
            // Without the database: no favorites, which the hand-written SQL does not read.
            let pokedex = Pokedex(
                store: store, client: PokeAPIClient(transport: BundledPokeAPITransport()))
            let found = try await pokedex.statistics()
            let expected = try connection.statistics()
            let fetched = try await fetchingEverything(store)
            guard agree(found, expected), agree(found, fetched), found.stored == 1351 else {
                throw BenchmarkError.disagreement("statistics: \(found) against \(expected)")
            }
            return try await bench.compareThree(
                group: group, name: "pokedex stats over 1,351 Pokémon (18 types, 1,025 species)",
                target: .atMost(1.2),
                candidate: (
                    "Pokedex.statistics(): three AggregateQuery, answered in SQLite",
                    { try await Bench.time { blackHole(try await pokedex.statistics()) } }
                ),
                baseline: (
                    "C API: count/min/max, GROUP BY species_id, GROUP BY json_each(types) value",
                    { try await Bench.time { blackHole(try connection.statistics()) } }
                ),
                reference: (
                    "store.fetch(every Pokémon), counted and averaged in Swift (as before)",
                    { try await Bench.time { blackHole(try await fetchingEverything(store)) } }
                ),
                note: "one read-only SQLite database of the bundled Pokémon; the hand-written "
                    + "SQL reads each record's types with json_each and need not drop repeated "
                    + "elements (the data has none); the store's SQL drops them",
                repetitions: bench.quick ? 5 : 21)
        }
    }

    /// The statistics as `Pokedex.statistics()` computed them before aggregates: every
    /// Pokémon fetched and decoded, then counted and averaged in Swift.
    static func fetchingEverything(_ store: some ModelStore<Pokemon>) async throws
        -> PokedexStatistics
    {
        let all = try await store.fetch(RecordQuery(sortedBy: [.ascending(\.id)]))
        var statistics = PokedexStatistics(
            stored: all.count, favorites: 0, countsByType: [:], lowestID: all.first?.id,
            highestID: all.last?.id)
        var bySpecies: [Int: Int] = [:]
        for pokemon in all {
            for type in Set(pokemon.types) { statistics.countsByType[type, default: 0] += 1 }
            if let species = pokemon.speciesID { bySpecies[species, default: 0] += 1 }
        }
        for type in statistics.countsByType.keys {
            statistics.averageStatsByType[type] = BaseStatAverages(
                of: all.filter { $0.types.contains(type) })
        }
        statistics.generations = GenerationCount.counts(pokemonBySpecies: bySpecies)
        return statistics
    }

    /// Whether two answers agree: the same counts, and averages within rounding.
    static func agree(_ lhs: PokedexStatistics, _ rhs: PokedexStatistics) -> Bool {
        guard lhs.stored == rhs.stored, lhs.lowestID == rhs.lowestID,
            lhs.highestID == rhs.highestID, lhs.countsByType == rhs.countsByType,
            lhs.generations == rhs.generations,
            Set(lhs.averageStatsByType.keys) == Set(rhs.averageStatsByType.keys)
        else { return false }
        return lhs.averageStatsByType.allSatisfy { type, averages in
            guard let other = rhs.averageStatsByType[type] else { return false }
            return abs(averages.total - other.total) < 1e-9
                && abs(averages.attack - other.attack) < 1e-9
        }
    }
}
