/// A family of PokeAPI resources, named as PokeAPI's paths name it: the Pokémon
/// (`/api/v2/pokemon/`), their species, evolution chains, types, abilities and moves.
///
/// ```swift
/// let abilities = try await client.listAll(.ability)     // all 373, page by page
/// PokeAPIFamily.species.rawValue                          // "pokemon-species"
/// ```
///
/// A structure with static members rather than an enumeration, so that a later version can
/// add a family without breaking a `switch`.
public struct PokeAPIFamily: Hashable, Sendable, CustomStringConvertible {
    /// The resource's name in PokeAPI's paths, such as `"pokemon-species"`.
    public let rawValue: String
    /// The family as a sentence names one of it, such as `"Evolution chain"` or
    /// `"Species"`.
    public let displayName: String
    /// The family as a sentence names more than one of it, such as `"Evolution chains"`:
    /// the plural of ``displayName``.
    ///
    /// ```swift
    /// let family = PokeAPIFamily.ability, count = 61
    /// let name = count == 1 ? family.displayName : family.pluralDisplayName
    /// print("\(name): \(count)")                 // "Abilities: 61"
    /// ```
    public let pluralDisplayName: String
    /// Whether the family's list names each resource (`{"name": …, "url": …}`); evolution
    /// chains' gives links alone.
    public let hasNamedList: Bool
    /// The static member's name, for messages: `evolutionChain`.
    let memberName: String

    private init(
        rawValue: String, displayName: String, pluralDisplayName: String, memberName: String,
        hasNamedList: Bool = true
    ) {
        self.rawValue = rawValue
        self.displayName = displayName
        self.pluralDisplayName = pluralDisplayName
        self.memberName = memberName
        self.hasNamedList = hasNamedList
    }

    /// Pokémon (`/api/v2/pokemon/`), decoded as ``FetchedPokemon``.
    public static let pokemon = PokeAPIFamily(
        rawValue: "pokemon", displayName: "Pokémon", pluralDisplayName: "Pokémon",
        memberName: "pokemon")
    /// Species (`/api/v2/pokemon-species/`), decoded as ``PokemonSpecies``.
    public static let species = PokeAPIFamily(
        rawValue: "pokemon-species", displayName: "Species", pluralDisplayName: "Species",
        memberName: "species")
    /// Evolution chains (`/api/v2/evolution-chain/`), decoded as ``EvolutionChain``.
    public static let evolutionChain = PokeAPIFamily(
        rawValue: "evolution-chain", displayName: "Evolution chain",
        pluralDisplayName: "Evolution chains", memberName: "evolutionChain",
        hasNamedList: false)
    /// Types (`/api/v2/type/`), decoded as ``PokemonTypeDetails``.
    public static let type = PokeAPIFamily(
        rawValue: "type", displayName: "Type", pluralDisplayName: "Types",
        memberName: "type")
    /// Abilities (`/api/v2/ability/`), decoded as ``PokemonAbility``.
    public static let ability = PokeAPIFamily(
        rawValue: "ability", displayName: "Ability", pluralDisplayName: "Abilities",
        memberName: "ability")

    /// Moves (`/api/v2/move/`), decoded as ``Move``.
    public static let move = PokeAPIFamily(
        rawValue: "move", displayName: "Move", pluralDisplayName: "Moves", memberName: "move")

    /// Every family this version knows, Pokémon first.
    public static let all: [PokeAPIFamily] = [
        .pokemon, .species, .evolutionChain, .type, .ability, .move,
    ]

    /// The resource's name in PokeAPI's paths.
    public var description: String { rawValue }
}
