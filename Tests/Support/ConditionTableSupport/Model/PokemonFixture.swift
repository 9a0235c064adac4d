import Foundation
import KeyPathQuery

/// The Pokémon the condition table runs on, in every target.
///
/// The 151 generation-one Pokémon and the 41 edge cases of `Fixtures/pokemon.json`, as real
/// PokeAPI data (see `Fixtures/README.md`), plus a few synthetic records: each is a copy of a
/// real one with only its name (and id) changed, to put unicode, quotes, `%`, `_` and wildcard
/// characters where conditions can find them. `favorite`, the user's own data, is set on every
/// third id so that Boolean conditions have something to find. Each refers to its species
/// (``Pokemon/speciesID``, from `Fixtures/species.json`), except the synthetic records that
/// ``syntheticSpeciesIDs`` leaves without one.
package enum PokemonFixture {
    /// The synthetic records: an id above every real one, the real record it copies, and its
    /// new name.
    package static let synthetic: [(id: Int, copyOf: Int, name: String)] = [
        (90_001, 669, "Flabébé"),  // precomposed é, as the games spell it
        (90_002, 25, "O'Brien \"%@\""),  // quotes and a format specifier
        (90_003, 132, "100% _pure*?[x]"),  // SQL LIKE, GLOB and NSPredicate wildcards
        (90_004, 1, "Straße"),  // ß folds to "ss" when case is ignored
        (90_005, 150, "MEWTWO-X"),  // upper case, for case-insensitive tests
        (90_006, 7, #"SQUIRTLE\*?"#),  // a backslash before wildcards, in upper case
    ]

    /// The species each synthetic record refers to; the others refer to none, so that
    /// conditions through ``Pokemon/speciesID`` meet `nil`.
    package static let syntheticSpeciesIDs: [Int: Int] = [90_001: 669, 90_004: 1, 90_005: 150]

    /// What the fixture's loading found: a missing resource, a copied id that is absent, or a
    /// variety named by two species.
    package struct LoadingError: Error, CustomStringConvertible {
        package let description: String
    }

    /// A species as `species.json` stores it: its attributes and the ids of its varieties
    /// among the table's Pokémon.
    private struct SpeciesEntry: Decodable {
        var species: Species
        var varieties: [Int]

        private enum CodingKeys: String, CodingKey {
            case varieties
        }

        init(from decoder: any Decoder) throws {
            species = try Species(from: decoder)
            varieties = try decoder.container(keyedBy: CodingKeys.self)
                .decode([Int].self, forKey: .varieties)
        }
    }

    private static let loaded = Result { () throws -> (pokemon: [Pokemon], species: [Species]) in
        let entries = try JSONDecoder().decode([SpeciesEntry].self, from: resource("species"))
        var speciesIDs = syntheticSpeciesIDs
        for entry in entries {
            for variety in entry.varieties {
                guard speciesIDs.updateValue(entry.species.id, forKey: variety) == nil else {
                    throw LoadingError(description: "Pokémon \(variety) has two species")
                }
            }
        }
        var pokemon = try JSONDecoder().decode([Pokemon].self, from: resource("pokemon"))
        for (id, original, name) in synthetic {
            guard var copy = pokemon.first(where: { $0.id == original }) else {
                throw LoadingError(description: "the fixture has no Pokémon \(original) to copy")
            }
            copy.id = id
            copy.name = name
            pokemon.append(copy)
        }
        for index in pokemon.indices {
            pokemon[index].favorite = pokemon[index].id.isMultiple(of: 3)
            pokemon[index].speciesID = speciesIDs[pokemon[index].id]
        }
        return (pokemon, entries.map(\.species))
    }

    /// A JSON file of the bundle's fixtures.
    private static func resource(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json") else {
            throw LoadingError(description: "\(name).json is missing from the bundle")
        }
        return try Data(contentsOf: url)
    }

    /// Every record, fixtures first in id order, then the synthetic ones.
    package static func pokemon() throws -> [Pokemon] {
        try loaded.get().pokemon
    }

    /// The species of the table's Pokémon, and four that none of them refers to (pichu,
    /// raikou, celebi and meltan), in id order.
    package static func species() throws -> [Species] {
        try loaded.get().species
    }
}
