import Foundation
import KeyPathQuery

/// The Pokémon the condition table runs on, in every target.
///
/// The 151 generation-one Pokémon and the 41 edge cases of `Fixtures/pokemon.json`, as real
/// PokeAPI data (see `Fixtures/README.md`), plus a few synthetic records: each is a copy of a
/// real one with only its name (and id) changed, to put unicode, quotes, `%`, `_` and wildcard
/// characters where conditions can find them. `favorite`, the user's own data, is set on every
/// third id so that Boolean conditions have something to find.
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

    /// What the fixture's loading found: a missing resource or a copied id that is absent.
    package struct LoadingError: Error, CustomStringConvertible {
        package let description: String
    }

    private static let loaded = Result { () throws -> [Pokemon] in
        guard
            let fixture = Bundle.module.url(
                forResource: "pokemon", withExtension: "json")
        else {
            throw LoadingError(description: "pokemon.json is missing from the bundle")
        }
        var pokemon = try JSONDecoder().decode([Pokemon].self, from: Data(contentsOf: fixture))
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
        }
        return pokemon
    }

    /// Every record, fixtures first in id order, then the synthetic ones.
    package static func pokemon() throws -> [Pokemon] {
        try loaded.get()
    }
}
