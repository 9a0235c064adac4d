/// What a Pokédex search found, by kind, each kind in id order: entries (species), moves
/// and abilities.
public struct PokedexSearchResults: Hashable, Sendable, Codable {
    /// The search, as parsed: its words, folded.
    public var words: [String]
    /// The species found.
    public var species: [PokedexSearchHit]
    /// The moves found; empty when the Pokédex keeps no moves.
    public var moves: [PokedexSearchHit]
    /// The abilities found; empty when the Pokédex keeps no abilities.
    public var abilities: [PokedexSearchHit]
    /// How many of each kind match in all, the hits past the limit included.
    public var counts = Counts()

    /// How many resources of each kind a search matches.
    public struct Counts: Hashable, Sendable, Codable {
        /// The species that match.
        public var species = 0
        /// The moves that match.
        public var moves = 0
        /// The abilities that match.
        public var abilities = 0

        /// Creates counts.
        ///
        /// - Parameters:
        ///   - species: The species that match.
        ///   - moves: The moves that match.
        ///   - abilities: The abilities that match.
        public init(species: Int = 0, moves: Int = 0, abilities: Int = 0) {
            self.species = species
            self.moves = moves
            self.abilities = abilities
        }
    }

    /// Creates results.
    ///
    /// - Parameters:
    ///   - words: The search's words.
    ///   - species: The species found.
    ///   - moves: The moves found.
    ///   - abilities: The abilities found.
    ///   - counts: How many of each kind match in all; the hits' numbers by default.
    public init(
        words: [String], species: [PokedexSearchHit] = [], moves: [PokedexSearchHit] = [],
        abilities: [PokedexSearchHit] = [], counts: Counts? = nil
    ) {
        self.words = words
        self.species = species
        self.moves = moves
        self.abilities = abilities
        self.counts =
            counts ?? Counts(species: species.count, moves: moves.count, abilities: abilities.count)
    }

    /// Every hit: the species, then the moves, then the abilities.
    public var all: [PokedexSearchHit] { species + moves + abilities }

    /// Whether nothing was found.
    public var isEmpty: Bool { species.isEmpty && moves.isEmpty && abilities.isEmpty }
}
