import PokedexKit
import PokedexOfflineData

/// `pokedex evolution <id|name>`: a species' evolution chain, with each step's conditions in
/// words, from the bundled data.
struct EvolutionCommand: Command {
    static let spec = CommandSpec(
        name: "evolution",
        summary: "Show a species' evolution chain, with each step's conditions.",
        positionals: [
            Positional(
                placeholder: "<id|name>",
                help: "a species' or form's number or name; case, accents and spaces ignored")
        ],
        options: [.option(CommonOptions.language), .option(CommonOptions.json)],
        discussion: [
            "--lang names the species in a language; the conditions are in English.",
            "Examples: pokedex evolution eevee, pokedex evolution \"Mr. Mime\"",
        ])

    let idOrName: String
    let json: Bool
    let wording: Wording

    init(_ arguments: Arguments) throws(UsageError) {
        idOrName = try arguments.required(0, "<id|name>")
        guard !NameMatcher.key(idOrName).isEmpty else {
            throw UsageError("'\(idOrName)' is neither a number nor a name")
        }
        json = arguments[CommonOptions.json]
        wording = Wording(language: arguments[CommonOptions.language])
    }

    func run() async throws {
        let finder = SpeciesFinder(try BundledPokeAPI.allSpecies())
        let tree = try Self.tree(for: idOrName, finder: finder, wording: wording)
        Console.out(json ? try PokemonOutput.json(tree) : tree.text())
    }

    /// The evolution tree of the species `idOrName` names, its species named in `wording`'s
    /// language.
    ///
    /// - Throws: ``CommandFailure`` naming the text, with the closest names suggested, when
    ///   it names no species; `BundledDataError` if the bundle lacks the species' chain.
    static func tree(
        for idOrName: String, finder: SpeciesFinder, wording: Wording = .english
    ) throws -> EvolutionTree {
        guard let species = finder.species(idOrName) else {
            if let range = finder.speciesIDs, SpeciesFinder.number(in: idOrName) != nil {
                throw CommandFailure(
                    "no species or form numbered \(idOrName); species are numbered "
                        + "\(range.lowerBound) to \(range.upperBound).")
            }
            throw CommandFailure(
                "no species '\(idOrName)'."
                    + NameMatcher.didYouMean(finder.suggestions(for: idOrName)))
        }
        let chain = try BundledPokeAPI.evolutionChain(id: species.evolutionChainID)
        return EvolutionTree(chain) { id in
            finder.species(String(id)).flatMap {
                wording.text($0.name(in: wording.language), "Pokémon names")
            }
        }
    }
}
