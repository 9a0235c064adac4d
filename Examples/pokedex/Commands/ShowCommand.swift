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
        options: [
            .option(CommonOptions.language), .option(CommonOptions.json),
            CommonOptions.storeOrInMemory,
        ],
        discussion: [
            "The entry: genus, types, measures, description, abilities, base stats, the",
            "damage each type deals, the evolution line and the other forms. --json prints",
            "it as pokedex-service's GET /pokemon/{id}/entry answers. --lang ja shows it in",
            "Japanese: where the data lacks a text in it, English, said once on stderr.",
            "Examples: pokedex show charizard, pokedex show 6, pokedex show --lang de Glurak",
        ])

    let idOrName: String
    let json: Bool
    let wording: Wording
    let location: StoreChoice

    init(_ arguments: Arguments) throws(UsageError) {
        idOrName = try PokemonFinder.idOrName(in: arguments)
        json = arguments[CommonOptions.json]
        wording = Wording(language: arguments[CommonOptions.language])
        location = StoreChoice(arguments)
    }

    func run() async throws {
        let store = try await OpenedStore.forReading(location)
        let (idOrName, language) = (idOrName, wording.language)
        let entry = try await store.withPokedex { pokedex in
            try await pokedex.entry(
                for: try await PokemonFinder.find(idOrName, in: pokedex), in: language)
        }
        for key in entry.translation?.untranslated ?? [] {
            FallbackNote.record(Self.untranslatedKinds[key] ?? key, language: language)
        }
        Console.out(
            json
                ? try PokemonOutput.json(entry)
                : entry.text(style: .standardOutput(), wording: wording))
    }

    /// The texts of `PokedexEntry.Translation.untranslated` as the fallback note names them.
    static let untranslatedKinds = [
        "display_name": "name", "genus": "genus", "flavor_text": "description",
        "ability_name": "ability names", "ability_effect": "ability effects",
        "species_names": "names in the evolution line",
    ]
}
