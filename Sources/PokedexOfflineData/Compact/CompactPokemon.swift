import Foundation
import PokedexKit

/// `pokemon.json` of the bundle: every Pokémon as a row of values, which
/// `Scripts/make-offline-data.py` writes and this type reads.
///
/// ```
/// { "sprite_base": "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/",
///   "rows": [
///     [ 1, "bulbasaur", ["grass", "poison"], [45, 49, 49, 65, 65, 45], "1.png", "shiny/1.png",
///       7, 69, 64, [["overgrow", false, 1], ["chlorophyll", true, 3]], 1 ], … ] }
/// ```
///
/// A row is: id, name, types in slot order, the six base stats (hp, attack, defense, special
/// attack, special defense, speed), the front and shiny sprites (`null`, a URL, or a path
/// relative to `sprite_base`), height, weight, base experience (or `null`), abilities as
/// `[name, is hidden, slot]`, and the species' id.
struct CompactPokemonFile: Decodable {
    /// Every Pokémon, in id order.
    var pokemon: [FetchedPokemon]

    enum CodingKeys: String, CodingKey {
        case spriteBase = "sprite_base"
        case rows
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let base = try container.decode(String.self, forKey: .spriteBase)
        var rows = try container.nestedUnkeyedContainer(forKey: .rows)
        var pokemon: [FetchedPokemon] = []
        while !rows.isAtEnd {
            var row = try rows.nestedUnkeyedContainer()
            pokemon.append(try Self.pokemon(from: &row, spriteBase: base))
        }
        self.pokemon = pokemon
    }

    /// Reads one row.
    private static func pokemon(
        from row: inout any UnkeyedDecodingContainer, spriteBase: String
    ) throws -> FetchedPokemon {
        let id = try row.decode(Int.self)
        let name = try row.decode(String.self)
        let types = try row.decode([PokemonType].self)
        let stats = try row.decode([Int].self)
        guard stats.count == 6 else {
            throw DecodingError.dataCorruptedError(
                in: row, debugDescription: "Pokémon \(id) has \(stats.count) base stats, not 6.")
        }
        let sprite = try spriteURL(row.decodeIfPresent(String.self), base: spriteBase, in: row)
        let shiny = try spriteURL(row.decodeIfPresent(String.self), base: spriteBase, in: row)
        let height = try row.decode(Int.self)
        let weight = try row.decode(Int.self)
        let baseExperience = try row.decodeIfPresent(Int.self)
        var abilityRows = try row.nestedUnkeyedContainer()
        var abilities: [FetchedPokemon.Ability] = []
        while !abilityRows.isAtEnd {
            var ability = try abilityRows.nestedUnkeyedContainer()
            abilities.append(
                FetchedPokemon.Ability(
                    name: try ability.decode(String.self),
                    isHidden: try ability.decode(Bool.self),
                    slot: try ability.decode(Int.self)))
        }
        return FetchedPokemon(
            id: id, name: name, types: types, hp: stats[0], attack: stats[1],
            defense: stats[2], specialAttack: stats[3], specialDefense: stats[4], speed: stats[5],
            sprite: sprite, shiny: shiny, height: height, weight: weight,
            baseExperience: baseExperience, abilities: abilities,
            speciesID: try row.decodeIfPresent(Int.self))
    }

    /// A sprite's URL: absolute as written, or relative to the file's base.
    private static func spriteURL(
        _ text: String?, base: String, in row: any UnkeyedDecodingContainer
    ) throws -> URL? {
        guard let text else { return nil }
        let absolute = text.hasPrefix("https://") || text.hasPrefix("http://") ? text : base + text
        guard let url = URL(string: absolute) else {
            throw DecodingError.dataCorruptedError(
                in: row, debugDescription: "The sprite \"\(text)\" is not a valid URL.")
        }
        return url
    }
}
