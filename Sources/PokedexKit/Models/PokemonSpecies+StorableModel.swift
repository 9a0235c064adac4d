import ModelStorage

// A `PokemonSpecies` is kept in any `ModelStore`: its id is the PokeAPI id, its stored form
// the PokeAPI shape of `PokemonSpecies+Codable.swift`. Schema version 2: `search_texts`.
extension PokemonSpecies: StorableModel {
    /// The table's name in a database store: `pokemon_species`.
    public static var storageName: String { "pokemon_species" }

    /// The attributes every store indexes: `name`, by which a species is looked up, and
    /// `generation`, by which the Pokédex is listed.
    public static var indexedAttributes: [IndexedAttribute<PokemonSpecies>] {
        [IndexedAttribute(\.name), IndexedAttribute(\.generation)]
    }

    /// Version 2 added the attribute `search_texts` (its names, genera and latest descriptions), computed from
    /// what version 1 stores: its records migrate unchanged, and a database store adds the
    /// column.
    public static var schemaVersion: Int { 2 }

    /// From version 1: nothing to change in a record; `search_texts` is computed.
    public static var migrations: [SchemaMigration] {
        [SchemaMigration(from: 1) { _ in }]
    }

    /// ``PokedexSearchable/searchTexts``, so that ``Pokedex/search(_:language:limit:)`` is
    /// answered from each store's word index.
    public static var searchableAttributes: [SearchableAttribute<PokemonSpecies>] {
        [SearchableAttribute(\.searchTexts)]
    }
}
