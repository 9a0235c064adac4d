import PokedexKit
import PokedexOfflineData

/// Pokémon by their species' names in a language, from the bundled species: what `list`,
/// `moves` and `move` show in a language other than English.
enum SpeciesNames {
    /// Every bundled species, by id; empty when the bundle cannot be read.
    static let bundled: [Int: PokemonSpecies] = {
        let species = (try? BundledPokeAPI.allSpecies()) ?? []
        return Dictionary(species.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }()

    /// A Pokémon's name in `wording`'s language: its species' name, with the form's part
    /// of its PokeAPI name for a form other than the species' own (`リザードン (mega-x)`).
    ///
    /// - Parameters:
    ///   - pokemon: The Pokémon.
    ///   - wording: The language, which records a fallback to English.
    /// - Returns: The name, or `nil` when the bundle has no such species or no name for it.
    static func name(of pokemon: Pokemon, wording: Wording) -> String? {
        guard let speciesID = pokemon.speciesID, let species = bundled[speciesID],
            let name = wording.text(species.name(in: wording.language), "Pokémon names")
        else { return nil }
        guard pokemon.name != species.name else { return name }
        let form =
            pokemon.name.hasPrefix(species.name + "-")
            ? String(pokemon.name.dropFirst(species.name.count + 1)) : pokemon.name
        return "\(name) (\(form))"
    }
}
