import GRDB
import PokedexKit

// The reference benchmarks' models as GRDB records (group 10's baseline), with the
// associations a GRDB user declares: apart from `ReferenceModels.swift`, which
// `pokedex-postgres-bench` compiles too, without GRDB.

extension BenchSpecies: FetchableRecord, PersistableRecord {
    /// GRDB's table: the store's table name.
    static var databaseTableName: String { storageName }

    /// GRDB's to-many association to the species' Pokémon.
    static let pokemon = hasMany(
        BenchPokemon.self, key: "pokemon", using: ForeignKey(["species_id"]))
}

extension BenchPokemon: FetchableRecord, PersistableRecord {
    /// GRDB's table: the store's table name.
    static var databaseTableName: String { storageName }

    /// GRDB's to-one association to the Pokémon's species.
    static let species = belongsTo(
        BenchSpecies.self, key: "species", using: ForeignKey(["species_id"]))
}

extension BenchNote: FetchableRecord, PersistableRecord {
    /// GRDB's table: the store's table name.
    static var databaseTableName: String { storageName }
}

/// A Pokémon fetched with its species, as GRDB's `including(required:)` decodes it.
struct BenchPokemonWithSpecies: Decodable, FetchableRecord {
    var pokemon: BenchPokemon
    var species: BenchSpecies
}

extension SmallSpecies: FetchableRecord, PersistableRecord {
    /// GRDB's table: the store's table name.
    static var databaseTableName: String { storageName }

    /// GRDB's to-many association to the species' forms, on the foreign key of the schema.
    static let forms = hasMany(SmallForm.self, key: "forms")
}

extension SmallForm: FetchableRecord, PersistableRecord {
    /// GRDB's table: the store's table name.
    static var databaseTableName: String { storageName }

    /// GRDB's to-one association to the form's species, on the foreign key of the schema.
    static let species = belongsTo(SmallSpecies.self, key: "species")

    /// Creates the tables of the small records as GRDB's guide does: the form `belongsTo` its
    /// species, which adds the column `speciesId`, its foreign key and an index on it.
    static func createTables(in pool: DatabasePool) throws {
        try pool.write { db in
            try db.create(table: SmallSpecies.databaseTableName) { table in
                table.primaryKey("id", .integer)
                table.column("name", .text).notNull()
                table.column("isLegendary", .boolean).notNull()
            }
            try db.create(table: databaseTableName) { table in
                table.primaryKey("id", .integer)
                table.column("name", .text).notNull()
                table.column("attack", .integer).notNull()
                table.belongsTo("species", inTable: SmallSpecies.databaseTableName).notNull()
            }
        }
    }
}

/// A form fetched with its species, as GRDB's `including(required:)` decodes it.
struct SmallFormWithSpecies: Decodable, FetchableRecord {
    var form: SmallForm
    var species: SmallSpecies
}
