extension Pokedex {
    /// The Pokédex entry of a stored Pokémon: its record with its species, evolution chain,
    /// abilities and type matchups.
    ///
    /// ```swift
    /// let charizard = try await pokedex.entry(id: 6)
    /// print(charizard?.genus ?? "", charizard?.matchups.groups.first?.attacking ?? [])
    /// ```
    ///
    /// See ``entry(for:)`` for where each part comes from.
    ///
    /// - Parameter id: The Pokémon's id.
    /// - Returns: The entry, or `nil` when no Pokémon is stored with the id.
    /// - Throws: A `StoreError` when the store cannot be read; a ``PokeAPIError`` when a part
    ///   cannot be fetched; `CancellationError` when the task is cancelled.
    public func entry(id: Int) async throws -> PokedexEntry? {
        guard let pokemon = try await store.fetch(id: id) else { return nil }
        return try await entry(for: pokemon)
    }

    /// The Pokédex entry of a Pokémon.
    ///
    /// The species comes from the ``speciesStore`` when it holds it, otherwise from the
    /// client, as do the evolution chain, the names of the chain's species, the abilities
    /// and the Pokémon's types (whose damage relations give the matchups). The client's
    /// requests run concurrently, under its cap, through its cache: a client over
    /// `BundledPokeAPITransport` answers them offline. A part the service does not have
    /// (404) is left out of the entry, as ``PokedexEntry`` describes.
    ///
    /// - Parameter pokemon: The Pokémon, usually as stored.
    /// - Returns: The entry.
    /// - Throws: A `StoreError` when the species store cannot be read; a ``PokeAPIError``
    ///   when a part cannot be fetched; `CancellationError` when the task is cancelled.
    public func entry(for pokemon: Pokemon) async throws -> PokedexEntry {
        async let abilities = fetchAll(pokemon.abilities) { [client] in
            try await client.ability(named: $0)
        }
        async let types = fetchAll(pokemon.types.map(\.rawValue)) { [client] in
            try await client.pokemonType(named: $0)
        }
        var species: PokemonSpecies?
        if let speciesID = pokemon.speciesID {
            species = try await self.species(id: speciesID)
        }
        var evolution: EvolutionChain?
        if let species {
            evolution = try await client.evolutionChain(id: species.evolutionChainID)
        }
        let related = try await self.species(
            ids: (evolution?.speciesIDs ?? []).filter { $0 != species?.id })
        return PokedexEntry(
            pokemon: pokemon, species: species, evolution: evolution, relatedSpecies: related,
            abilities: try await abilities, types: try await types)
    }

    /// A species, from the species store when it holds it, otherwise from the client.
    private func species(id: Int) async throws -> PokemonSpecies? {
        if let stored = try await speciesStore?.fetch(id: id) { return stored }
        return try await client.species(id: id)
    }

    /// Species, from the species store as far as it holds them, the rest from the client.
    private func species(ids: [Int]) async throws -> [PokemonSpecies] {
        guard !ids.isEmpty else { return [] }
        let stored = try await speciesStore?.fetch(RecordQuery(where: .in(\.id, ids))) ?? []
        let storedIDs = Set(stored.map(\.id))
        let fetched = try await fetchAll(ids.filter { !storedIDs.contains($0) }) { [client] in
            try await client.species(id: $0)
        }
        return stored + fetched
    }

    /// Fetches each key's value concurrently; those the service does not have are left out.
    private func fetchAll<Key: Sendable, Value: Sendable>(
        _ keys: [Key], _ fetch: @escaping @Sendable (Key) async throws -> Value?
    ) async throws -> [Value] {
        try await withThrowingTaskGroup(of: (Int, Value?).self) { group in
            for (index, key) in keys.enumerated() {
                group.addTask { (index, try await fetch(key)) }
            }
            var values = [Value?](repeating: nil, count: keys.count)
            for try await (index, value) in group { values[index] = value }
            return values.compactMap { $0 }
        }
    }
}
