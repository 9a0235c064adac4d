import Foundation
import KeyPathQuery

/// A Pokémon with the shape of PokedexKit's `Pokemon`, for the tests that run on real data.
///
/// The same properties under the same attribute names (`special_attack`, `base_experience`,
/// …), decoded from the same stored form, so that conditions on it render and select exactly
/// as they do on PokedexKit's model, without these tests depending on PokedexKit. The records
/// come from `Fixtures/pokemon.json` (see ``PokedexDataset``).
package struct Pokemon: Hashable, Sendable, Codable, Queryable {
    /// The PokeAPI id.
    package var id: Int
    /// The lower-case PokeAPI name, such as `"charizard"`.
    package var name: String
    /// The types, primary first.
    package var types: [PokemonType]
    /// The base hit points.
    package var hp: Int
    /// The base attack.
    package var attack: Int
    /// The base defense.
    package var defense: Int
    /// The base special attack.
    package var specialAttack: Int
    /// The base special defense.
    package var specialDefense: Int
    /// The base speed.
    package var speed: Int
    /// The front sprite's URL, if the service has one.
    package var sprite: URL?
    /// The shiny front sprite's URL, if the service has one.
    package var shiny: URL?
    /// The height in decimetres.
    package var height: Int
    /// The weight in hectograms.
    package var weight: Int
    /// The base experience, if the service has one.
    package var baseExperience: Int?
    /// The names of the abilities, in slot order.
    package var abilities: [String]
    /// The user's own data: not in the fixture, so `false` until a test sets it.
    package var favorite = false
    /// The id of the ``Species`` the Pokémon is a variety of, or `nil` for none: not in
    /// `pokemon.json` (PokedexKit's `Pokemon` has no such attribute) but read from the
    /// varieties of `species.json`, and set by ``PokemonFixture``.
    package var speciesID: Int? = nil

    /// The keys of the stored form: the attribute names, `favorite` and `speciesID` left out.
    enum CodingKeys: String, CodingKey {
        case id, name, types, hp, attack, defense, speed, sprite, shiny, height, weight
        case abilities
        case specialAttack = "special_attack"
        case specialDefense = "special_defense"
        case baseExperience = "base_experience"
    }

    package static let queryAttributes: AttributeMap<Pokemon> = [
        \.id: "id",
        \.name: "name",
        \.types: "types",
        \.hp: "hp",
        \.attack: "attack",
        \.defense: "defense",
        \.specialAttack: "special_attack",
        \.specialDefense: "special_defense",
        \.speed: "speed",
        \.sprite: "sprite",
        \.shiny: "shiny",
        \.height: "height",
        \.weight: "weight",
        \.baseExperience: "base_experience",
        \.abilities: "abilities",
        \.favorite: "favorite",
        \.speciesID: "species_id",
    ]
}
