import ModelStorage

// A `PokemonAbility` is kept in any `ModelStore`: its id is the PokeAPI id, its stored form
// the PokeAPI shape of `PokemonAbility+Codable.swift`. Schema version 2: `search_texts`.
extension PokemonAbility: StorableModel {
    /// The table's name in a database store: `ability`.
    public static var storageName: String { "ability" }

    /// The attribute every store indexes: `name`, by which a Pokémon names its abilities.
    public static var indexedAttributes: [IndexedAttribute<PokemonAbility>] {
        [IndexedAttribute(\.name)]
    }

    /// Version 2 added the attribute `search_texts` (its names, effects and latest descriptions), computed from
    /// what version 1 stores: its records migrate unchanged, and a database store adds the
    /// column.
    public static var schemaVersion: Int { 2 }

    /// From version 1: nothing to change in a record; `search_texts` is computed.
    public static var migrations: [SchemaMigration] {
        [SchemaMigration(from: 1) { _ in }]
    }

    /// ``PokedexSearchable/searchTexts``, so that ``Pokedex/search(_:language:limit:)`` is
    /// answered from each store's word index.
    public static var searchableAttributes: [SearchableAttribute<PokemonAbility>] {
        [SearchableAttribute(\.searchTexts)]
    }
}
