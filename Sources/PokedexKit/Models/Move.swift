/// A move as PokeAPI describes it at `GET /api/v2/move/{id}`, such as Flamethrower: its names
/// in every language, its type, power, accuracy and PP, and what it does.
///
/// A Pokémon's learnset refers to its moves (``LearnsetEntry/moveID``); this is what the
/// service knows about each:
///
/// ```swift
/// let flamethrower = try JSONDecoder().decode(Move.self, from: data)
/// flamethrower.localizedName("de")      // "Flammenwurf"
/// flamethrower.power                    // 90
/// flamethrower.shortEffect()            // "Has a 10% chance to burn the target."
/// ```
///
/// Every text is kept by language, as the service sends it: the names, the effects (the
/// service's `$effect_chance` filled in with ``effectChance``) and the latest flavor text of
/// each language. It decodes the service's nested shape, ignoring keys it does not read
/// (contest data, past values, the Pokémon that learn it), and encodes that shape back, so a
/// value survives a round trip and is kept as it is in a `ModelStore`.
public struct Move: Hashable, Sendable, Identifiable {
    /// The PokeAPI id: 1–919 for the main series' moves, 10001 and up for the others.
    public var id: Int
    /// The lower-case PokeAPI name, such as `"flamethrower"`.
    public var name: String
    /// The move's name by language (`"en"`: `"Flamethrower"`, `"ja"`: `"かえんほうしゃ"`).
    public var names: [String: String]
    /// The move's type.
    public var type: PokemonType
    /// The base power, or `nil` for a move that deals no damage, or none of a fixed amount.
    public var power: Int?
    /// The accuracy in percent, or `nil` for a move that never misses or aims at no one.
    public var accuracy: Int?
    /// The power points: how many times the move can be used before a rest; `nil` where the
    /// service has none.
    public var pp: Int?
    /// The priority, -7 to 5: a move of higher priority goes first.
    public var priority: Int
    /// The damage class' PokeAPI name: `"physical"`, `"special"` or `"status"`; `nil` where
    /// the service has none.
    public var damageClass: String?
    /// The target's PokeAPI name, such as `"selected-pokemon"` or `"all-opponents"`.
    public var target: String
    /// The chance in percent of the move's added effect, or `nil` when it has none.
    public var effectChance: Int?
    /// What the move does, in full, by language, with its chance filled in.
    public var effects: [String: String]
    /// What the move does, in a sentence, by language, with its chance filled in.
    public var shortEffects: [String: String]
    /// The games' descriptions, the latest of each language.
    ///
    /// They are cleaned of the games' line breaks and kept in the service's order;
    /// ``FlavorText/version`` holds the version group's name, such as `"scarlet-violet"`.
    public var flavorTexts: [FlavorText]
    /// The generation that introduced the move, 1 for Red and Blue.
    public var generation: Int

    /// Creates a move.
    ///
    /// - Parameters:
    ///   - id: The PokeAPI id.
    ///   - name: The PokeAPI name.
    ///   - names: The name by language.
    ///   - type: The move's type.
    ///   - power: The base power, if it has one.
    ///   - accuracy: The accuracy in percent, if it has one.
    ///   - pp: The power points.
    ///   - priority: The priority.
    ///   - damageClass: The damage class' name.
    ///   - target: The target's name.
    ///   - effectChance: The chance of its added effect, in percent.
    ///   - effects: What it does, in full, by language.
    ///   - shortEffects: What it does, in a sentence, by language.
    ///   - flavorTexts: The games' descriptions.
    ///   - generation: The generation that introduced it.
    public init(
        id: Int,
        name: String,
        names: [String: String] = [:],
        type: PokemonType,
        power: Int? = nil,
        accuracy: Int? = nil,
        pp: Int? = nil,
        priority: Int = 0,
        damageClass: String? = nil,
        target: String = "selected-pokemon",
        effectChance: Int? = nil,
        effects: [String: String] = [:],
        shortEffects: [String: String] = [:],
        flavorTexts: [FlavorText] = [],
        generation: Int
    ) {
        self.id = id
        self.name = name
        self.names = names
        self.type = type
        self.power = power
        self.accuracy = accuracy
        self.pp = pp
        self.priority = priority
        self.damageClass = damageClass
        self.target = target
        self.effectChance = effectChance
        self.effects = effects
        self.shortEffects = shortEffects
        self.flavorTexts = flavorTexts
        self.generation = generation
    }
}

extension Move: LocalizedNameProviding {
    /// The move's English name, or its PokeAPI name when the service has none:
    /// `"Flamethrower"` for `flamethrower`.
    public var displayName: String { localizedName() ?? name }

    /// What the move does, in full, in a language.
    ///
    /// - Parameter language: The language's PokeAPI name; `"en"` by default.
    /// - Returns: The effect, or `nil` when the service has none in that language.
    public func effect(_ language: String = "en") -> String? {
        effects[language]
    }

    /// What the move does, in a sentence, in a language.
    ///
    /// - Parameter language: The language's PokeAPI name; `"en"` by default.
    /// - Returns: The short effect, or `nil` when the service has none in that language.
    public func shortEffect(_ language: String = "en") -> String? {
        shortEffects[language]
    }

    /// The latest description of the move in a language.
    ///
    /// - Parameter language: The language's PokeAPI name; `"en"` by default.
    /// - Returns: The last of the language's flavor texts, or `nil` when it has none.
    public func flavorText(_ language: String = "en") -> FlavorText? {
        flavorTexts.last { $0.language == language }
    }

    /// A text of the service with its `$effect_chance` placeholder filled in.
    ///
    /// ```swift
    /// Move.fillingIn("Has a $effect_chance% chance to burn.", chance: 10)
    /// // "Has a 10% chance to burn."
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text as the service sends it.
    ///   - chance: The move's ``effectChance``; without one the text is returned as it is.
    /// - Returns: The text with the chance in place of each placeholder.
    public static func fillingIn(_ text: String, chance: Int?) -> String {
        guard let chance else { return text }
        return text.replacing("$effect_chance", with: String(chance))
    }
}
