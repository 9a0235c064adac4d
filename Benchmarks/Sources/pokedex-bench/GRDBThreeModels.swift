import Foundation
import GRDB
import PokedexKit

/// Group 10's transaction over three models as a GRDB user writes it: a species, a Pokémon and
/// a note in one `DatabasePool.write`, against three Pokémon in one, each commit synced
/// (`synchronous = FULL`, as `GRDBBaseline` opens every pool).
///
/// It measures what the three tables' B-trees cost SQLite whoever writes them: GRDB's
/// tables have no version row and no `_key` index, so its single-model write dirties one leaf
/// page where the store's dirties two. Each write sets only the columns that change, as the
/// store does (`update(_:columns:)`); the note has its foreign key and the index on it, as
/// the store's has.
final class GRDBThreeModels {
    let pool: DatabasePool
    /// The records of each commit, as the store's side makes them.
    private var commits: ThreeModelCommits

    /// Opens a GRDB database of the three tables at `url` and fills it with the species and
    /// Pokémon.
    init(at url: URL, species: [BenchSpecies], originals: [BenchPokemon]) async throws {
        pool = try GRDBBaseline.open(at: url)
        commits = ThreeModelCommits(species: species, originals: originals)
        try ReferenceBenchmarks.createGRDBTables(in: pool)
        try await pool.write { db in
            try db.create(table: BenchNote.databaseTableName) { table in
                table.primaryKey("id", .integer)
                table.column("pokemon_id", .integer).notNull()
                    .references(BenchPokemon.databaseTableName)
                table.column("text", .text).notNull()
            }
            try db.create(
                index: "bench_note_pokemon_id_index", on: BenchNote.databaseTableName,
                columns: ["pokemon_id"])
            for record in species { try record.insert(db) }
            for record in originals { try record.insert(db) }
        }
    }

    /// `count` commits, each of a species, a Pokémon and a note, as the store's transaction
    /// makes them.
    func writeAcrossModels(_ count: Int) async throws {
        for _ in 0..<count {
            let (changedSpecies, changedPokemon, note) = commits.nextAcrossModels()
            try await pool.write { db in
                try changedSpecies.update(db, columns: ["generation"])
                try changedPokemon.update(db, columns: ["attack"])
                try note.upsert(db)
            }
        }
    }

    /// `count` commits, each of three neighbouring Pokémon.
    func writePokemon(_ count: Int) async throws {
        for _ in 0..<count {
            let records = commits.nextPokemon(spread: false)
            try await pool.write { db in
                for record in records { try record.update(db, columns: ["attack"]) }
            }
        }
    }

    /// The number of notes: one for each of the last 1,000 commits over three models.
    func noteCount() async throws -> Int {
        try await pool.read { db in try BenchNote.fetchCount(db) }
    }
}
