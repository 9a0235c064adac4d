import PokedexKit

/// `pokedex favorite <id|name> [--off]`: marks a stored Pokémon a favorite, or not; the
/// Pokémon is found as `show` finds it (``PokemonFinder``).
struct FavoriteCommand: Command {
    static let spec = CommandSpec(
        name: "favorite",
        summary: "Mark a stored Pokémon a favorite, or not with --off.",
        positionals: [
            Positional(
                placeholder: "<id|name>",
                help: "the Pokémon's number or name; display names, case and accents ignored")
        ],
        options: [
            .option(Options.off), .option(CommonOptions.store),
            .option(CommonOptions.lockTimeout),
        ])

    /// The options of `favorite` alone.
    enum Options {
        /// `--off`: no longer a favorite.
        static let off = Option.flag("off", help: "unmark it: no longer a favorite")
    }

    let idOrName: String
    let isFavorite: Bool
    let location: StoreChoice
    let lockTimeout: Duration

    init(_ arguments: Arguments) throws(UsageError) {
        idOrName = try arguments.required(0, "<id|name>")
        guard !NameMatcher.key(idOrName).isEmpty else {
            throw UsageError("'\(idOrName)' is neither a number nor a name")
        }
        isFavorite = !arguments[Options.off]
        location = StoreChoice(arguments)
        lockTimeout = arguments[CommonOptions.lockTimeout]
    }

    func run() async throws {
        let store = try await OpenedStore.forWriting(location, lockTimeout: lockTimeout)
        let (idOrName, isFavorite) = (self.idOrName, self.isFavorite)
        let pokemon = try await store.withPokedex { pokedex in
            let found = try await PokemonFinder.find(idOrName, in: pokedex)
            return try await pokedex.setFavorite(isFavorite, id: found.id)
        }
        Console.out(
            pokemon.favorite
                ? "★ \(pokemon.name) (#\(pokemon.id)) is a favorite."
                : "\(pokemon.name) (#\(pokemon.id)) is no longer a favorite.")
    }
}
