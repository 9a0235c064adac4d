import PokedexKit

/// A move as `GET /moves/{id or name}` sends it: its numbers, its texts in the language asked
/// for, and the Pokémon that learn it.
struct MoveDocument: Encodable, Sendable {
    /// One Pokémon that learns the move, and how.
    struct Learner: Encodable, Sendable {
        /// The Pokémon's id.
        var id: Int
        /// Its PokeAPI name.
        var name: String
        /// Each way it learns the move: the method, and the level for level-up (0 for on
        /// evolving).
        var methods: [LearnedBy]
    }

    /// How a Pokémon learns a move.
    struct LearnedBy: Encodable, Sendable {
        /// The method: `level-up`, `machine`, `egg`, `tutor` or another of PokeAPI's.
        var method: String
        /// The level, for level-up.
        var level: Int?
        /// The version group the data is for.
        var versionGroup: String
    }

    var id: Int
    var name: String
    var displayName: TranslatedText?
    var type: PokemonType
    var power: Int?
    var accuracy: Int?
    var pp: Int?
    var priority: Int
    var damageClass: String?
    var target: String
    var effectChance: Int?
    var effect: TranslatedText?
    var shortEffect: TranslatedText?
    var flavorText: TranslatedText?
    var generation: Int
    var learners: [Learner]

    /// The document of a move and its learners, its texts in a language.
    init(_ move: Move, learners: [MoveLearner], language: PokedexLanguage) {
        id = move.id
        name = move.name
        displayName = move.name(in: language)
        type = move.type
        power = move.power
        accuracy = move.accuracy
        pp = move.pp
        priority = move.priority
        damageClass = move.damageClass
        target = move.target
        effectChance = move.effectChance
        effect = move.effect(in: language)
        shortEffect = move.shortEffect(in: language)
        flavorText = move.flavorText(in: language)
        generation = move.generation
        self.learners = learners.map { learner in
            Learner(
                id: learner.pokemon.id, name: learner.pokemon.name,
                methods: learner.entries.map(LearnedBy.init))
        }
    }
}

extension MoveDocument.LearnedBy {
    /// How a learnset entry says its Pokémon learns its move.
    init(_ entry: LearnsetEntry) {
        self.init(
            method: entry.method.rawValue, level: entry.method == .levelUp ? entry.level : nil,
            versionGroup: entry.versionGroup)
    }
}
