import Foundation
import GRDB
import PokedexKit

// The GRDB baseline: `Pokemon` as a Codable GRDB record, in a table with a column per
// attribute (named by the record's coding keys; `types` and `abilities` as JSON text, as
// GRDB stores nested Codable values) and the same two indexes as the SQLiteStore's table.
//
// `Pokemon`'s own Codable conformance is the record's: GRDB encodes and decodes it column by
// column. The conformance is declared here, in the benchmark, and nowhere else.
extension Pokemon: @retroactive FetchableRecord, @retroactive PersistableRecord {
    /// The table GRDB reads and writes, named as SQLiteStore names the model's table.
    public static var databaseTableName: String { SQLiteFixtures.table }
}

/// What a GRDB user writes: a `DatabasePool` (WAL, a writer and concurrent readers, as
/// `SQLiteStore` has) with `synchronous = FULL`, so that each commit is as durable as one of
/// `SQLiteStore`'s.
enum GRDBBaseline {
    /// Opens a pool on a database file, creating it when absent, with `synchronous = FULL`
    /// on the writer.
    ///
    /// GRDB's `DatabasePool` sets `synchronous = NORMAL` when it switches to WAL (commits
    /// survive a crash of the process, the latest can be lost to a power loss); this sets
    /// `FULL` after it, so that a commit returns only once the WAL is synced, as
    /// `SQLiteStore`'s does.
    static func open(at url: URL) throws -> DatabasePool {
        let pool = try DatabasePool(path: url.path(percentEncoded: false))
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        return pool
    }

    /// Creates the table and its indexes in an empty database.
    static func createTable(in pool: DatabasePool) throws {
        try pool.write { db in
            try db.create(table: Pokemon.databaseTableName) { table in
                table.primaryKey("id", .integer)
                table.column("name", .text).notNull()
                table.column("types", .text).notNull()
                for column in ["hp", "attack", "defense", "special_attack", "special_defense"] {
                    table.column(column, .integer).notNull()
                }
                table.column("speed", .integer).notNull()
                table.column("sprite", .text)
                table.column("shiny", .text)
                table.column("height", .integer).notNull()
                table.column("weight", .integer).notNull()
                table.column("base_experience", .integer)
                table.column("abilities", .text).notNull()
                table.column("hidden_ability", .text)
                table.column("species_id", .integer)
                table.column("favorite", .boolean).notNull()
            }
            for column in SQLiteFixtures.indexedColumns {
                try db.create(
                    index: SQLiteFixtures.indexName(column), on: Pokemon.databaseTableName,
                    columns: [column])
            }
        }
    }

    /// Inserts records in one transaction.
    static func insert(_ records: [Pokemon], into pool: DatabasePool) throws {
        try pool.write { db in
            for record in records { try record.insert(db) }
        }
    }

    /// The record with an id.
    static func record(id: Int, in pool: DatabasePool) throws -> Pokemon? {
        try pool.read { db in try Pokemon.fetchOne(db, key: id) }
    }

    /// The number of records.
    static func count(in pool: DatabasePool) throws -> Int {
        try pool.read { db in try Pokemon.fetchCount(db) }
    }

    /// The records with a name, in id order.
    static func records(named name: String, in pool: DatabasePool) throws -> [Pokemon] {
        try pool.read { db in
            try Pokemon.filter(Column("name") == name).order(Column("id")).fetchAll(db)
        }
    }

    /// The ten records with the highest attack among those with `attack >= minimum`, ties in
    /// id order.
    static func strongest(atLeast minimum: Int, in pool: DatabasePool) throws -> [Pokemon] {
        try pool.read { db in
            try Pokemon.filter(Column("attack") >= minimum)
                .order(Column("attack").desc, Column("id")).limit(10).fetchAll(db)
        }
    }

    /// Every record, in id order.
    static func allRecords(in pool: DatabasePool) throws -> [Pokemon] {
        try pool.read { db in try Pokemon.order(Column("id")).fetchAll(db) }
    }

    /// The number of records with a type among their `types` (JSON text), as a GRDB user
    /// asks it: SQL over `json_each`, the text compared by its bytes.
    static func count(ofType type: String, in pool: DatabasePool) throws -> Int {
        try pool.read { db in
            try Int.fetchOne(
                db,
                sql: "SELECT count(*) FROM \(Pokemon.databaseTableName) WHERE EXISTS "
                    + "(SELECT 1 FROM json_each(types) WHERE value = ?)",
                arguments: [type]) ?? 0
        }
    }

    /// Saves one changed record, durably, in a transaction of its own.
    static func update(_ record: Pokemon, in pool: DatabasePool) throws {
        try pool.write { db in try record.update(db) }
    }
}
