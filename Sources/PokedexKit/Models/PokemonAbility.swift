/// An ability as PokeAPI describes it at `GET /api/v2/ability/{id}`, such as Blaze or Solar
/// Power: its names, the generation that introduced it, and what it does.
///
/// A Pokémon names its abilities in ``FetchedPokemon/abilities``; this is what the service
/// knows about each:
///
/// ```swift
/// let overgrow = try JSONDecoder().decode(PokemonAbility.self, from: data)
/// overgrow.localizedName("en")    // "Overgrow"
/// overgrow.shortEffect            // "Strengthens Grass moves to inflict 1.5× damage at …"
/// ```
///
/// It decodes the service's nested shape, ignoring keys it does not read, and encodes that
/// shape back, so a value survives a round trip and is kept as it is in a `ModelStore`.
public struct PokemonAbility: Hashable, Sendable, Identifiable {
    /// The PokeAPI id.
    public var id: Int
    /// The lower-case PokeAPI name, such as `"solar-power"`.
    public var name: String
    /// The ability's name by language (`"en"`: `"Solar Power"`).
    public var names: [String: String]
    /// The generation that introduced the ability.
    public var generation: Int
    /// Whether the main series of games has the ability (some are from spin-offs only).
    public var isMainSeries: Bool
    /// What the ability does, in a sentence, by language (`"en"`); abilities of the newest
    /// games have none.
    public var shortEffects: [String: String]
    /// What the ability does, in full, by language (`"en"`).
    public var effects: [String: String]
    /// The games' descriptions of the ability, in order, each with its language and version
    /// group.
    public var flavorTexts: [FlavorText]

    /// What the ability does, in a sentence, in English; `nil` where the service has no
    /// English effect (abilities of the newest games).
    public var shortEffect: String? {
        get { shortEffects["en"] }
        set { shortEffects["en"] = newValue }
    }

    /// What the ability does, in full, in English; `nil` where the service has none.
    public var effect: String? {
        get { effects["en"] }
        set { effects["en"] = newValue }
    }

    /// Creates an ability.
    ///
    /// - Parameters:
    ///   - id: The PokeAPI id.
    ///   - name: The PokeAPI name.
    ///   - names: The name by language.
    ///   - generation: The generation that introduced it.
    ///   - isMainSeries: Whether the main series has it.
    ///   - shortEffect: What it does, in a sentence, in English.
    ///   - effect: What it does, in full, in English.
    ///   - shortEffects: What it does, in a sentence, in other languages too.
    ///   - effects: What it does, in full, in other languages too.
    ///   - flavorTexts: The games' descriptions, in order.
    public init(
        id: Int,
        name: String,
        names: [String: String] = [:],
        generation: Int,
        isMainSeries: Bool = true,
        shortEffect: String? = nil,
        effect: String? = nil,
        shortEffects: [String: String] = [:],
        effects: [String: String] = [:],
        flavorTexts: [FlavorText] = []
    ) {
        self.id = id
        self.name = name
        self.names = names
        self.generation = generation
        self.isMainSeries = isMainSeries
        self.shortEffects = shortEffects
        self.effects = effects
        self.flavorTexts = flavorTexts
        if let shortEffect { self.shortEffects["en"] = shortEffect }
        if let effect { self.effects["en"] = effect }
    }
}
