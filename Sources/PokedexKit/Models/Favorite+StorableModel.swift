import ModelStorage

// A `Favorite` is kept in any `ModelStore`: its id is a UUID string, its stored form the flat
// object of its `CodingKeys`. Schema version 1, no migrations yet.
extension Favorite: StorableModel {
    /// The favorites' stores keep a change history, with tombstones for the deleted ones, so
    /// that a replica can push and pull what changed since it last looked.
    public static var changeHistory: ChangeHistory? { ChangeHistory() }

    /// A favorite refers to the Pokémon it marks; deleting the Pokémon deletes its
    /// favorites (`.cascade`), and a favorite of a Pokémon that is not stored is refused.
    public static var references: [ModelReference<Favorite>] {
        [ModelReference(\.pokemonID, to: Pokemon.self, onDelete: .cascade)]
    }

    /// The attributes every store indexes: `pokemon_id`, by which a Pokémon's favorites are
    /// found (the reference indexes it too), and `user_id`, by which a server selects one
    /// user's records, compared exactly (no folded values kept for it).
    public static var indexedAttributes: [IndexedAttribute<Favorite>] {
        [IndexedAttribute(\.pokemonID), IndexedAttribute(\.userID, foldingText: false)]
    }
}
