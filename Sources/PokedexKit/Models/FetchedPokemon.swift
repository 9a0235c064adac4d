import Foundation

/// A Pokémon as PokeAPI describes it at `GET /api/v2/pokemon/{id}`.
///
/// `FetchedPokemon` keeps the facts an app needs from the service's large response — its
/// learnset (``learnset``) and about 2 % of the other bytes — and ignores the rest, including
/// fields the service adds later. It decodes the service's nested shape and encodes the same
/// shape back, so a value survives a round trip:
///
/// ```swift
/// let pikachu = try JSONDecoder().decode(FetchedPokemon.self, from: data)
/// pikachu.types       // [.electric]
/// pikachu.attack      // 55
/// let again = try JSONDecoder().decode(
///     FetchedPokemon.self, from: try JSONEncoder().encode(pikachu))
/// again == pikachu    // true
/// ```
///
/// Types are ordered by their `slot`, abilities by theirs, and base stats are read by the stat's
/// name, never by position. To store a Pokémon with the user's own data beside it, make a
/// ``Pokemon`` from it.
public struct FetchedPokemon: Hashable, Sendable, Identifiable {
    /// The PokeAPI id: 1–1025 for default forms, 10001 and up for alternate forms.
    public var id: Int
    /// The lower-case PokeAPI name, such as `"charizard"` or `"pikachu-starter"`.
    public var name: String
    /// The Pokémon's types, primary first (ordered by the service's `slot`).
    public var types: [PokemonType]
    /// The base hit points.
    public var hp: Int
    /// The base attack.
    public var attack: Int
    /// The base defense.
    public var defense: Int
    /// The base special attack.
    public var specialAttack: Int
    /// The base special defense.
    public var specialDefense: Int
    /// The base speed.
    public var speed: Int
    /// The front sprite's URL, or `nil` where the service has none (`sprites.front_default`).
    public var sprite: URL?
    /// The shiny front sprite's URL, or `nil` where the service has none
    /// (`sprites.front_shiny`).
    public var shiny: URL?
    /// The height in decimetres.
    public var height: Int
    /// The weight in hectograms.
    public var weight: Int
    /// The experience gained for defeating this Pokémon, or `nil` where the service has none
    /// (as for many mega forms).
    public var baseExperience: Int?
    /// The Pokémon's abilities in slot order; empty for some alternate forms.
    public var abilities: [Ability]
    /// The id of the Pokémon's ``PokemonSpecies`` (read from `species.url`): the id itself for
    /// a default form, another for an alternate form (10034, charizard-mega-x, is species
    /// 6); `nil` when the response names no species.
    public var speciesID: Int?
    /// The moves the Pokémon learns, as ``LearnsetEntry`` records of its id: one for each
    /// move, method, level and version group the service lists in `moves`, in its order;
    /// empty when the response has none.
    public var learnset: [LearnsetEntry]

    /// Creates a Pokémon from its facts.
    ///
    /// - Parameters:
    ///   - id: The PokeAPI id.
    ///   - name: The PokeAPI name.
    ///   - types: The types, primary first.
    ///   - hp: The base hit points.
    ///   - attack: The base attack.
    ///   - defense: The base defense.
    ///   - specialAttack: The base special attack.
    ///   - specialDefense: The base special defense.
    ///   - speed: The base speed.
    ///   - sprite: The front sprite's URL.
    ///   - shiny: The shiny front sprite's URL.
    ///   - height: The height in decimetres.
    ///   - weight: The weight in hectograms.
    ///   - baseExperience: The base experience.
    ///   - abilities: The abilities in slot order.
    ///   - speciesID: The id of the Pokémon's species.
    ///   - learnset: The moves it learns.
    public init(
        id: Int,
        name: String,
        types: [PokemonType],
        hp: Int,
        attack: Int,
        defense: Int,
        specialAttack: Int,
        specialDefense: Int,
        speed: Int,
        sprite: URL? = nil,
        shiny: URL? = nil,
        height: Int,
        weight: Int,
        baseExperience: Int? = nil,
        abilities: [Ability] = [],
        speciesID: Int? = nil,
        learnset: [LearnsetEntry] = []
    ) {
        self.id = id
        self.name = name
        self.types = types
        self.hp = hp
        self.attack = attack
        self.defense = defense
        self.specialAttack = specialAttack
        self.specialDefense = specialDefense
        self.speed = speed
        self.sprite = sprite
        self.shiny = shiny
        self.height = height
        self.weight = weight
        self.baseExperience = baseExperience
        self.abilities = abilities
        self.speciesID = speciesID
        self.learnset = learnset
    }
}

extension FetchedPokemon {
    /// One of a Pokémon's abilities.
    public struct Ability: Hashable, Sendable {
        /// The ability's PokeAPI name, such as `"overgrow"`.
        public var name: String
        /// Whether this is the Pokémon's hidden ability.
        public var isHidden: Bool
        /// The ability's slot (1–3).
        public var slot: Int

        /// Creates an ability.
        ///
        /// - Parameters:
        ///   - name: The ability's PokeAPI name.
        ///   - isHidden: Whether it is the hidden ability.
        ///   - slot: The ability's slot.
        public init(name: String, isHidden: Bool = false, slot: Int) {
            self.name = name
            self.isHidden = isHidden
            self.slot = slot
        }
    }
}
