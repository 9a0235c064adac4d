import ModelStorage

// A `Pokemon` is kept in any `ModelStore`: its id is the PokeAPI id, its stored form the flat
// object of `Pokemon+Codable.swift`, and its attributes for merges are that object's keys —
// so a refreshing sync, which saves `refresh(from:)` with `.mergeByPropertyStoreTrump`, never
// clobbers a legacy `favorite` flag set in between.
extension Pokemon: StorableModel {
    /// Version 2 added `species_id`, the link to the Pokémon's species, and
    /// `hidden_ability`.
    public static var schemaVersion: Int { 2 }

    /// From version 1: `species_id` and `hidden_ability` are `null`, not known, until a sync
    /// fetches the Pokémon again (``Pokedex/sync(_:mode:)`` does so for every record without
    /// its species).
    public static var migrations: [SchemaMigration] {
        [
            SchemaMigration(from: 1) { record in
                record["hidden_ability"] = JSONValue.null
                record["species_id"] = JSONValue.null
            }
        ]
    }

    /// The attributes every store indexes: those the `pokedex` command and apps select by.
    ///
    /// - `name`: a Pokémon is looked up by name (`name == "pikachu"`) and by the start of its
    ///   name (`hasPrefix`), far more often than by anything else but its id.
    /// - `attack`: the strongest are listed by attack ranges (`attack >= 80`), the query the
    ///   benchmarks and the `list` examples lead with.
    /// - `favorite`: the legacy flag, selected `favorite == true` (usually a handful among
    ///   hundreds) by ``Pokedex/migrateLegacyFavorites()`` on each open, and by code written
    ///   against earlier versions.
    public static var indexedAttributes: [IndexedAttribute<Pokemon>] {
        [IndexedAttribute(\.name), IndexedAttribute(\.attack), IndexedAttribute(\.favorite)]
    }
}
