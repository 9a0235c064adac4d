/// A Pokémon species as PokeAPI describes it at `GET /api/v2/pokemon-species/{id}`: what all
/// of its forms share.
///
/// A species is what the Pokédex lists: Charizard is one species with four forms (its
/// ``varieties``: charizard, the two megas and the gigantamax form), each of them a
/// ``FetchedPokemon``. The species holds its names in every language, its genus ("Flame
/// Pokémon"), its Pokédex descriptions, and the link to its ``EvolutionChain``:
///
/// ```swift
/// let charizard = try JSONDecoder().decode(PokemonSpecies.self, from: data)
/// charizard.localizedName("en")        // "Charizard"
/// charizard.genus("en")                // "Flame Pokémon"
/// charizard.evolutionChainID           // 2
/// charizard.evolvesFromSpeciesID       // 5, Charmeleon
/// ```
///
/// It decodes the service's nested shape, ignoring keys it does not read, and encodes that
/// shape back, so a value survives a round trip and is kept as it is in a `ModelStore`.
public struct PokemonSpecies: Hashable, Sendable, Identifiable {
    /// The PokeAPI id, 1–1025: the national Pokédex number.
    public var id: Int
    /// The lower-case PokeAPI name, such as `"charizard"` or `"mr-mime"`.
    public var name: String
    /// The order PokeAPI sorts species in, evolution families together.
    public var order: Int
    /// The species' name by language (`"en"`: `"Mr. Mime"`, `"ja-hrkt"`: `"バリヤード"`, …).
    public var names: [String: String]
    /// The genus by language (`"en"`: `"Flame Pokémon"`).
    public var genera: [String: String]
    /// The Pokédex descriptions, one per game version and language, cleaned of the games'
    /// line breaks, in the service's order.
    public var flavorTexts: [FlavorText]
    /// The generation that introduced the species, 1 for Red and Blue.
    public var generation: Int
    /// Whether the species is legendary.
    public var isLegendary: Bool
    /// Whether the species is mythical.
    public var isMythical: Bool
    /// Whether the species is a baby (hatched only, such as Pichu).
    public var isBaby: Bool
    /// The habitat's PokeAPI name, such as `"mountain"`, or `nil` for the species the games
    /// since generation IV do not place in one.
    public var habitat: String?
    /// The Pokédex colour's PokeAPI name, such as `"red"`.
    public var color: String
    /// The capture rate, 3 (hardest) to 255 (easiest).
    public var captureRate: Int
    /// The chance of being female in eighths, 0–8, or -1 for a genderless species; see
    /// ``femaleRatio``.
    public var genderRate: Int
    /// The egg groups' PokeAPI names, such as `["monster", "dragon"]`.
    public var eggGroups: [String]
    /// The id of the species' evolution chain (chain ids are not species ids).
    public var evolutionChainID: Int
    /// The id of the species this one evolves from, or `nil` for the first of its chain.
    public var evolvesFromSpeciesID: Int?
    /// The species' forms, each a Pokémon of its own; exactly one is the default.
    public var varieties: [Variety]

    /// Creates a species from its facts.
    ///
    /// - Parameters:
    ///   - id: The PokeAPI id.
    ///   - name: The PokeAPI name.
    ///   - order: The order PokeAPI sorts species in.
    ///   - names: The name by language.
    ///   - genera: The genus by language.
    ///   - flavorTexts: The Pokédex descriptions.
    ///   - generation: The generation that introduced the species.
    ///   - isLegendary: Whether it is legendary.
    ///   - isMythical: Whether it is mythical.
    ///   - isBaby: Whether it is a baby.
    ///   - habitat: The habitat's name.
    ///   - color: The Pokédex colour's name.
    ///   - captureRate: The capture rate.
    ///   - genderRate: The chance of being female in eighths, or -1.
    ///   - eggGroups: The egg groups' names.
    ///   - evolutionChainID: The evolution chain's id.
    ///   - evolvesFromSpeciesID: The id of the species it evolves from.
    ///   - varieties: The forms.
    public init(
        id: Int,
        name: String,
        order: Int,
        names: [String: String] = [:],
        genera: [String: String] = [:],
        flavorTexts: [FlavorText] = [],
        generation: Int,
        isLegendary: Bool = false,
        isMythical: Bool = false,
        isBaby: Bool = false,
        habitat: String? = nil,
        color: String,
        captureRate: Int,
        genderRate: Int,
        eggGroups: [String] = [],
        evolutionChainID: Int,
        evolvesFromSpeciesID: Int? = nil,
        varieties: [Variety] = []
    ) {
        self.id = id
        self.name = name
        self.order = order
        self.names = names
        self.genera = genera
        self.flavorTexts = flavorTexts
        self.generation = generation
        self.isLegendary = isLegendary
        self.isMythical = isMythical
        self.isBaby = isBaby
        self.habitat = habitat
        self.color = color
        self.captureRate = captureRate
        self.genderRate = genderRate
        self.eggGroups = eggGroups
        self.evolutionChainID = evolutionChainID
        self.evolvesFromSpeciesID = evolvesFromSpeciesID
        self.varieties = varieties
    }

    /// The species' genus in a language, such as `"Flame Pokémon"`.
    ///
    /// - Parameter language: The language's PokeAPI name; `"en"` by default.
    /// - Returns: The genus, or `nil` when the service has none in that language.
    public func genus(_ language: String = "en") -> String? {
        genera[language]
    }

    /// The latest Pokédex description in a language: the last the service lists.
    ///
    /// - Parameter language: The language's PokeAPI name; `"en"` by default.
    /// - Returns: The description, or `nil` when the service has none in that language.
    public func latestFlavorText(_ language: String = "en") -> FlavorText? {
        flavorTexts.last { $0.language == language }
    }

    /// The chance of being female, 0 to 1, or `nil` for a genderless species.
    public var femaleRatio: Double? {
        genderRate < 0 ? nil : Double(genderRate) / 8
    }

    /// The id of the default form's Pokémon, which is the species' id for every species
    /// PokeAPI has; `nil` if no variety is marked default.
    public var defaultPokemonID: Int? {
        varieties.first(where: \.isDefault)?.pokemonID
    }
}

extension PokemonSpecies {
    /// One form of a species: a Pokémon of its own, such as `"charizard-mega-x"`.
    ///
    /// It encodes on its own as `{"pokemon_id": 10034, "name": "charizard-mega-x",
    /// "is_default": false}`, as a ``PokedexEntry``'s forms are; within a species it takes
    /// PokeAPI's nested shape.
    public struct Variety: Hashable, Sendable, Codable {
        /// The Pokémon's id (`GET /api/v2/pokemon/{id}`).
        public var pokemonID: Int
        /// The Pokémon's PokeAPI name.
        public var name: String
        /// Whether this is the species' default form.
        public var isDefault: Bool

        /// Creates a form.
        ///
        /// - Parameters:
        ///   - pokemonID: The Pokémon's id.
        ///   - name: The Pokémon's PokeAPI name.
        ///   - isDefault: Whether it is the default form.
        public init(pokemonID: Int, name: String, isDefault: Bool) {
            self.pokemonID = pokemonID
            self.name = name
            self.isDefault = isDefault
        }

        enum CodingKeys: String, CodingKey {
            case name
            case pokemonID = "pokemon_id"
            case isDefault = "is_default"
        }
    }
}
