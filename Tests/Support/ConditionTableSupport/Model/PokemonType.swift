import KeyPathQuery

/// A Pokémon's type, named as PokeAPI names it: the 18 types of the main series, which are
/// all that the fixture holds.
package enum PokemonType: String, Hashable, Sendable, Codable, QueryTextConvertible {
    case normal, fighting, flying, poison, ground, rock, bug, ghost, steel
    case fire, water, grass, electric, psychic, ice, dragon, dark, fairy
}
