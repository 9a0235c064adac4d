import PokedexKit

/// The one rule by which every command finds the stored Pokémon its argument names: `show`,
/// `favorite`, and whichever command takes a Pokémon next.
enum PokemonFinder {
    /// The `<id|name>` argument of a command that takes a Pokémon, first of its positional
    /// arguments.
    ///
    /// - Throws: ``UsageError`` when it is missing, or neither a number nor a name.
    static func idOrName(in arguments: Arguments) throws(UsageError) -> String {
        let idOrName = try arguments.required(0, "<id|name>")
        guard !NameMatcher.key(idOrName).isEmpty else {
            throw UsageError("'\(idOrName)' is neither a number nor a name")
        }
        return idOrName
    }

    /// The stored Pokémon a command-line argument names: a number (`6`, `#6`); a PokeAPI
    /// name (`charizard-mega-x`); or a species by any of its names, display names included,
    /// case, accents and punctuation ignored (`"Mr. Mime"`), for its default form.
    ///
    /// - Throws: ``CommandFailure`` saying what is not stored, with the closest names of the
    ///   store suggested.
    static func find(_ text: String, in pokedex: Pokedex) async throws -> Pokemon {
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
