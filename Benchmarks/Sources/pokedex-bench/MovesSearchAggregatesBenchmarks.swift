import Foundation
import PokedexKit
import PokedexOfflineData
import SQLiteStorage

/// Group 13, moves, search and aggregates (issue 42).
///
/// Each row is set against what a developer writes instead, measured in the same run:
///
/// - a move's learners, each with its entries (`pokedex move earthquake`):
///   `Pokedex.move(named:)` and `Pokedex.learners(ofMove:by:)` over an SQLite
///   database of every bundled record, against the same rows from hand-written SQL on the C
///   API (target ≤ 1.5×);
/// - the Pokémon `pokedex list --learns earthquake` lists: the filter's query through the
///   store, against hand-written SQL (target ≤ 1.5×);
/// - text search over the Pokédex's texts, at its size and at 100,000 texts
///   (``TextSearchBenchmarks``, target ≤ 2×);
/// - an aggregate query in memory (``AggregateBenchmarks``, target ≤ 1.5×);
/// - `pokedex show --lang ja charizard` and `pokedex moves charizard` as whole processes,
///   against issue 42's budget of 50 ms each
///   (``PokedexBenchmarks/entryProcesses(_:group:commands:)``).
enum MovesSearchAggregatesBenchmarks {
    static let group = "13. Moves, search and aggregates"

    /// The move whose learners are measured: earthquake, move 89, learned by most Pokémon
    /// in some way.
    static let move = (name: "earthquake", id: 89)

    static func run(_ bench: Bench) async throws -> [Result] {
        let families = try PokedexRecords.bundled()
        var results = [try await learners(families, bench), try await listLearns(families, bench)]
        results += try await TextSearchBenchmarks.run(bench, families: families, group: group)
        results += try await AggregateBenchmarks.run(bench, families: families, group: group)
        results += try await PokedexBenchmarks.entryProcesses(
            bench, group: group,
            commands: [
                (["show", "--lang", "ja", "charizard"], "リザードン"),
                (["moves", "charizard"], "Charizard"),
            ])
        return results
    }

    /// The Pokémon that learn earthquake, each with how (method and level): the move found
    /// by its name, then its learners, as the CLI asks, against hand-written SQL over the same
    /// tables.
    static func learners(_ families: PokedexRecords, _ bench: Bench) async throws -> Result {
        try await PokedexBenchmarks.withLoadedDatabase(families, for: PokedexModels.all) {
            database, connection in
            let pokedex = Pokedex(
                store: try database.store(for: Pokemon.self), database: database,
                client: PokeAPIClient(transport: BundledPokeAPITransport()))
            func fromStore() async throws -> [MoveLearner] {
                guard let found = try await pokedex.move(named: move.name) else {
                    throw BenchmarkError.setup("no move named \(move.name) in the database")
                }
                return try await pokedex.learners(ofMove: found.id)
            }
            let found = try await fromStore()
            let expected = try connection.learners(ofMoveNamed: move.name)
            let entries = found.reduce(0) { $0 + $1.entries.count }
            guard try await pokedex.move(named: move.name)?.id == move.id,
                agree(found, expected), found.count > 100
            else {
                throw BenchmarkError.disagreement(
                    "the learners of \(move.name): \(found.count) Pokémon against "
                        + "\(expected.count)")
            }
            return try await bench.compare(
                group: group,
                name:
                    "move \(move.name): its learners (\(found.count) Pokémon, \(entries) entries)",
                target: .atMost(1.5),
                candidate: (
                    "Pokedex.move(named:) + learners(ofMove:by:)",
                    { blackHole(try await fromStore()) }
                ),
                baseline: (
                    "C API: SELECT id FROM move WHERE name = ?; learnset JOIN pokemon ON "
                        + "_key = +pokemon_id WHERE move_id = ? ORDER BY pokemon_id",
                    { blackHole(try connection.learners(ofMoveNamed: move.name)) }
                ),
                note: "one read-only SQLite database of every bundled record; both decode each "
                    + "learner into a Pokemon and each of its entries into a LearnsetEntry, "
                    + "sorted by method and level",
                repetitions: bench.quick ? 5 : 21)
        }
    }

    /// `pokedex list --learns earthquake`: the Pokémon the list's filter selects
    /// (`PokemonFilter.learnsMoveID`, a condition on the Pokémon that a learnset entry of the
    /// move refers to), in id order, against hand-written SQL over the same tables.
    static func listLearns(_ families: PokedexRecords, _ bench: Bench) async throws -> Result {
        try await PokedexBenchmarks.withLoadedDatabase(families, for: PokedexModels.all) {
            database, connection in
            let store = try database.store(for: Pokemon.self)
            let query = PokemonFilter(learnsMoveID: move.id).query
            let found = try await store.fetch(query)
            let expected = try connection.pokemon(learningMove: move.id)
            guard found == expected, found.count > 100 else {
                throw BenchmarkError.disagreement(
                    "the Pokémon learning \(move.name): \(found.count) against \(expected.count)")
            }
            return try await bench.compare(
                group: group,
                name: "list --learns \(move.name): the Pokémon (\(found.count))",
                target: .atMost(1.5),
                candidate: (
                    "store.fetch(PokemonFilter(learnsMoveID:).query): a referrer condition",
                    { blackHole(try await store.fetch(query)) }
                ),
                baseline: (
                    "C API: SELECT … FROM pokemon WHERE id IN (SELECT pokemon_id FROM learnset "
                        + "WHERE move_id = ?) ORDER BY id",
                    { blackHole(try connection.pokemon(learningMove: move.id)) }
                ),
                note: "one read-only SQLite database of every bundled record; both decode each "
                    + "Pokémon",
                repetitions: bench.quick ? 5 : 21)
        }
    }

    /// Whether two lists of learners are the same Pokémon in the same order, each with the
    /// same entries (entries of one method and level, which either side may list in any
    /// order, compared by id).
    static func agree(_ lhs: [MoveLearner], _ rhs: [MoveLearner]) -> Bool {
        func normalized(_ learners: [MoveLearner]) -> [MoveLearner] {
            learners.map { learner in
                var learner = learner
                learner.entries.sort { $0.id < $1.id }
                return learner
            }
        }
        return normalized(lhs) == normalized(rhs)
    }
}
