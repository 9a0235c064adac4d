import ModelStorage

// A `Move` is kept in any `ModelStore`: its id is the PokeAPI id, its stored form the PokeAPI
// shape of `Move+Codable.swift`. Schema version 2: `search_texts`.
extension Move: StorableModel {
    /// The table's name in a database store: `move`.
    public static var storageName: String { "move" }

    /// The attribute every store indexes: `name`, by which a move is looked up.
    public static var indexedAttributes: [IndexedAttribute<Move>] {
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
    public static var searchableAttributes: [SearchableAttribute<Move>] {
        [SearchableAttribute(\.searchTexts)]
    }
}
