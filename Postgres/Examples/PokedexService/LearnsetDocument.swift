import PokedexKit

/// A Pokémon's learnset as `GET /pokemon/{id}/moves` sends it: its moves by method, level-up
/// in level order, each move's name in the language asked for.
struct LearnsetDocument: Encodable, Sendable {
    /// The moves learned one way.
    struct Group: Encodable, Sendable {
        /// The method: `level-up`, `machine`, `egg`, `tutor` or another of PokeAPI's.
        var method: String
        /// The moves, level-up ones in level order, the others by name.
        var moves: [LearnedMove]
    }

    /// One move of a group.
    struct LearnedMove: Encodable, Sendable {
        var id: Int
        var name: String
        var displayName: TranslatedText?
        var type: PokemonType
        var damageClass: String?
        var power: Int?
        var accuracy: Int?
        /// The level, for level-up (0 for on evolving).
        var level: Int?
        var versionGroup: String
    }

    var pokemonID: Int
    var pokemonName: String
    var count: Int
    var groups: [Group]

    /// The document of a Pokémon's learnset, the moves' names in a language.
    init(pokemon: Pokemon, learnset: Learnset, language: PokedexLanguage) {
        pokemonID = pokemon.id
        pokemonName = pokemon.name
        count = learnset.count
        groups = learnset.groups.map { group in
            Group(
                method: group.method.rawValue,
                moves: group.moves.map { learned in
                    LearnedMove(
                        id: learned.move.id, name: learned.move.name,
                        displayName: learned.move.name(in: language), type: learned.move.type,
                        damageClass: learned.move.damageClass, power: learned.move.power,
                        accuracy: learned.move.accuracy,
                        level: group.method == .levelUp ? learned.entry.level : nil,
                        versionGroup: learned.entry.versionGroup)
                })
        }
    }
}
