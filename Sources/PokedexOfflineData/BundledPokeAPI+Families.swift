import PokedexKit

extension BundledPokeAPI {
    /// A bundled species.
    ///
    /// The bundle keeps each species' last English flavor text
    /// (`PokemonSpecies.latestFlavorText(_:)`); every other field is as the service sends it.
    ///
    /// - Parameter id: A species id, 1–1025.
    /// - Returns: The species.
    /// - Throws: ``BundledDataError/notBundled(id:family:)`` for any other id;
    ///   ``BundledDataError/missingResource(_:)`` or a `DecodingError` if the bundle is
    ///   damaged.
    public static func species(id: Int) throws -> PokemonSpecies {
        try entry(id, of: BundledContents.species, family: .species)
    }

    /// Every bundled species, in id order.
    ///
    /// - Returns: The 1,025 species.
    /// - Throws: ``BundledDataError/missingResource(_:)`` or a `DecodingError` if the bundle is
    ///   damaged.
    public static func allSpecies() throws -> [PokemonSpecies] {
        try BundledContents.species.get().entries()
    }

    /// A bundled evolution chain.
    ///
    /// - Parameter id: A chain id, as a species names it in
    ///   `PokemonSpecies.evolutionChainID` (chain ids have gaps).
    /// - Returns: The chain.
    /// - Throws: ``BundledDataError/notBundled(id:family:)`` for any other id;
    ///   ``BundledDataError/missingResource(_:)`` or a `DecodingError` if the bundle is
    ///   damaged.
    public static func evolutionChain(id: Int) throws -> EvolutionChain {
        try entry(id, of: BundledContents.evolutionChains, family: .evolutionChain)
    }

    /// Every bundled evolution chain, in id order.
    ///
    /// - Returns: The 541 chains.
    /// - Throws: ``BundledDataError/missingResource(_:)`` or a `DecodingError` if the bundle is
    ///   damaged.
    public static func allEvolutionChains() throws -> [EvolutionChain] {
        try BundledContents.allEvolutionChains.get()
    }

    /// A bundled type's details.
    ///
    /// - Parameter id: A type id: 1–19, 10001 or 10002.
    /// - Returns: The type's details.
    /// - Throws: ``BundledDataError/notBundled(id:family:)`` for any other id;
    ///   ``BundledDataError/missingResource(_:)`` or a `DecodingError` if the bundle is
    ///   damaged.
    public static func pokemonType(id: Int) throws -> PokemonTypeDetails {
        try entry(id, of: BundledContents.types, family: .type)
    }

    /// Every bundled type's details, in id order.
    ///
    /// - Returns: The 21 types.
    /// - Throws: ``BundledDataError/missingResource(_:)`` or a `DecodingError` if the bundle is
    ///   damaged.
    public static func allTypes() throws -> [PokemonTypeDetails] {
        try BundledContents.allTypes.get()
    }

    /// The type chart of every bundled type.
    ///
    /// ```swift
    /// try BundledPokeAPI.typeChart().multiplier(of: .ground, against: [.fire, .flying])  // 0
    /// ```
    ///
    /// - Returns: The chart.
    /// - Throws: ``BundledDataError/missingResource(_:)`` or a `DecodingError` if the bundle is
    ///   damaged.
    public static func typeChart() throws -> TypeChart {
        TypeChart(try allTypes())
    }

    /// A bundled ability.
    ///
    /// - Parameter id: An ability id.
    /// - Returns: The ability.
    /// - Throws: ``BundledDataError/notBundled(id:family:)`` for any other id;
    ///   ``BundledDataError/missingResource(_:)`` or a `DecodingError` if the bundle is
    ///   damaged.
    public static func ability(id: Int) throws -> PokemonAbility {
        try entry(id, of: BundledContents.abilities, family: .ability)
    }

    /// Every bundled ability, in id order.
    ///
    /// - Returns: The 373 abilities.
    /// - Throws: ``BundledDataError/missingResource(_:)`` or a `DecodingError` if the bundle is
    ///   damaged.
    public static func allAbilities() throws -> [PokemonAbility] {
        try BundledContents.allAbilities.get()
    }

    /// The entry of a table, or ``BundledDataError/notBundled(id:family:)``.
    private static func entry<Entry>(
        _ id: Int, of table: Result<BundledContents.Table<Entry>, any Error>,
        family: BundledDataError.Family
    ) throws -> Entry {
        guard let entry = try table.get().entry(id: id) else {
            throw BundledDataError.notBundled(id: id, family: family)
        }
        return entry
    }
}
