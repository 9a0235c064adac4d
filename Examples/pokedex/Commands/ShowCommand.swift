import PokedexKit

/// `pokedex show <id|name>`: one Pokémon, as text or JSON.
struct ShowCommand: Command {
    static let spec = CommandSpec(
        name: "show",
        summary: "Show one stored Pokémon, by id or name.",
        positionals: [Positional(placeholder: "<id|name>", help: "the Pokémon's id or name")],
        options: [.option(CommonOptions.json), CommonOptions.storeOrInMemory])

    let idOrName: String
    let json: Bool
    let location: StoreLocation

    init(_ arguments: Arguments) throws(UsageError) {
        guard let idOrName = arguments.positionals.first else {
            throw UsageError("missing argument <id|name>")
        }
        self.idOrName = idOrName
        json = arguments[CommonOptions.json]
        location = StoreLocation(arguments)
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
