import Foundation
import PokedexKit

/// `pokedex show <id|name>`: one stored Pokémon's Pokédex entry, as text or JSON.
struct ShowCommand: Command {
    static let spec = CommandSpec(
        name: "show",
        summary: "Show a stored Pokémon's Pokédex entry, by number or name.",
        positionals: [
            Positional(
                placeholder: "<id|name>",
                help: "the Pokémon's number or name; display names, case and accents ignored")
        ],
        options: [.option(CommonOptions.json), CommonOptions.storeOrInMemory],
        discussion: [
            "The entry: genus, types, measures, description, abilities, base stats, the",
            "damage each type deals, the evolution line and the other forms. --json prints",
            "it as pokedex-service's GET /pokemon/{id}/entry answers.",
            "Examples: pokedex show charizard, pokedex show 6, pokedex show \"Mr. Mime\"",
        ])

    let idOrName: String
    let json: Bool
    let location: StoreLocation

    init(_ arguments: Arguments) throws(UsageError) {
        idOrName = try arguments.required(0, "<id|name>")
        guard !NameMatcher.key(idOrName).isEmpty else {
            throw UsageError("'\(idOrName)' is neither a number nor a name")
        }
        json = arguments[CommonOptions.json]
        location = StoreLocation(arguments)
    }

    func run() async throws {
        let store = try await OpenedStore.forReading(location)
        let idOrName = idOrName
        let entry = try await store.withPokedex { pokedex in
            try await pokedex.entry(for: try await Self.find(idOrName, in: pokedex))
        }
        Console.out(
            json ? try PokemonOutput.json(entry) : entry.text(style: .standardOutput()))
    }

    /// The stored Pokémon a command-line argument names: a number (`6`, `#6`); a PokeAPI
    /// name (`charizard-mega-x`); or a species by any of its names, display names included,
    /// case, accents and punctuation ignored (`"Mr. Mime"`), for its default form.
    ///
    /// - Throws: ``CommandFailure`` saying what is not stored, with the closest names of the
    ///   store suggested.
    static func find(_ text: String, in pokedex: any PokedexAccess) async throws -> Pokemon {
        if let id = SpeciesFinder.number(in: text) {
            guard let pokemon = try await pokedex.pokemon(id: id) else {
                throw CommandFailure(
                    "no Pokémon #\(id) in the store; run 'pokedex sync' to fetch it")
            }
            return pokemon
        }
        if let pokemon = try await pokedex.pokemon(named: text) { return pokemon }
        // A display name spelled as PokeAPI names it ("Mr. Mime" as mr-mime) is one lookup;
        // only the rest read every stored species' names.
        let slug = NameMatcher.pokeAPIName(text)
        if slug != text, let pokemon = try await pokedex.pokemon(named: slug) { return pokemon }
        let finder = SpeciesFinder(try await pokedex.storedSpecies())
        if let species = finder.species(text), let id = species.defaultPokemonID,
            let pokemon = try await pokedex.pokemon(id: id)
        {
            return pokemon
        }
        let names =
            finder.species.isEmpty
            ? try await pokedex.pokemon(matching: PokemonFilter()).records.map(\.name)
            : finder.species.map(\.displayName)
        throw CommandFailure(
            "no Pokémon '\(text)' in the store."
                + NameMatcher.didYouMean(NameMatcher.closest(to: text, among: names)))
    }
}
