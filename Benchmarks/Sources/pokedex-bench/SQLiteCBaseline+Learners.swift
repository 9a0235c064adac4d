import Foundation
import PokedexKit
import SQLiteCAPI

/// A move's learners in hand-written SQL: what a developer writes over the Pokédex's own
/// tables (`move`, `learnset`, `pokemon`) for `Pokedex.learners(ofMove:by:)`.
extension SQLiteCBaseline {
    /// The stored Pokémon that learn the move of a PokeAPI name, in id order, each with its
    /// entries for the move by method and level: the move's id by its name, then one join of
    /// its learnset entries (through the index of `move_id`) to their Pokémon, each Pokémon
    /// decoded once.
    ///
    /// The Pokémon are found by the unique index of the table's key column, `_key` (the
    /// record's id; `id` is a plain column). `_key` is declared without a type, so
    /// `_key = l.pokemon_id` would give it the integer affinity of `pokemon_id`, and SQLite
    /// would scan the table for each entry; `+l.pokemon_id` drops that affinity, and the join
    /// uses the index, as `EXPLAIN QUERY PLAN` shows.
    ///
    /// - Parameter name: The move's PokeAPI name, such as `"earthquake"`.
    /// - Returns: The learners; none when no move has the name.
    /// - Throws: ``SQLiteCBaseline/Failure`` when a statement fails.
    func learners(ofMoveNamed name: String) throws -> [MoveLearner] {
        let find = try prepare("SELECT id FROM move WHERE name = ? LIMIT 1")
        defer {
            sqlite3_reset(find)
            sqlite3_clear_bindings(find)
        }
        bindText(name, to: find, at: 1)
        guard sqlite3_step(find) == SQLITE_ROW else { return [] }
        let moveID = sqlite3_column_int64(find, 0)
        let pokemonColumns = Self.columns.map { "p.\($0)" }.joined(separator: ", ")
        let join = try prepare(
            "SELECT \(pokemonColumns), l.id, l.method, l.level, l.version_group "
                + "FROM learnset AS l JOIN pokemon AS p ON p._key = +l.pokemon_id "
                + "WHERE l.move_id = ? ORDER BY l.pokemon_id")
        defer {
            sqlite3_reset(join)
            sqlite3_clear_bindings(join)
        }
        sqlite3_bind_int64(join, 1, moveID)
        let first = Int32(Self.columns.count)
        func text(_ column: Int32) -> String {
            sqlite3_column_text(join, column).map { String(cString: $0) } ?? ""
        }
        var learners: [MoveLearner] = []
        while true {
            switch sqlite3_step(join) {
            case SQLITE_ROW:
                let pokemonID = Int(sqlite3_column_int64(join, 0))
                if learners.last?.pokemon.id != pokemonID {
                    learners.append(MoveLearner(pokemon: try record(at: join), entries: []))
                }
                var entry = LearnsetEntry(
                    pokemonID: pokemonID, moveID: Int(moveID),
                    method: MoveLearnMethod(rawValue: text(first + 1)),
                    level: Int(sqlite3_column_int64(join, first + 2)),
                    versionGroup: text(first + 3))
                entry.id = text(first)
                learners[learners.count - 1].entries.append(entry)
            case SQLITE_DONE:
                for index in learners.indices {
                    learners[index].entries.sort { ($0.method, $0.level) < ($1.method, $1.level) }
                }
                return learners
            default: throw failure("step learners of \(name)")
            }
        }
    }

    /// The stored Pokémon that learn a move, in id order, as `pokedex list --learns` lists
    /// them: every column of each, decoded into a `Pokemon`, for the Pokémon whose id is among
    /// the move's learnset entries' (found through the index of `move_id`).
    ///
    /// - Parameter moveID: The move's id.
    /// - Returns: The Pokémon; none when no entry names the move.
    /// - Throws: ``SQLiteCBaseline/Failure`` when the statement fails.
    func pokemon(learningMove moveID: Int) throws -> [Pokemon] {
        try rows(
            "SELECT \(Self.columns.joined(separator: ", ")) FROM pokemon WHERE id IN "
                + "(SELECT pokemon_id FROM learnset WHERE move_id = ?) ORDER BY id"
        ) { sqlite3_bind_int64($0, 1, Int64(moveID)) }
    }
}
