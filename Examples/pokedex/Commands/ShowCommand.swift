import PokedexKit

/// The `show` command: shows one stored Pokémon, as text or with `--json` as JSON.
///
/// `pokedex show <id|name> [--json] [--store PATH | --in-memory]`
struct ShowCommand {
    let idOrName: String
    let json: Bool
    let location: StoreLocation

    init(_ words: [String]) throws(UsageError) {
        let arguments = try Arguments(
            words,
            spec: .init(options: ["store"], flags: ["json", "in-memory"], positionals: 1...1))
        idOrName = arguments.positionals[0]
        json = arguments.flag("json")
        location = try StoreLocation(arguments, allowsInMemory: true)
    }

    func run() async throws {
        let store = try await OpenedStore.forReading(location)
        let found = try await store.withPokedex { try await $0.pokemon(idOrName) }
        guard let pokemon = found else {
            throw CommandFailure("no Pokémon '\(idOrName)' in the store")
        }
        Console.out(json ? try PokemonOutput.json(pokemon) : PokemonOutput.details(pokemon))
    }
}
