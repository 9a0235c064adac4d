import ModelStorage

// A `LearnsetEntry` is kept in any `ModelStore`: its id is made of its facts, its stored form
// the flat object of its `CodingKeys`. Schema version 1, no migrations yet.
extension LearnsetEntry: StorableModel {
    /// The table's name in a database store: `learnset`.
    public static var storageName: String { "learnset" }

    /// An entry refers to the Pokémon that learns the move and to the move.
    ///
    /// Deleting a Pokémon deletes its learnset (`.cascade`); deleting a move that a Pokémon
    /// learns is refused (`.deny`), so that no learnset names a move the database lacks. An
    /// entry of a Pokémon or a move that is not stored is refused.
    public static var references: [ModelReference<LearnsetEntry>] {
        [
            ModelReference(\.pokemonID, to: Pokemon.self, onDelete: .cascade),
            ModelReference(\.moveID, to: Move.self, onDelete: .deny),
        ]
    }

    /// The attributes every store indexes: `pokemon_id` and `move_id`, by which a Pokémon's
    /// learnset and a move's learners are found (the references index them too).
    public static var indexedAttributes: [IndexedAttribute<LearnsetEntry>] {
        [IndexedAttribute(\.pokemonID), IndexedAttribute(\.moveID)]
    }
}
