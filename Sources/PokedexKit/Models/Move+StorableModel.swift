import ModelStorage

// A `Move` is kept in any `ModelStore`: its id is the PokeAPI id, its stored form the PokeAPI
// shape of `Move+Codable.swift`. Schema version 1, no migrations yet.
extension Move: StorableModel {
    /// The table's name in a database store: `move`.
    public static var storageName: String { "move" }

    /// The attribute every store indexes: `name`, by which a move is looked up.
    public static var indexedAttributes: [IndexedAttribute<Move>] {
        [IndexedAttribute(\.name)]
    }
}
