extension PokemonSpecies {
    /// The species' genus in a language, or in its first fallback that has one (see
    /// ``PokedexLanguage/fallbacks``): `"かえんポケモン"` for Charizard in `ja`.
    ///
    /// - Parameter language: The language asked.
    /// - Returns: The genus and the language it is in, or `nil` when the data has none in the
    ///   language nor in a fallback.
    public func genus(in language: PokedexLanguage) -> TranslatedText? {
        TranslatedText.lookUp(language, in: genera)
    }

    /// The languages the species has a genus in, in order of their PokeAPI names.
    public var genusLanguages: [PokedexLanguage] {
        TranslatedText.languages(of: genera)
    }
}
