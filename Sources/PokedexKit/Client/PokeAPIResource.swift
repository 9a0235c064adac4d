/// A PokeAPI resource this package decodes, with the family whose paths name it: a
/// ``FetchedPokemon``, a ``PokemonSpecies``, an ``EvolutionChain``, a ``PokemonTypeDetails``
/// or a ``PokemonAbility``.
///
/// A link from a list resolves to the value it names with
/// ``PokeAPIClient/resource(at:as:)``:
///
/// ```swift
/// let first = try await client.list(.ability, limit: 1).results[0]
/// let stench = try await client.resource(at: first, as: PokemonAbility.self)
/// ```
public protocol PokeAPIResource: Decodable, Sendable {
    /// The family of the resources of this type.
    static var family: PokeAPIFamily { get }
}

extension FetchedPokemon: PokeAPIResource {
    /// ``PokeAPIFamily/pokemon``.
    public static var family: PokeAPIFamily { .pokemon }
}

extension PokemonSpecies: PokeAPIResource {
    /// ``PokeAPIFamily/species``.
    public static var family: PokeAPIFamily { .species }
}

extension EvolutionChain: PokeAPIResource {
    /// ``PokeAPIFamily/evolutionChain``.
    public static var family: PokeAPIFamily { .evolutionChain }
}

extension PokemonTypeDetails: PokeAPIResource {
    /// ``PokeAPIFamily/type``.
    public static var family: PokeAPIFamily { .type }
}

extension PokemonAbility: PokeAPIResource {
    /// ``PokeAPIFamily/ability``.
    public static var family: PokeAPIFamily { .ability }
}

extension Move: PokeAPIResource {
    /// Moves: `/api/v2/move/`.
    public static var family: PokeAPIFamily { .move }
}
