import PokedexKit

/// The `favorite` command: marks a stored Pokémon as a favorite, or with `--off` no longer.
///
/// `pokedex favorite <id|name> [--off] [--store PATH]`
struct FavoriteCommand {
    let idOrName: String
    let isFavorite: Bool
    let location: StoreLocation
    let lockTimeout: Duration

    init(_ words: [String]) throws(UsageError) {
        let arguments = try Arguments(
            words,
            spec: .init(
                options: ["store", "lock-timeout"], flags: ["off", "in-memory"],
                positionals: 1...1))
        idOrName = arguments.positionals[0]
        isFavorite = !arguments.flag("off")
        location = try StoreLocation(arguments, allowsInMemory: false)
        lockTimeout = try StoreLocation.lockTimeout(arguments)
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
