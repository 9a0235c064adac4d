extension LocalizedNameProviding {
    /// The resource's name in a language, or in its first fallback that has one (see
    /// ``PokedexLanguage/fallbacks``).
    ///
    /// ```swift
    /// charizard.name(in: "ja")?.text         // "リザードン"
    /// charizard.name(in: "de")?.text         // "Glurak"
    /// ```
    ///
    /// - Parameter language: The language asked.
    /// - Returns: The name and the language it is in, or `nil` when the data has no name in
    ///   the language nor in a fallback.
    public func name(in language: PokedexLanguage) -> TranslatedText? {
        TranslatedText.lookUp(language, in: names)
    }

    /// The languages the resource has a name in, in order of their PokeAPI names.
    public var nameLanguages: [PokedexLanguage] {
        TranslatedText.languages(of: names)
    }
}
