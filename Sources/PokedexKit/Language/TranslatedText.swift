/// A text in the language it was asked in, or in the language it fell back to.
///
/// Every localized text of the models (names, genera, effects, flavor texts) is looked up
/// by ``PokedexLanguage/fallbacks``: the language asked, its other scripts and regions, then
/// English. The result says which language was asked and which was used:
///
/// ```swift
/// let name = charizard.name(in: "ja")          // リザードン, in ja
/// let entry = charizard.flavorText(in: "ko")   // the Korean entry, or English
/// if entry?.isFallback == true { print("not in Korean") }
/// ```
public struct TranslatedText: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The language the text was asked in.
    public var requested: PokedexLanguage
    /// The language the text is in: ``requested``, or one of its fallbacks.
    public var language: PokedexLanguage
    /// The text.
    public var text: String

    /// Creates a text found in `language` when `requested` was asked.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - language: The language it is in.
    ///   - requested: The language asked; `language` by default.
    public init(_ text: String, language: PokedexLanguage, requested: PokedexLanguage? = nil) {
        self.text = text
        self.language = language
        self.requested = requested ?? language
    }

    /// Whether the text is in another language than the one asked: not another script or
    /// region of it (`ja-hrkt` for `ja` is no fallback), but another language, as English
    /// for `ko`.
    public var isFallback: Bool {
        language.baseCode != requested.baseCode
    }

    /// The text.
    public var description: String { text }

    /// The text of `texts` in `language` or its first fallback that has one (see
    /// ``PokedexLanguage/fallbacks``), empty texts skipped.
    ///
    /// - Parameters:
    ///   - language: The language asked.
    ///   - texts: Texts by PokeAPI language name.
    /// - Returns: The text, or `nil` when neither the language nor a fallback has one.
    public static func lookUp(
        _ language: PokedexLanguage, in texts: [String: String]
    ) -> TranslatedText? {
        for candidate in language.fallbacks {
            if let text = texts[candidate.rawValue], !text.isEmpty {
                return TranslatedText(text, language: candidate, requested: language)
            }
        }
        return nil
    }

    /// The languages `texts` has a text in, in order of their PokeAPI names.
    ///
    /// - Parameter texts: Texts by PokeAPI language name.
    /// - Returns: The languages, each once.
    public static func languages(of texts: [String: String]) -> [PokedexLanguage] {
        Set(texts.filter { !$0.value.isEmpty }.keys.map(PokedexLanguage.init(rawValue:)))
            .sorted()
    }
}
