import PokedexKit

extension PokedexRecords {
    /// Every record of the bundled data: what a database of `PokedexModels.all` holds after a
    /// full `pokedex sync` — 1,351 Pokémon, 1,025 species, 541 evolution chains, 21 types,
    /// 373 abilities, 937 moves and 77,622 learnset entries.
    ///
    /// ```swift
    /// let dex = try InMemoryModelDatabase(for: PokedexModels.all)
    /// let records = try PokedexRecords.bundled()
    /// try await dex.transaction { records.write(to: &$0) }
    /// ```
    ///
    /// - Returns: The records, each model in id order.
    /// - Throws: ``BundledDataError/missingResource(_:)`` or a `DecodingError` if the bundle is
    ///   damaged.
    public static func bundled() throws -> PokedexRecords {
        PokedexRecords(
            pokemon: try BundledContents.pokemon.get().entries().map(Pokemon.init),
            species: try BundledPokeAPI.allSpecies(),
            chains: try BundledPokeAPI.allEvolutionChains(),
            types: try BundledPokeAPI.allTypes(),
            abilities: try BundledPokeAPI.allAbilities(),
            moves: try BundledPokeAPI.allMoves(),
            learnsets: try BundledPokeAPI.allLearnsets())
    }
}
