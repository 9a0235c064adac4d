import ModelStorage

// A `PokemonTypeDetails` is kept in any `ModelStore`: its id is the PokeAPI id, its stored
// form the PokeAPI shape of `PokemonTypeDetails+Codable.swift`. Schema version 1, no
// migrations yet.
extension PokemonTypeDetails: StorableModel {
    /// The table's name in a database store: `pokemon_type`.
    public static var storageName: String { "pokemon_type" }

    /// The attribute every store indexes: `name`, by which a type is looked up.
    public static var indexedAttributes: [IndexedAttribute<PokemonTypeDetails>] {
        [IndexedAttribute(\.name)]
    }
}
