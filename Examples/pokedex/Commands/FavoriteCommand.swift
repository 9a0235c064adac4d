import PokedexKit

/// `pokedex favorite <id|name> [--off]`: marks a stored Pokémon a favorite, or not.
struct FavoriteCommand: Command {
    static let spec = CommandSpec(
        name: "favorite",
        summary: "Mark a stored Pokémon a favorite, or not with --off.",
        positionals: [Positional(placeholder: "<id|name>", help: "the Pokémon's id or name")],
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
    let location: StoreLocation
    let lockTimeout: Duration

    init(_ arguments: Arguments) throws(UsageError) {
        guard let idOrName = arguments.positionals.first else {
            throw UsageError("missing argument <id|name>")
        }
        self.idOrName = idOrName
        isFavorite = !arguments[Options.off]
        location = StoreLocation(arguments)
        lockTimeout = arguments[CommonOptions.lockTimeout]
    }

    func run() async throws {
        let store = try await OpenedStore.forWriting(location, lockTimeout: lockTimeout)
        let pokemon = try await store.withPokedex { pokedex in
            guard let found = try await pokedex.pokemon(idOrName) else {
                throw CommandFailure(
                    "no Pokémon '\(idOrName)' in the store; run 'pokedex sync' first")
            }
            return try await pokedex.setFavorite(isFavorite, id: found.id)
        }
        Console.out(
            pokemon.favorite
                ? "★ \(pokemon.name) (#\(pokemon.id)) is a favorite."
                : "\(pokemon.name) (#\(pokemon.id)) is no longer a favorite.")
    }
}
