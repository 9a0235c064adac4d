import ModelStorage

// A `Pokemon` is kept in any `ModelStore`: its id is the PokeAPI id, its stored form the flat
// object of `Pokemon+Codable.swift`, and its attributes for merges are that object's keys —
// so a refreshing sync, which saves `refresh(from:)` with `.mergeByPropertyStoreTrump`, never
// clobbers a `favorite` the user set in between. Schema version 1, no migrations yet.
extension Pokemon: StorableModel {
    /// The attributes every store indexes: those the `pokedex` command and apps select by.
    ///
    /// - `name`: a Pokémon is looked up by name (`name == "pikachu"`) and by the start of its
    ///   name (`hasPrefix`), far more often than by anything else but its id.
    /// - `attack`: the strongest are listed by attack ranges (`attack >= 80`), the query the
    ///   benchmarks and the `list` examples lead with.
    /// - `favorite`: `pokedex list --favorites` and the apps' favorites screens select
    ///   `favorite == true`, usually a handful among hundreds.
    public static var indexedAttributes: [IndexedAttribute<Pokemon>] {
        [IndexedAttribute(\.name), IndexedAttribute(\.attack), IndexedAttribute(\.favorite)]
    }
}
