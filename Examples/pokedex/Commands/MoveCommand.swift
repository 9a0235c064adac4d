import PokedexKit

/// `pokedex move <id|name>`: a stored move's entry, and who learns it and how.
struct MoveCommand: Command {
    static let spec = CommandSpec(
        name: "move",
        summary: "Show a stored move, and which Pokémon learn it and how.",
        positionals: [
            Positional(
                placeholder: "<id|name>",
                help: "the move's number or name, in any language; case and accents ignored")
        ],
        options: [
            .option(LearnOptions.method), .option(CommonOptions.language),
            CommonOptions.storeOrInMemory,
        ],
        discussion: [
            "The move's type, class, power, accuracy, PP, effect and description, then the",
            "Pokémon that learn it, by method (level-up ones with their level).",
            "Examples: pokedex move flamethrower, pokedex move \"Fire Punch\" --by tutor",
        ])

    let idOrName: String
    let method: MoveLearnMethod?
    let wording: Wording
    let location: StoreChoice

    init(_ arguments: Arguments) throws(UsageError) {
        // The same argument as a Pokémon's: a number or a name.
        idOrName = try PokemonFinder.idOrName(in: arguments)
        method = arguments[LearnOptions.method]
        wording = Wording(language: arguments[CommonOptions.language])
        location = StoreChoice(arguments)
    }

    func run() async throws {
        let store = try await OpenedStore.forReading(location)
        let (idOrName, method) = (idOrName, method)
        let (move, learners) = try await store.withPokedex { pokedex in
            let move = try await MoveFinder.find(idOrName, in: pokedex)
            return (move, try await pokedex.learners(ofMove: move.id, by: method))
        }
        Console.out(move.text(learners: learners, style: .standardOutput(), wording: wording))
    }
}
