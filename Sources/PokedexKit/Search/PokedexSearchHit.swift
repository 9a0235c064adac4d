/// One resource a Pokédex search found: a species, a move or an ability, with its name and
/// the text that shows why, in the user's language where the data has them.
///
/// ```swift
/// let hits = try await pokedex.search("breathes fire", language: "en")
/// for hit in hits.species { print(hit.name, hit.excerpt?.text ?? "") }
/// ```
public struct PokedexSearchHit: Hashable, Sendable, Codable {
    /// What kind of resource a hit is.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// A ``PokemonSpecies``: an entry of the Pokédex.
        case species
        /// A ``Move``.
        case move
        /// A ``PokemonAbility``.
        case ability
    }

    /// What kind of resource it is.
    public var kind: Kind
    /// Its PokeAPI id.
    public var id: Int
    /// Its PokeAPI name, such as `"charizard"` or `"flamethrower"`.
    public var identifier: String
    /// Its name in the language asked or its first fallback, or `nil` when the data has
    /// none.
    public var name: TranslatedText?
    /// The text that best shows why the search found it
    /// (``PokedexSearchable/excerpt(matching:in:)``), or `nil` when the search's words are
    /// spread over several of its texts.
    public var excerpt: TranslatedText?

    /// Creates a hit.
    ///
    /// - Parameters:
    ///   - kind: What kind of resource it is.
    ///   - id: Its PokeAPI id.
    ///   - identifier: Its PokeAPI name.
    ///   - name: Its name in the language asked.
    ///   - excerpt: The text that shows why the search found it.
    public init(
        kind: Kind, id: Int, identifier: String, name: TranslatedText?, excerpt: TranslatedText?
    ) {
        self.kind = kind
        self.id = id
        self.identifier = identifier
        self.name = name
        self.excerpt = excerpt
    }

    /// The hit for a resource found by `search`, its texts in `language`.
    init<Resource: PokedexSearchable>(
        _ kind: Kind, _ resource: Resource, id: Int, search: TextSearch,
        language: PokedexLanguage
    ) {
        self.init(
            kind: kind, id: id, identifier: resource.name, name: resource.name(in: language),
            excerpt: resource.excerpt(matching: search, in: language))
    }
}
