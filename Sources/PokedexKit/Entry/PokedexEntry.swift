/// Everything a Pokédex shows about one Pokémon, gathered from its record, its species, its
/// evolution chain, its abilities and its types: what the in-game Pokédex says of Charizard.
///
/// ```swift
/// if let charizard = try await pokedex.entry(id: 6) {
///     charizard.genus                                  // "Flame Pokémon"
///     charizard.matchups.multiplier(of: .rock)         // 4
///     charizard.abilities.map(\.displayName)           // ["Blaze", "Solar Power"]
///     charizard.forms.map(\.name)                      // ["charizard-mega-x", …]
/// }
/// ```
///
/// ``Pokedex/entry(for:)`` makes one; ``init(pokemon:species:evolution:relatedSpecies:abilities:types:favorite:notes:language:)``
/// makes one from parts you already hold. It encodes as one JSON object with snake-case
/// keys — the shape `pokedex show --json` prints and `pokedex-service` answers
/// `GET /pokemon/{id}/entry` with. The parts a Pokédex may not hold (the species, the chain,
/// an ability's effect) are optional or empty, never made up.
public struct PokedexEntry: Hashable, Sendable, Codable {
    /// The Pokémon's PokeAPI id: its national Pokédex number for a species' default form.
    public var id: Int
    /// The Pokémon's PokeAPI name, such as `"charizard"` or `"charizard-mega-x"`.
    public var name: String
    /// The species' name in the entry's language (English unless asked otherwise), such as
    /// "Charizard"; the PokeAPI name when the species is not known.
    public var displayName: String
    /// The species' id, or `nil` when the Pokémon's record does not name it.
    public var speciesID: Int?
    /// The species' genus in the entry's language, such as "Flame Pokémon".
    public var genus: String?
    /// The types, primary first.
    public var types: [PokemonType]
    /// The height in decimetres, as PokeAPI gives it (17 is 1.7 m).
    public var height: Int
    /// The weight in hectograms, as PokeAPI gives it (905 is 90.5 kg).
    public var weight: Int
    /// The species' latest Pokédex description in the entry's language, cleaned of the
    /// games' line breaks.
    public var flavorText: Description?
    /// The generation that introduced the species.
    public var generation: Int?
    /// Whether the species is legendary.
    public var isLegendary: Bool
    /// Whether the species is mythical.
    public var isMythical: Bool
    /// Whether the species is a baby.
    public var isBaby: Bool
    /// The abilities, in slot order, the hidden one marked.
    public var abilities: [Ability]
    /// The six base stats, in the games' order: hp, attack, defense, special attack,
    /// special defense, speed.
    public var stats: [BaseStat]
    /// The damage the Pokémon takes from each attacking type, grouped by multiplier.
    public var matchups: TypeMatchups
    /// The species' evolution chain, every step with its conditions; `nil` when not known.
    public var evolution: EvolutionChain?
    /// The names of the chain's species in the entry's language, by species id, for showing
    /// the chain.
    public var speciesNames: [Int: String]
    /// The species' other forms: every variety but this Pokémon, in the species' order.
    public var forms: [PokemonSpecies.Variety]
    /// Whether the user marked the Pokémon as a favorite: whether a ``Favorite`` refers to
    /// it.
    public var favorite: Bool
    /// The user's notes about the Pokémon, the oldest first.
    public var notes: [Note]
    /// The language the entry's texts were asked in, and the texts the data has only in a
    /// fallback; `nil` in an entry encoded before entries had languages (English).
    public var translation: Translation? = nil

    /// The language an entry's texts were asked in, and which of them are in another
    /// language (English, usually) because the data has none in it.
    ///
    /// ```swift
    /// let entry = try await pokedex.entry(for: charizard, in: "ko")
    /// entry.translation?.untranslated    // ["flavor_text", "ability_effect"] offline
    /// ```
    public struct Translation: Hashable, Sendable, Codable {
        /// The language asked.
        public var language: PokedexLanguage
        /// The texts that fell back to another language, by the entry's JSON keys:
        /// `display_name`, `genus`, `flavor_text`, `ability_name`, `ability_effect`,
        /// `species_names`; each once.
        public var untranslated: [String]

        /// Creates a translation record.
        ///
        /// - Parameters:
        ///   - language: The language asked.
        ///   - untranslated: The texts that fell back to another language.
        public init(language: PokedexLanguage, untranslated: [String] = []) {
            self.language = language
            self.untranslated = untranslated
        }
    }

    /// A Pokédex description and the game it is from.
    public struct Description: Hashable, Sendable, Codable {
        /// The text, on one line.
        public var text: String
        /// The game version's PokeAPI name, such as `"shield"`.
        public var version: String

        /// Creates a description.
        ///
        /// - Parameters:
        ///   - text: The text.
        ///   - version: The game version's PokeAPI name.
        public init(text: String, version: String) {
            self.text = text
            self.version = version
        }
    }

    /// One of the Pokémon's abilities.
    public struct Ability: Hashable, Sendable, Codable {
        /// The PokeAPI name, such as `"solar-power"`.
        public var name: String
        /// The name in the entry's language, such as "Solar Power"; the PokeAPI name when
        /// not known.
        public var displayName: String
        /// Whether it is the Pokémon's hidden ability.
        public var isHidden: Bool
        /// What it does, in a sentence, in the entry's language: its short effect, or the
        /// games' description where the data has that in the language and not the effect;
        /// the English effect where it has neither; `nil` when not known.
        public var effect: String?

        /// Creates an ability of an entry.
        ///
        /// - Parameters:
        ///   - name: The PokeAPI name.
        ///   - displayName: The English name.
        ///   - isHidden: Whether it is the hidden ability.
        ///   - effect: What it does.
        public init(name: String, displayName: String, isHidden: Bool, effect: String?) {
            self.name = name
            self.displayName = displayName
            self.isHidden = isHidden
            self.effect = effect
        }

        enum CodingKeys: String, CodingKey {
            case name, effect
            case displayName = "display_name"
            case isHidden = "is_hidden"
        }
    }

    /// One base stat and its value.
    public struct BaseStat: Hashable, Sendable, Codable {
        /// The stat.
        public var stat: Stat
        /// Its base value, 1 to 255.
        public var value: Int

        /// Creates a base stat.
        ///
        /// - Parameters:
        ///   - stat: The stat.
        ///   - value: Its base value.
        public init(stat: Stat, value: Int) {
            self.stat = stat
            self.value = value
        }
    }

    /// The total of the base stats.
    public var baseStatTotal: Int {
        stats.reduce(0) { $0 + $1.value }
    }

    enum CodingKeys: String, CodingKey {
        case id, name, genus, types, height, weight, generation, abilities, stats, matchups
        case evolution, forms, favorite, notes, translation
        case displayName = "display_name"
        case speciesID = "species_id"
        case flavorText = "flavor_text"
        case isLegendary = "is_legendary"
        case isMythical = "is_mythical"
        case isBaby = "is_baby"
        case speciesNames = "species_names"
    }
}
