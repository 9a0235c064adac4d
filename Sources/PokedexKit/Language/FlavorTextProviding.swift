/// A PokeAPI resource with the games' descriptions of it in many languages: a species, a
/// move, an ability.
///
/// ```swift
/// charizard.flavorText(in: "ja")?.text        // the latest Japanese entry, or English
/// charizard.flavorTextLanguages               // ["de", "en", "es", …]
/// ```
public protocol FlavorTextProviding {
    /// The descriptions, in the order the service lists them (the latest last), each with
    /// its language and game.
    var flavorTexts: [FlavorText] { get }
}

extension FlavorTextProviding {
    /// The latest description in a language, or in its first fallback that has one (see
    /// ``PokedexLanguage/fallbacks``); ``latestFlavorText(in:)`` gives its game too.
    ///
    /// - Parameter language: The language asked.
    /// - Returns: The description and the language it is in, or `nil` when the data has none
    ///   in the language nor in a fallback.
    public func flavorText(in language: PokedexLanguage) -> TranslatedText? {
        latestFlavorText(in: language).map {
            TranslatedText(
                $0.text, language: PokedexLanguage(rawValue: $0.language), requested: language)
        }
    }

    /// The latest description in a language or its first fallback that has one, with its
    /// game (a version for a species, a version group for a move or an ability).
    ///
    /// - Parameter language: The language asked.
    /// - Returns: The description, or `nil` when the data has none in the language nor in a
    ///   fallback.
    public func latestFlavorText(in language: PokedexLanguage) -> FlavorText? {
        for candidate in language.fallbacks {
            if let entry = flavorTexts.last(where: { $0.language == candidate.rawValue }) {
                return entry
            }
        }
        return nil
    }

    /// The languages the resource has a description in, in order of their PokeAPI names.
    public var flavorTextLanguages: [PokedexLanguage] {
        Set(flavorTexts.map { PokedexLanguage(rawValue: $0.language) }).sorted()
    }
}

extension PokemonSpecies: FlavorTextProviding {}
extension Move: FlavorTextProviding {}
extension PokemonAbility: FlavorTextProviding {}
