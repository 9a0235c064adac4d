import KeyPathQuery

/// The table's Pokémon and species together, as a database of both models holds them: what a
/// condition that follows a reference reads in memory, and what the independent filters of
/// ``ReferenceRow`` look records up in.
package struct PokedexRecords: RelatedRecordLookup, Sendable {
    /// Every Pokémon of ``PokemonFixture/pokemon()``.
    package let pokemon: [Pokemon]
    /// Every species of ``PokemonFixture/species()``.
    package let species: [Species]
    private let speciesByID: [Int: Species]
    private let varietiesBySpeciesID: [Int: [Pokemon]]

    /// The records of the fixtures.
    ///
    /// - Throws: ``PokemonFixture/LoadingError`` when a fixture is missing or inconsistent.
    package static func fixtures() throws -> PokedexRecords {
        PokedexRecords(pokemon: try PokemonFixture.pokemon(), species: try PokemonFixture.species())
    }

    /// Records held as given.
    package init(pokemon: [Pokemon], species: [Species]) {
        self.pokemon = pokemon
        self.species = species
        speciesByID = Dictionary(species.map { ($0.id, $0) }) { first, _ in first }
        varietiesBySpeciesID = Dictionary(grouping: pokemon.filter { $0.speciesID != nil }) {
            $0.speciesID ?? 0
        }
    }

    /// The species a Pokémon refers to, or `nil` when it refers to none (or to no species
    /// held here): plain Swift, for the independent filters.
    package func species(of pokemon: Pokemon) -> Species? {
        pokemon.speciesID.flatMap { speciesByID[$0] }
    }

    /// The Pokémon that refer to a species, in the order they are held.
    package func varieties(of species: Species) -> [Pokemon] {
        varietiesBySpeciesID[species.id] ?? []
    }

    /// The records of either model that satisfy a condition, resolved through these records
    /// first as a database resolves its own queries.
    package func records<Model: Queryable>(
        of model: Model.Type, where condition: Condition<Model>
    ) throws -> [Model] {
        let resolved = try condition.resolvingReferences(in: self)
        if let pokemon = pokemon as? [Model] { return try resolved.filter(pokemon) }
        if let species = species as? [Model] { return try resolved.filter(species) }
        return []
    }
}
