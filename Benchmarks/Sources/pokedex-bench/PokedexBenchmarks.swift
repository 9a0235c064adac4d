import Foundation
import PokedexKit
import PokedexOfflineData
import SQLiteStorage

/// Group 11, the complete Pokédex (issue 22): the bundled data loaded into an empty SQLite
/// database of every family, against the budget of 2 s; and `pokedex list --weak-to
/// rock --generation 1`, a condition through the species link, against hand-written SQL
/// over the same tables (target ≤ 1.5×); `pokedex sync` of every family into a new SQLite
/// store as a whole process, moves included, against its budget of 3 s; and `pokedex show charizard` from
/// that store as a whole process, against its budget of 50 ms.
enum PokedexBenchmarks {
    static let group = "11. The complete Pokédex"

    /// Opens an SQLite database of every family at `url` and stores every entry in one
    /// transaction.
    static func load(_ records: PokedexRecords, at url: URL) async throws -> SQLiteModelDatabase {
        let database = try await SQLiteModelDatabase.open(at: url, for: PokedexModels.all)
        try await database.transaction { records.write(to: &$0) }
        return database
    }

    /// Runs `body` over a new read-only SQLite database of every bundled record, opened for
    /// `models`, and a C API connection to the same file, and closes both afterwards, whether
    /// `body` returns or throws.
    static func withLoadedDatabase<Value>(
        _ families: PokedexRecords, for models: [any StorableModel.Type],
        _ body: (SQLiteModelDatabase, SQLiteCBaseline) async throws -> Value
    ) async throws -> Value {
        try await Fixtures.withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.sqlite")
            try await load(families, at: url).close()
            let database = try await SQLiteModelDatabase.open(
                at: url, for: models, options: .readOnly)
            do {
                let connection = try SQLiteCBaseline(at: url)
                defer { connection.close() }
                let value = try await body(database, connection)
                try await database.close()
                return value
            } catch {
                try? await database.close()
                throw error
            }
        }
    }

    static func run(_ bench: Bench) async throws -> [Result] {
        let families = try PokedexRecords.bundled()
        return [
            try await load(families, bench), try await weakToRock(families, bench),
            try await syncProcess(bench),
        ]
            + (try await entryProcesses(
                bench, group: group, commands: [(["show", "charizard"], "#6 Charizard")]))
    }

    /// Every family into an empty database, against the budget the issue sets.
    static func load(_ families: PokedexRecords, _ bench: Bench) async throws -> Result {
        func loadOnce() async throws -> Double {
            try await Fixtures.withTemporaryDirectory { directory in
                try await Bench.time {
                    let database = try await load(
                        families, at: directory.appending(path: "dex.sqlite"))
                    try await database.close()
                }
            }
        }
        let entries = families.count
        return try await bench.compareMeasured(
            group: group,
            name: "every bundled entry (\(entries)) into an empty SQLite database",
            target: .atMost(1),
            candidate: ("SQLiteModelDatabase.open, one transaction, close", loadOnce),
            baseline: ("the budget: 2 s", { 2 }),
            note: "1,351 Pokémon, 1,025 species, 541 chains, 21 types, 373 abilities, already "
                + "decoded from the bundle; opening, the commit and closing (WAL folded in) "
                + "counted",
            repetitions: bench.quick ? 2 : 5)
    }

    /// The Pokémon of generation 1 that take at least 2× from rock: the store's query
    /// through the species link against the same question in hand-written SQL.
    static func weakToRock(_ families: PokedexRecords, _ bench: Bench) async throws -> Result {
        try await withLoadedDatabase(families, for: [Pokemon.self, PokemonSpecies.self]) {
            database, connection in
            let store = try database.store(for: Pokemon.self)
            let chart = TypeChart(families.types)
            let filter = PokemonFilter(
                weakness: TypeWeakness(to: .rock, chart: chart), generation: 1)
            // What the hand-written query names: the types rock hits for 2×, and those that
            // take less than 1× from it.
            let factors = PokemonType.known.map { type in
                (type.rawValue, chart.multiplier(of: .rock, against: [type]))
            }
            let weak = factors.filter { $0.1 > 1 }.map(\.0)
            let resisting = factors.filter { $0.1 < 1 }.map(\.0)
            let expected = try connection.weakPokemon(
                weakTo: weak, resisting: resisting, generation: 1)
            let found = try await store.fetch(filter.query)
            guard found == expected, found.count > 10 else {
                throw BenchmarkError.disagreement(
                    "weak to rock, generation 1: \(found.count) against \(expected.count)")
            }
            return try await bench.compare(
                group: group, name: "list --weak-to rock --generation 1 (\(found.count) of 1,351)",
                target: .atMost(1.5),
                candidate: (
                    "store.fetch(PokemonFilter(weakness:generation:).query)",
                    { blackHole(try await store.fetch(filter.query)) }
                ),
                baseline: (
                    "C API: SELECT … WHERE json_each(types) … AND species_id IN (SELECT id "
                        + "FROM pokemon_species WHERE generation = 1)",
                    {
                        blackHole(
                            try connection.weakPokemon(
                                weakTo: weak, resisting: resisting, generation: 1))
                    }
                ),
                note: "one database of Pokémon and species; both read the same tables and "
                    + "decode each row into a Pokemon",
                repetitions: bench.quick ? 5 : 21)
        }
    }
}
