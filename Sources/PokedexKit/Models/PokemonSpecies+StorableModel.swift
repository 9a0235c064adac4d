import ModelStorage

// A `PokemonSpecies` is kept in any `ModelStore`: its id is the PokeAPI id, its stored form
// the PokeAPI shape of `PokemonSpecies+Codable.swift`. Schema version 1, no migrations yet.
extension PokemonSpecies: StorableModel {
    /// The table's name in a database store: `pokemon_species`.
    public static var storageName: String { "pokemon_species" }

    /// The attributes every store indexes: `name`, by which a species is looked up, and
    /// `generation`, by which the Pokédex is listed.
    public static var indexedAttributes: [IndexedAttribute<PokemonSpecies>] {
        [IndexedAttribute(\.name), IndexedAttribute(\.generation)]
    }
}
