import Foundation
import PokedexKit
import SQLiteCAPI

/// `pokedex stats` in hand-written SQL: the three `GROUP BY` statements a developer writes
/// over the store's own table (`types` as JSON text, read with `json_each`).
extension SQLiteCBaseline {
    /// The statistics `Pokedex.statistics()` computes, without favorites, from three
    /// hand-written statements: the count and id range, the count of each species (folded
    /// into generations in Swift), and the count and average base stats of each type.
    func statistics() throws -> PokedexStatistics {
        var statistics = PokedexStatistics(
            stored: 0, favorites: 0, countsByType: [:], lowestID: nil, highestID: nil)
        try each("SELECT count(*), min(id), max(id) FROM pokemon") { row in
            statistics.stored = Int(sqlite3_column_int64(row, 0))
            if sqlite3_column_type(row, 1) != SQLITE_NULL {
                statistics.lowestID = Int(sqlite3_column_int64(row, 1))
                statistics.highestID = Int(sqlite3_column_int64(row, 2))
            }
        }
        var bySpecies: [Int: Int] = [:]
        try each(
            "SELECT species_id, count(*) FROM pokemon WHERE species_id IS NOT NULL "
                + "GROUP BY species_id"
        ) { row in
            bySpecies[Int(sqlite3_column_int64(row, 0))] = Int(sqlite3_column_int64(row, 1))
        }
        statistics.generations = GenerationCount.counts(pokemonBySpecies: bySpecies)
        try each(
            "SELECT e.value, count(*), avg(hp), avg(attack), avg(defense), avg(special_attack), "
                + "avg(special_defense), avg(speed) FROM pokemon, json_each(pokemon.types) AS e "
                + "GROUP BY e.value"
        ) { row in
            let type = PokemonType(
                rawValue: sqlite3_column_text(row, 0).map { String(cString: $0) } ?? "")
            statistics.countsByType[type] = Int(sqlite3_column_int64(row, 1))
            statistics.averageStatsByType[type] = BaseStatAverages(
                hp: sqlite3_column_double(row, 2), attack: sqlite3_column_double(row, 3),
                defense: sqlite3_column_double(row, 4),
                specialAttack: sqlite3_column_double(row, 5),
                specialDefense: sqlite3_column_double(row, 6), speed: sqlite3_column_double(row, 7))
        }
        return statistics
    }

    /// Runs a query without bindings and hands each row to `body`.
    private func each(_ sql: String, _ body: (OpaquePointer) -> Void) throws {
        let statement = try prepare(sql)
        defer { sqlite3_reset(statement) }
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: body(statement)
            case SQLITE_DONE: return
            default: throw failure("step \(sql)")
            }
        }
    }
}
