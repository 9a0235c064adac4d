/// A PokeAPI resource whose texts ``Pokedex/search(_:language:limit:)`` looks in: a species,
/// a move, an ability.
///
/// Its ``searchTexts`` are a query attribute (`search_texts`) that every store keeps a word
/// index of (`searchableAttributes`), so that a search is answered from the index: in
/// SQLite and PostgreSQL from a table of folded tokens, in memory by the record engine.
///
/// ```swift
/// charizard.searchTexts.contains("Flame Pokémon")                    // true
/// Condition<PokemonSpecies>.search(\.searchTexts, for: try TextSearch("spits fire"))
/// ```
public protocol PokedexSearchable: LocalizedNameProviding {
    /// The resource's PokeAPI name, such as `"charizard"`.
    var name: String { get }

    /// Every text a search looks in, each with its language, each once: the names in every
    /// language, then the resource's other texts (see each conformance).
    var searchableTranslations: [TranslatedText] { get }
}

extension PokedexSearchable {
    /// The texts of ``searchableTranslations``, in order: what a word search over the
    /// resource looks in, as the query attribute `search_texts`.
    public var searchTexts: [String] { searchableTranslations.map(\.text) }

    /// The text of the resource that best shows why a search found it.
    ///
    /// It is the first of ``searchableTranslations`` past the names that the search matches
    /// alone, in `language` or its first fallback that has one, else in any language; else
    /// the name that matches; `nil` when no one text matches every word (the words are spread
    /// over several texts).
    ///
    /// - Parameters:
    ///   - search: The search that found the resource.
    ///   - language: The language the user reads.
    /// - Returns: The text, with the language it is in.
    public func excerpt(matching search: TextSearch, in language: PokedexLanguage)
        -> TranslatedText?
    {
        let names = Set(self.names.values)
        let matching = searchableTranslations.filter { search.matches($0.text) }
        let texts = matching.filter { !names.contains($0.text) }
        for candidate in language.fallbacks {
            if let text = texts.first(where: { $0.language == candidate }) {
                return TranslatedText(text.text, language: text.language, requested: language)
            }
        }
        guard let found = texts.first ?? matching.first else { return nil }
        return TranslatedText(found.text, language: found.language, requested: language)
    }
}

extension PokedexSearchable {
    /// The texts of a table by language, in order of their PokeAPI language names, empty
    /// texts left out.
    static func translations(of texts: [String: String]) -> [TranslatedText] {
        texts.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }.map {
            TranslatedText($0.value, language: PokedexLanguage(rawValue: $0.key))
        }
    }

    /// The latest of `flavorTexts` in each language, in order of their PokeAPI names.
    static func latestTranslations(of flavorTexts: [FlavorText]) -> [TranslatedText] {
        var latest: [String: String] = [:]
        for entry in flavorTexts where !entry.text.isEmpty { latest[entry.language] = entry.text }
        return translations(of: latest)
    }

    /// `groups` joined in order, each text once.
    static func distinct(_ groups: [TranslatedText]...) -> [TranslatedText] {
        var seen: Set<String> = []
        return groups.joined().filter { seen.insert($0.text).inserted }
    }
}

extension PokemonSpecies: PokedexSearchable {
    /// The species' names, its genera, and the latest Pokédex description in each
    /// language: what its entry shows.
    public var searchableTranslations: [TranslatedText] {
        Self.distinct(
            Self.translations(of: names), Self.translations(of: genera),
            Self.latestTranslations(of: flavorTexts))
    }
}

extension Move: PokedexSearchable {
    /// The move's names, its effects in full and in a sentence (the chance filled in), and
    /// the latest description in each language.
    public var searchableTranslations: [TranslatedText] {
        Self.distinct(
            Self.translations(of: names), Self.translations(of: shortEffects),
            Self.translations(of: effects), Self.latestTranslations(of: flavorTexts))
    }
}

extension PokemonAbility: PokedexSearchable {
    /// The ability's names, its effects in full and in a sentence, and the latest
    /// description in each language.
    public var searchableTranslations: [TranslatedText] {
        Self.distinct(
            Self.translations(of: names), Self.translations(of: shortEffects),
            Self.translations(of: effects), Self.latestTranslations(of: flavorTexts))
    }
}
