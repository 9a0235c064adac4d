import ModelStorage

// A `PokemonAbility` is kept in any `ModelStore`: its id is the PokeAPI id, its stored form
// the PokeAPI shape of `PokemonAbility+Codable.swift`. Schema version 1, no migrations yet.
extension PokemonAbility: StorableModel {
    /// The table's name in a database store: `ability`.
    public static var storageName: String { "ability" }

    /// The attribute every store indexes: `name`, by which a Pokémon names its abilities.
    public static var indexedAttributes: [IndexedAttribute<PokemonAbility>] {
        [IndexedAttribute(\.name)]
    }
}
