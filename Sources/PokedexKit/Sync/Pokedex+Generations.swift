extension PokemonSpecies {
    /// The ids of the species a generation introduced: the National Pokédex numbers of its
    /// games, `1...151` for generation 1 (Red and Blue) to `906...1025` for generation 9
    /// (Scarlet and Violet).
    ///
    /// ```swift
    /// PokemonSpecies.ids(ofGeneration: 2)    // 152...251
    /// ```
    ///
    /// PokeAPI numbers species in National Pokédex order, each generation's after the last,
    /// so a species' ``generation`` is the one whose range holds its id.
    ///
    /// - Parameter generation: A generation, from 1.
    /// - Returns: The range, or `nil` for a generation PokeAPI does not have (0, 10, …).
    public static func ids(ofGeneration generation: Int) -> ClosedRange<Int>? {
        guard generationEnds.indices.contains(generation - 1) else { return nil }
        let first = generation == 1 ? 1 : generationEnds[generation - 2] + 1
        return first...generationEnds[generation - 1]
    }

    /// The generation that introduced the species of an id, or `nil` for an id that is no
    /// species'.
    ///
    /// - Parameter id: A species' id, its number in the national Pokédex.
    /// - Returns: The generation, 1 for 1–151.
    public static func generation(ofID id: Int) -> Int? {
        guard id >= 1, let index = generationEnds.firstIndex(where: { id <= $0 }) else {
            return nil
        }
        return index + 1
    }

    /// The last species id of each generation, 1 to 9.
    private static let generationEnds = [151, 251, 386, 493, 649, 721, 809, 905, 1025]
}

extension Pokedex {
    /// The ids of a generation's Pokémon, for ``sync(_:mode:)``: the default form of each
    /// species the generation introduced, followed by their other forms (megas, regional
    /// forms, …), which only the species name.
    ///
    /// ```swift
    /// let ids = try await pokedex.pokemonIDs(ofGeneration: 1)   // 1…151, 10033, 10034, …
    /// try await pokedex.syncAll(ids)
    /// ```
    ///
    /// The species come from the ``database`` when it holds them, the rest from the client,
    /// concurrently; those fetched are saved when the database keeps species, so that the sync
    /// that follows does not fetch them again. A species the service does not give (a 404, or
    /// a failure after every retry) contributes its default form alone, whose id is the
    /// species' id: the sync then reports that Pokémon as it would any other.
    ///
    /// - Parameter generation: A generation, from 1 to 9.
    /// - Returns: The Pokémon ids, default forms in species order first, then the other forms
    ///   in the same order; empty for a generation PokeAPI does not have.
    /// - Throws: A `StoreError` when the database cannot be read or written;
    ///   `CancellationError` when the task is cancelled.
    public func pokemonIDs(ofGeneration generation: Int) async throws -> [Int] {
        guard let speciesIDs = PokemonSpecies.ids(ofGeneration: generation) else { return [] }
        let stored = try await storedSpecies(ids: Array(speciesIDs))
        let storedIDs = Set(stored.map(\.id))
        let fetched = try await fetchAll(speciesIDs.filter { !storedIDs.contains($0) }) {
            [client] id -> PokemonSpecies? in
            do {
                return try await client.species(id: id)
            } catch is PokeAPIError {
                return nil
            }
        }
        if let database, kept.species, !fetched.isEmpty {
            try await database.transaction { $0.insertAbsent(fetched) }
        }
        let byID = Dictionary(
            (stored + fetched).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var defaults: [Int] = []
        var others: [Int] = []
        for id in speciesIDs {
            guard let species = byID[id] else {
                defaults.append(id)
                continue
            }
            defaults.append(species.defaultPokemonID ?? id)
            others += species.varieties.filter { !$0.isDefault }.map(\.pokemonID)
        }
        return defaults + others
    }
}
