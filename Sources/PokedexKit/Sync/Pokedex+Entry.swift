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
        try await entry(id: id, in: .english)
    }

    /// The Pokédex entry of a stored Pokémon, its texts in a language.
    ///
    /// ```swift
    /// let charizard = try await pokedex.entry(id: 6, in: "ja")
    /// charizard?.displayName                  // "リザードン"
    /// ```
    ///
    /// - Parameters:
    ///   - id: The Pokémon's id.
    ///   - language: The language of the names, genus, description and abilities, each
    ///     falling back as ``PokedexLanguage/fallbacks`` says.
    /// - Returns: The entry, or `nil` when no Pokémon is stored with the id.
    /// - Throws: A `StoreError` when the store cannot be read; a ``PokeAPIError`` when a part
    ///   cannot be fetched; `CancellationError` when the task is cancelled.
    public func entry(id: Int, in language: PokedexLanguage) async throws -> PokedexEntry? {
        guard let pokemon = try await store.fetch(id: id) else { return nil }
        return try await entry(for: pokemon, in: language)
    }

    /// The Pokédex entry of a Pokémon.
    ///
    /// Whether the Pokémon is a favorite, and the user's notes about it, come from the
    /// ``database`` when it keeps ``Favorite`` and ``Note``.
    ///
    /// Each part comes from the ``database`` when it holds it — the species, its evolution
    /// chain, the names of the chain's species, the abilities and the Pokémon's types (whose
    /// damage relations give the matchups), read at one moment — and otherwise from the
    /// client. The client's requests run concurrently, under its cap, through its cache: a
    /// client over `BundledPokeAPITransport` answers them offline. A part the service does
    /// not have (404) is left out of the entry, as ``PokedexEntry`` describes.
    ///
    /// - Parameter pokemon: The Pokémon, usually as stored.
    /// - Returns: The entry.
    /// - Throws: A `StoreError` when the database cannot be read; a ``PokeAPIError`` when a
    ///   part cannot be fetched; `CancellationError` when the task is cancelled.
    public func entry(for pokemon: Pokemon) async throws -> PokedexEntry {
        try await entry(for: pokemon, in: .english)
    }

    /// The Pokédex entry of a Pokémon, its texts in a language; ``entry(for:)`` says where
    /// each part comes from.
    ///
    /// ```swift
    /// let entry = try await pokedex.entry(for: charizard, in: "de")
    /// entry.displayName                       // "Glurak"
    /// entry.translation?.untranslated         // the texts shown in English instead
    /// ```
    ///
    /// - Parameters:
    ///   - pokemon: The Pokémon, usually as stored.
    ///   - language: The language of the names, genus, description and abilities, each
    ///     falling back as ``PokedexLanguage/fallbacks`` says.
    /// - Returns: The entry.
    /// - Throws: A `StoreError` when the database cannot be read; a ``PokeAPIError`` when a
    ///   part cannot be fetched; `CancellationError` when the task is cancelled.
    public func entry(
        for pokemon: Pokemon, in language: PokedexLanguage
    ) async throws -> PokedexEntry {
        let stored = try await storedLinks(of: pokemon)
        let storedTypes = Set(stored.types.map(\.name))
        let storedAbilities = Set(stored.abilities.map(\.name))
        async let abilities = fetchAll(
            pokemon.abilities.filter { !storedAbilities.contains($0) }
        ) { [client] in try await client.ability(named: $0) }
        async let types = fetchAll(
            pokemon.types.filter { !storedTypes.contains($0) }
        ) { [client] in try await client.pokemonType(named: $0.rawValue) }
        var species = stored.species
        if species == nil, let speciesID = pokemon.speciesID {
            species = try await client.species(id: speciesID)
        }
        var evolution = stored.chain
        if evolution == nil, let species {
            evolution = try await client.evolutionChain(id: species.evolutionChainID)
        }
        let relatedIDs = (evolution?.speciesIDs ?? []).filter { $0 != species?.id }
        // The chain's species are read with a stored chain; one fetched needs a read of its own.
        let storedRelated =
            stored.chain == nil ? try await storedSpecies(ids: relatedIDs) : stored.chainSpecies
        let storedRelatedIDs = Set(storedRelated.map(\.id))
        let fetchedRelated = try await fetchAll(
            relatedIDs.filter { !storedRelatedIDs.contains($0) }
        ) { [client] in try await client.species(id: $0) }
        let (favorite, notes) = try await userData(of: pokemon.id)
        return PokedexEntry(
            pokemon: pokemon, species: species, evolution: evolution,
            relatedSpecies: storedRelated + fetchedRelated,
            abilities: stored.abilities + (try await abilities),
            types: stored.types + (try await types), favorite: favorite, notes: notes,
            language: language)
    }

    /// Whether a Pokémon is a favorite, and its notes, read at one moment; `false` and none
    /// when the database does not keep ``Favorite`` and ``Note``.
    private func userData(of pokemonID: Int) async throws -> (Bool, [Note]) {
        guard let database, keeps(Favorite.self), keeps(Note.self) else { return (false, []) }
        return try await database.read { snapshot in
            (
                try snapshot[Favorite.self].count(where: \.pokemonID == pokemonID) > 0,
                try snapshot[Note.self].fetch(Self.notesQuery(pokemonID: pokemonID))
            )
        }
    }

    /// Fetches each key's value concurrently, in the keys' order; those the service does not
    /// have are left out.
    func fetchAll<Key: Sendable, Value: Sendable>(
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
