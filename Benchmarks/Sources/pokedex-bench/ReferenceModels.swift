import Foundation
import PokedexKit

// The models of the reference benchmarks (group 10): the real species and Pokémon of the
// repository's PokeAPI data (`Data/pokeapi/all`), a Pokémon referring to its species, and
// small models beside them (notes on a Pokémon, teams, trainers) for the writes and opens that
// span several models. Their GRDB side (records, associations) is in
// `ReferenceModels+GRDB.swift`, so that `pokedex-postgres-bench`, which has no GRDB, compiles
// this file through a symbolic link (`Postgres/Benchmarks/pokedex-postgres-bench`).

/// A species: the real 1,025, with whether each is legendary.
struct BenchSpecies: StorableModel, Hashable {
    var id: Int
    var name: String
    var isLegendary: Bool
    var isMythical: Bool
    var generation: Int

    enum CodingKeys: String, CodingKey {
        case id, name, generation
        case isLegendary = "is_legendary"
        case isMythical = "is_mythical"
    }

    static let queryAttributes: AttributeMap<BenchSpecies> = [
        \.id: "id", \.name: "name", \.isLegendary: "is_legendary",
        \.isMythical: "is_mythical", \.generation: "generation",
    ]
}

/// A Pokémon, referring to its species by `speciesID`.
struct BenchPokemon: StorableModel, Hashable {
    var id: Int
    var name: String
    var speciesID: Int
    /// The species' id again, in an attribute that is no reference and has no index: the
    /// same question asked through it is answered by a scan of every record.
    var speciesNumber: Int
    var types: [String]
    var attack: Int
    var weight: Int

    enum CodingKeys: String, CodingKey {
        case id, name, types, attack, weight
        case speciesID = "species_id"
        case speciesNumber = "species_number"
    }

    static let queryAttributes: AttributeMap<BenchPokemon> = [
        \.id: "id", \.name: "name", \.speciesID: "species_id",
        \.speciesNumber: "species_number", \.types: "types", \.attack: "attack",
        \.weight: "weight",
    ]

    /// The reference's attribute, indexed here whether or not the database indexes a
    /// reference on its own, so that the measurement does not depend on it.
    static var indexedAttributes: [IndexedAttribute<BenchPokemon>] {
        [IndexedAttribute(\.speciesID)]
    }

    static var references: [ModelReference<BenchPokemon>] {
        [ModelReference(\.speciesID, to: BenchSpecies.self, onDelete: .cascade)]
    }
}

/// A note on a Pokémon: the third model of a transaction.
struct BenchNote: StorableModel, Hashable {
    var id: Int
    var pokemonID: Int
    var text: String

    enum CodingKeys: String, CodingKey {
        case id, text
        case pokemonID = "pokemon_id"
    }

    static let queryAttributes: AttributeMap<BenchNote> = [
        \.id: "id", \.pokemonID: "pokemon_id", \.text: "text",
    ]

    static var indexedAttributes: [IndexedAttribute<BenchNote>] {
        [IndexedAttribute(\.pokemonID)]
    }

    static var references: [ModelReference<BenchNote>] {
        [ModelReference(\.pokemonID, to: BenchPokemon.self, onDelete: .cascade)]
    }
}

/// A team: a fourth model, for a database of five.
struct BenchTeam: StorableModel, Hashable {
    var id: Int
    var name: String

    static let queryAttributes: AttributeMap<BenchTeam> = [\.id: "id", \.name: "name"]
}

/// A trainer: a fifth model, for a database of five.
struct BenchTrainer: StorableModel, Hashable {
    var id: Int
    var name: String
    var badges: Int

    static let queryAttributes: AttributeMap<BenchTrainer> = [
        \.id: "id", \.name: "name", \.badges: "badges",
    ]
}

extension Fixtures {
    /// The real species and Pokémon of `Data/pokeapi/all`: 1,025 species and 1,351 Pokémon,
    /// each Pokémon with its species' id, its types, its attack and its weight.
    static func speciesAndPokemon() throws -> (species: [BenchSpecies], pokemon: [BenchPokemon]) {
        struct Link: Decodable {
            var name: String
            var url: String
            var id: Int? { url.split(separator: "/").last.flatMap { Int($0) } }
        }
        struct SpeciesEntry: Decodable {
            var id: Int
            var name: String
            var is_legendary: Bool
            var is_mythical: Bool
            var generation: Link
        }
        struct PokemonEntry: Decodable {
            struct Slot: Decodable { var type: Link }
            struct Stat: Decodable {
                var base_stat: Int
                var stat: Link
            }
            var id: Int
            var name: String
            var types: [Slot]
            var stats: [Stat]
            var weight: Int
            var species: Link
        }
        let data = repository.appending(path: "Data/pokeapi/all")
        func entries<Entry: Decodable>(_ family: String, as _: Entry.Type) throws -> [Entry] {
            let folder = data.appending(path: family)
            return try FileManager.default.contentsOfDirectory(atPath: folder.path())
                .filter { $0.hasSuffix(".json") }
                .map {
                    try JSONDecoder().decode(
                        Entry.self, from: Data(contentsOf: folder.appending(path: $0)))
                }
        }
        let species = try entries("pokemon-species", as: SpeciesEntry.self).map { entry in
            BenchSpecies(
                id: entry.id, name: entry.name, isLegendary: entry.is_legendary,
                isMythical: entry.is_mythical,
                generation: entry.generation.url.split(separator: "/").last.flatMap { Int($0) } ?? 0
            )
        }.sorted { $0.id < $1.id }
        let pokemon = try entries("pokemon", as: PokemonEntry.self).map { entry in
            guard let speciesID = entry.species.id else {
                throw BenchmarkError.setup("pokemon \(entry.id) names no species id")
            }
            return BenchPokemon(
                id: entry.id, name: entry.name, speciesID: speciesID, speciesNumber: speciesID,
                types: entry.types.map(\.type.name),
                attack: entry.stats.first { $0.stat.name == "attack" }?.base_stat ?? 0,
                weight: entry.weight)
        }.sorted { $0.id < $1.id }
        guard species.count == 1_025, pokemon.count == 1_351 else {
            throw BenchmarkError.setup(
                "Data/pokeapi/all has \(species.count) species and \(pokemon.count) Pokémon, "
                    + "not 1,025 and 1,351")
        }
        return (species, pokemon)
    }

    /// `count` Pokémon: the 1,351 real ones repeated with fresh ids (`1...count`), each
    /// keeping its species, so that the ids referred to spread over every real species as
    /// the real varieties do.
    static func pokemon(_ count: Int, from originals: [BenchPokemon]) -> [BenchPokemon] {
        (0..<count).map { index in
            var record = originals[index % originals.count]
            record.id = index + 1
            if index >= originals.count { record.name += "-\(index / originals.count)" }
            return record
        }
    }
}
