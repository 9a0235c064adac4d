/// One way a Pokémon learns a move in one game: a row of its learnset, joining a ``Pokemon``
/// to a ``Move``.
///
/// A Pokémon learns many moves and a move is learned by many Pokémon: the learnset is the
/// join between them, one record for each Pokémon, move, method, level and version group,
/// each referring to both. A sync keeps a Pokémon's entries with it
/// (``FetchedPokemon/learnset``), and the ``Pokedex`` answers from them:
///
/// ```swift
/// let charizard = try await pokedex.learnset(ofPokemon: 6)
/// charizard[.levelUp].map(\.move.displayName)       // ["Air Slash", "Dragon Claw", …]
/// let learners = try await pokedex.learners(ofMove: 89, by: .machine)   // Earthquake by TM
/// ```
///
/// Its stored form is a flat JSON object whose keys are the attribute names of its
/// `Queryable` mapping (`id`, `pokemon_id`, `move_id`, `method`, `level`, `version_group`).
public struct LearnsetEntry: Hashable, Sendable, Identifiable, Codable {
    /// The record's id, made of its facts so that syncing the same entry twice writes one
    /// record: `"6:53:level-up:30:scarlet-violet"` (see
    /// ``makeID(pokemonID:moveID:method:level:versionGroup:)``).
    public var id: String
    /// The id of the ``Pokemon`` that learns the move.
    public var pokemonID: Int
    /// The id of the ``Move`` it learns.
    public var moveID: Int
    /// How it learns it.
    public var method: MoveLearnMethod
    /// The level at which it learns it by ``MoveLearnMethod/levelUp``: 1 for a move it knows
    /// from the start, 0 for one it learns on evolving; 0 for every other method.
    public var level: Int
    /// The PokeAPI name of the version group (the games) the entry holds for, such as
    /// `"scarlet-violet"`.
    public var versionGroup: String

    /// Creates an entry, its id made of its facts.
    ///
    /// - Parameters:
    ///   - pokemonID: The id of the Pokémon that learns the move.
    ///   - moveID: The id of the move.
    ///   - method: How it learns it.
    ///   - level: The level, for ``MoveLearnMethod/levelUp``; 0 otherwise.
    ///   - versionGroup: The version group's PokeAPI name.
    public init(
        pokemonID: Int, moveID: Int, method: MoveLearnMethod, level: Int = 0,
        versionGroup: String
    ) {
        self.id = Self.makeID(
            pokemonID: pokemonID, moveID: moveID, method: method, level: level,
            versionGroup: versionGroup)
        self.pokemonID = pokemonID
        self.moveID = moveID
        self.method = method
        self.level = level
        self.versionGroup = versionGroup
    }

    /// The id of the entry with these facts: `"pokemon:move:method:level:version-group"`.
    ///
    /// - Parameters:
    ///   - pokemonID: The Pokémon's id.
    ///   - moveID: The move's id.
    ///   - method: How it learns it.
    ///   - level: The level.
    ///   - versionGroup: The version group's name.
    /// - Returns: The id.
    public static func makeID(
        pokemonID: Int, moveID: Int, method: MoveLearnMethod, level: Int, versionGroup: String
    ) -> String {
        "\(pokemonID):\(moveID):\(method.rawValue):\(level):\(versionGroup)"
    }

    /// The keys of the stored form, which are also the record's attribute names.
    enum CodingKeys: String, CodingKey {
        case id, method, level
        case pokemonID = "pokemon_id"
        case moveID = "move_id"
        case versionGroup = "version_group"
    }
}
