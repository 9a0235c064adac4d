/// A Pokémon that learns a move, with the ways it learns it: what
/// ``Pokedex/learners(ofMove:by:)`` answers.
public struct MoveLearner: Hashable, Sendable {
    /// The Pokémon.
    public var pokemon: Pokemon
    /// Its learnset entries for the move, by method, level-up ones by level.
    public var entries: [LearnsetEntry]

    /// Creates a learner.
    ///
    /// - Parameters:
    ///   - pokemon: The Pokémon.
    ///   - entries: Its entries for the move.
    public init(pokemon: Pokemon, entries: [LearnsetEntry]) {
        self.pokemon = pokemon
        self.entries = entries
    }
}
