import PokedexKit

/// `pokedex favorite <id|name> [--off]`: marks a stored Pokémon a favorite, or not, in the
/// store's `Favorite` records (offline, as every local command); the Pokémon is found as
/// `show` finds it (``PokemonFinder``).
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
        idOrName = try PokemonFinder.idOrName(in: arguments)
        isFavorite = !arguments[Options.off]
        location = StoreChoice(arguments)
        lockTimeout = arguments[CommonOptions.lockTimeout]
    }

    func run() async throws {
        let store = try await OpenedStore.forWriting(location, lockTimeout: lockTimeout)
        let (idOrName, isFavorite) = (self.idOrName, self.isFavorite)
        let pokemon = try await store.withPokedex { pokedex in
            let found = try await PokemonFinder.find(idOrName, in: pokedex)
            try await pokedex.setFavorite(isFavorite, pokemonID: found.id)
            return found
        }
        Console.out(
            isFavorite
                ? "★ \(pokemon.name) (#\(pokemon.id)) is a favorite."
                : "\(pokemon.name) (#\(pokemon.id)) is no longer a favorite.")
    }
}
