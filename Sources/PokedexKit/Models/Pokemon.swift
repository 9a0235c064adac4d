import Foundation

/// A Pokémon as the app stores it: the service's facts, flattened.
///
/// `Pokemon` is the record you keep in a `ModelStore`, query with
/// `Condition`, and show in a list. Make one from what the service sent:
///
/// ```swift
/// let charizard = Pokemon(fetched)
/// ```
///
/// It is reference data: the user's own data about a Pokémon is kept in records of its own
/// that refer to it (``Favorite``, ``Note``). The service owns every property but the
/// legacy ``favorite`` flag; ``refresh(from:)`` takes newer facts from the service and keeps
/// that flag as it was. Its stored form is a flat JSON object whose
/// keys are the attribute names of its `Queryable` mapping (`special_attack`,
/// `base_experience`, …).
public struct Pokemon: Hashable, Sendable, Identifiable {
    /// The PokeAPI id.
    public var id: Int
    /// The lower-case PokeAPI name, such as `"charizard"`.
    public var name: String
    /// The types, primary first.
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
    /// The front sprite's URL, if the service has one.
    public var sprite: URL?
    /// The shiny front sprite's URL, if the service has one.
    public var shiny: URL?
    /// The height in decimetres.
    public var height: Int
    /// The weight in hectograms.
    public var weight: Int
    /// The base experience, if the service has one.
    public var baseExperience: Int?
    /// The names of the abilities, in slot order, the hidden one included.
    public var abilities: [String]
    /// The name of the hidden ability, one of ``abilities``; `nil` when the Pokémon has none
    /// or it is not known (a record stored before version 2 of the schema, until a sync
    /// refreshes it).
    public var hiddenAbility: String?
    /// The id of the Pokémon's ``PokemonSpecies``: the id itself for a species' default form
    /// (25, pikachu), another for an alternate form (10034, charizard-mega-x, is species 6);
    /// `nil` when it is not known, as for a record stored before version 2 of the schema
    /// until a sync refreshes it.
    ///
    /// It is the link a condition follows to the species (`.reference(\.speciesID, to:
    /// PokemonSpecies.self, where: \.isLegendary == true)`) in a database that holds both
    /// models. It is not declared in `references`, so a store of Pokémon alone still opens,
    /// and a Pokémon may be stored before its species.
    public var speciesID: Int?
    /// The legacy favorite flag: whether an earlier version marked this Pokémon as a
    /// favorite on its record.
    ///
    /// The Pokédex no longer sets or reads it: favorites are ``Favorite`` records, and
    /// ``Pokedex/migrateLegacyFavorites()`` moves the flags of a store an earlier version
    /// wrote to them. It stays an attribute of the record, stored, indexed and queryable
    /// (`\.favorite == true`) as before, for stores written earlier and for code that uses
    /// it as an attribute of its own. The service never sets it.
    public var favorite: Bool

    /// Creates a record from its facts.
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
    ///   - abilities: The ability names in slot order.
    ///   - hiddenAbility: The hidden ability's name, one of `abilities`.
    ///   - speciesID: The id of its species, or `nil` when it is not known.
    ///   - favorite: The legacy favorite flag (see ``favorite``).
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
        abilities: [String] = [],
        hiddenAbility: String? = nil,
        speciesID: Int? = nil,
        favorite: Bool = false
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
        self.hiddenAbility = hiddenAbility
        self.speciesID = speciesID
        self.favorite = favorite
    }

    /// Creates a record from what the service sent, its legacy ``favorite`` flag clear.
    ///
    /// - Parameter fetched: The Pokémon as PokeAPI describes it.
    public init(_ fetched: FetchedPokemon) {
        self.init(
            id: fetched.id,
            name: fetched.name,
            types: fetched.types,
            hp: fetched.hp,
            attack: fetched.attack,
            defense: fetched.defense,
            specialAttack: fetched.specialAttack,
            specialDefense: fetched.specialDefense,
            speed: fetched.speed,
            sprite: fetched.sprite,
            shiny: fetched.shiny,
            height: fetched.height,
            weight: fetched.weight,
            baseExperience: fetched.baseExperience,
            abilities: fetched.abilities.map(\.name),
            hiddenAbility: fetched.abilities.first(where: \.isHidden)?.name,
            speciesID: fetched.speciesID
        )
    }

    /// Takes the service's newer facts and keeps the user's own data.
    ///
    /// Every property the service owns is replaced; ``favorite`` is kept.
    ///
    /// - Parameter fetched: The newer facts. Its ``FetchedPokemon/id`` should match ``id``.
    public mutating func refresh(from fetched: FetchedPokemon) {
        let favorite = self.favorite
        self = Pokemon(fetched)
        self.favorite = favorite
    }

    /// The total of the six base stats.
    public var baseStatTotal: Int {
        hp + attack + defense + specialAttack + specialDefense + speed
    }
}
