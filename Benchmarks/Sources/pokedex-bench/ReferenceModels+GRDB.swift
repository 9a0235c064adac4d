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
