/// How much of one generation a store holds: its species with a Pokémon stored, and its
/// Pokémon, forms included.
public struct GenerationCount: Hashable, Sendable, Codable {
    /// The generation, 1 for Red and Blue.
    public var generation: Int
    /// The species the generation introduced, in the national Pokédex.
    public var speciesTotal: Int
    /// Those of its species with at least one Pokémon stored.
    public var species: Int
    /// The stored Pokémon of its species, every form counted.
    public var pokemon: Int
    /// The ids of its species with no Pokémon stored, in order.
    public var missingSpecies: [Int]

    /// Creates a generation's counts.
    ///
    /// - Parameters:
    ///   - generation: The generation.
    ///   - speciesTotal: The species it introduced.
    ///   - species: Those with a Pokémon stored.
    ///   - pokemon: The stored Pokémon of its species.
    ///   - missingSpecies: The ids of its species with none stored.
    public init(
        generation: Int, speciesTotal: Int, species: Int, pokemon: Int, missingSpecies: [Int]
    ) {
        self.generation = generation
        self.speciesTotal = speciesTotal
        self.species = species
        self.pokemon = pokemon
        self.missingSpecies = missingSpecies
    }

    /// The counts of every generation, from the number of stored Pokémon of each species.
    ///
    /// ```swift
    /// let counts = GenerationCount.counts(pokemonBySpecies: [1: 1, 6: 4, 25: 17])
    /// counts[0].species   // 3 of generation 1's 151
    /// counts[0].pokemon   // 22
    /// ```
    ///
    /// - Parameter pokemonBySpecies: The stored Pokémon of each species id, forms included;
    ///   an id that is no species' counts nowhere.
    /// - Returns: The counts of each generation, from the first.
    /// - Complexity: O(*s*) in the species of every generation.
    public static func counts(pokemonBySpecies: [Int: Int]) -> [GenerationCount] {
        var counts: [GenerationCount] = []
        var generation = 1
        while let ids = PokemonSpecies.ids(ofGeneration: generation) {
            let missing = ids.filter { pokemonBySpecies[$0] == nil }
            counts.append(
                GenerationCount(
                    generation: generation, speciesTotal: ids.count,
                    species: ids.count - missing.count,
                    pokemon: ids.reduce(0) { $0 + (pokemonBySpecies[$1] ?? 0) },
                    missingSpecies: missing))
            generation += 1
        }
        return counts
    }
}
