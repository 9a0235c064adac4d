/// The moves a Pokémon learns, grouped by how it learns them: what
/// ``Pokedex/learnset(ofPokemon:)`` answers.
///
/// Groups come in the order of ``MoveLearnMethod``'s `<`: level-up, machine, egg, tutor, then
/// any other method by name. Level-up moves are in level order (a move learned on evolving,
/// level 0, first), the others by name:
///
/// ```swift
/// let learnset = try await pokedex.learnset(ofPokemon: 6)
/// for group in learnset.groups {
///     print(group.method.displayName, group.moves.map(\.move.displayName))
/// }
/// learnset[.egg].count
/// ```
public struct Learnset: Hashable, Sendable {
    /// A move of a learnset with the entry that says how the Pokémon learns it.
    public struct LearnedMove: Hashable, Sendable {
        /// How, when and in which game the Pokémon learns the move.
        public var entry: LearnsetEntry
        /// The move.
        public var move: Move

        /// Creates a learned move.
        ///
        /// - Parameters:
        ///   - entry: The learnset entry.
        ///   - move: The move it refers to.
        public init(entry: LearnsetEntry, move: Move) {
            self.entry = entry
            self.move = move
        }
    }

    /// The moves a Pokémon learns by one method.
    public struct Group: Hashable, Sendable {
        /// The method.
        public var method: MoveLearnMethod
        /// The moves, level-up ones in level order, the others by name.
        public var moves: [LearnedMove]

        /// Creates a group.
        ///
        /// - Parameters:
        ///   - method: The method.
        ///   - moves: The moves, in order.
        public init(method: MoveLearnMethod, moves: [LearnedMove]) {
            self.method = method
            self.moves = moves
        }
    }

    /// The id of the Pokémon.
    public var pokemonID: Int
    /// The groups, one per method the Pokémon learns moves by, in the methods' order.
    public var groups: [Group]

    /// Groups learned moves by method, in the order this type documents.
    ///
    /// - Parameters:
    ///   - pokemonID: The Pokémon's id.
    ///   - moves: Its learned moves, in any order.
    public init(pokemonID: Int, moves: [LearnedMove]) {
        self.pokemonID = pokemonID
        let byMethod = Dictionary(grouping: moves, by: \.entry.method)
        groups = byMethod.keys.sorted().map { method in
            Group(method: method, moves: (byMethod[method] ?? []).sorted(by: Self.precedes))
        }
    }

    /// The moves learned by a method, in the group's order; none when it learns none so.
    ///
    /// - Parameter method: The method.
    public subscript(method: MoveLearnMethod) -> [LearnedMove] {
        groups.first { $0.method == method }?.moves ?? []
    }

    /// Whether the Pokémon learns no move: none is stored.
    public var isEmpty: Bool { groups.isEmpty }

    /// The number of entries, every method's.
    public var count: Int { groups.reduce(0) { $0 + $1.moves.count } }

    /// The order of a group: by level, then by name, then by id.
    static func precedes(_ lhs: LearnedMove, _ rhs: LearnedMove) -> Bool {
        (lhs.entry.level, lhs.move.displayName, lhs.move.id)
            < (rhs.entry.level, rhs.move.displayName, rhs.move.id)
    }
}
