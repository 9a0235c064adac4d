/// A PokeAPI resource that says what it does in battle, in many languages: a move, an
/// ability.
///
/// ```swift
/// flamethrower.shortEffect(in: "fr")?.text    // the French effect, or the English one
/// flamethrower.effectLanguages                // ["en", "fr"]
/// ```
public protocol EffectProviding {
    /// What it does, in full, by language's PokeAPI name (`"en"`).
    var effects: [String: String] { get }
    /// What it does, in a sentence, by language's PokeAPI name.
    var shortEffects: [String: String] { get }
}

extension EffectProviding {
    /// What it does, in full, in a language or its first fallback that has it (see
    /// ``PokedexLanguage/fallbacks``); a move's chance is filled in.
    ///
    /// - Parameter language: The language asked.
    /// - Returns: The effect and the language it is in, or `nil` when the data has none in
    ///   the language nor in a fallback.
    public func effect(in language: PokedexLanguage) -> TranslatedText? {
        TranslatedText.lookUp(language, in: effects)
    }

    /// What it does, in a sentence, in a language or its first fallback that has it.
    ///
    /// - Parameter language: The language asked.
    /// - Returns: The effect and the language it is in, or `nil` when the data has none in
    ///   the language nor in a fallback.
    public func shortEffect(in language: PokedexLanguage) -> TranslatedText? {
        TranslatedText.lookUp(language, in: shortEffects)
    }

    /// The languages it has an effect in (in full or in a sentence), in order of their
    /// PokeAPI names.
    public var effectLanguages: [PokedexLanguage] {
        Set(TranslatedText.languages(of: effects))
            .union(TranslatedText.languages(of: shortEffects)).sorted()
    }
}

extension Move: EffectProviding {}
extension PokemonAbility: EffectProviding {}
