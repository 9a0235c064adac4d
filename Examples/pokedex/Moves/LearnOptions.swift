import PokedexKit

/// The options of the commands about moves, each declared once: `moves`, `move` and `list`
/// take them.
enum LearnOptions {
    /// `--by METHOD`: how a Pokémon learns a move.
    static let method = Option<MoveLearnMethod?>(
        "by", "METHOD",
        help: "learned by \(CommandSpec.alternatives(methodNames))",
        absence: "any",
        convert: { text throws(InvalidValue) in
            let method = MoveLearnMethod(rawValue: NameMatcher.pokeAPIName(text))
            guard MoveLearnMethod.common.contains(method) else {
                throw InvalidValue(
                    "expects \(CommandSpec.alternatives(methodNames)), not '\(text)'."
                        + NameMatcher.didYouMean(
                            NameMatcher.closest(to: text, among: methodNames)))
            }
            return method
        })

    /// The methods `--by` takes, as it takes them.
    static let methodNames = MoveLearnMethod.common.map(\.rawValue)

    /// The version groups, oldest first, by which a learnset of several games shows the
    /// newest; one PokeAPI adds is newer than these.
    static let versionGroupOrder = [
        "red-blue", "yellow", "gold-silver", "crystal", "ruby-sapphire", "emerald",
        "firered-leafgreen", "colosseum", "xd", "diamond-pearl", "platinum",
        "heartgold-soulsilver", "black-white", "black-2-white-2", "x-y",
        "omega-ruby-alpha-sapphire", "sun-moon", "ultra-sun-ultra-moon",
        "lets-go-pikachu-lets-go-eevee", "sword-shield", "the-isle-of-armor",
        "the-crown-tundra", "brilliant-diamond-shining-pearl", "legends-arceus",
        "scarlet-violet", "the-teal-mask", "the-indigo-disk",
    ]

    /// The game a version group belongs to: a DLC's version group is its game's
    /// (`the-teal-mask` is `scarlet-violet`'s), any other its own.
    static func game(of versionGroup: String) -> String {
        dlcGames[versionGroup] ?? versionGroup
    }

    /// The DLC version groups and their games.
    private static let dlcGames = [
        "the-isle-of-armor": "sword-shield", "the-crown-tundra": "sword-shield",
        "the-teal-mask": "scarlet-violet", "the-indigo-disk": "scarlet-violet",
    ]

    /// The newest game of some version groups: by ``versionGroupOrder``, then by name.
    static func newestGame(_ versionGroups: some Sequence<String>) -> String? {
        versionGroups.map(game(of:)).max { lhs, rhs in
            let left = versionGroupOrder.firstIndex(of: lhs) ?? versionGroupOrder.count
            let right = versionGroupOrder.firstIndex(of: rhs) ?? versionGroupOrder.count
            return (left, lhs) < (right, rhs)
        }
    }
}
