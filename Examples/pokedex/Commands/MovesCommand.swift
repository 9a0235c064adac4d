import PokedexKit

/// `pokedex moves <id|name>`: a stored Pokémon's learnset, by method.
struct MovesCommand: Command {
    static let spec = CommandSpec(
        name: "moves",
        summary: "Show the moves a stored Pokémon learns, by method.",
        positionals: [
            Positional(
                placeholder: "<id|name>",
                help: "the Pokémon's number or name; display names, case and accents ignored")
        ],
        options: [
            .option(LearnOptions.method), .option(CommonOptions.language),
            CommonOptions.storeOrInMemory,
        ],
        discussion: [
            "Level-up moves in level order (Evo: on evolving), the others by name, in the",
            "newest game that has the Pokémon's moves.",
            "Examples: pokedex moves charizard, pokedex moves 25 --by machine",
        ])

    let idOrName: String
    let method: MoveLearnMethod?
    let wording: Wording
    let location: StoreChoice

    init(_ arguments: Arguments) throws(UsageError) {
        idOrName = try PokemonFinder.idOrName(in: arguments)
        method = arguments[LearnOptions.method]
        wording = Wording(language: arguments[CommonOptions.language])
        location = StoreChoice(arguments)
    }

    func run() async throws {
        let store = try await OpenedStore.forReading(location)
        let idOrName = idOrName
        let (pokemon, learnset) = try await store.withPokedex { pokedex in
            let pokemon = try await PokemonFinder.find(idOrName, in: pokedex)
            return (pokemon, try await pokedex.learnset(ofPokemon: pokemon.id))
        }
        var shown = learnset
        if let method { shown.groups = learnset.groups.filter { $0.method == method } }
        let name =
            wording.language == .english
            ? nil : SpeciesNames.name(of: pokemon, wording: wording)
        let title = "#\(pokemon.id) \(name ?? PokedexEntry.versionName(pokemon.name))"
        if shown.isEmpty, let method, !learnset.isEmpty {
            Console.out("\(title) learns no move by \(method.displayName).")
            return
        }
        Console.out(shown.text(title: title, style: .standardOutput(), wording: wording))
    }
}
