/// A record a Pokémon links to that a sync could not fetch; the Pokémon fails with the reason.
struct MissingLink: Error {
    /// What went wrong, naming the record: "its type fire: the service answered 500".
    let reason: String
}

extension Pokedex {
    /// Saves, in one commit, what `pokemon` links to that the database keeps and lacks: its
    /// species, the species' evolution chain, its types and its abilities.
    ///
    /// What is stored is not fetched again; the rest is fetched concurrently, under the
    /// client's cap, each record once in the sync however many Pokémon link to it.
    ///
    /// - Parameters:
    ///   - pokemon: The Pokémon about to be saved.
    ///   - fetches: The records the sync has fetched.
    /// - Throws: ``MissingLink`` when a record cannot be fetched, with nothing saved; a
    ///   `StoreError` when the database cannot be read or written; `CancellationError`.
    func saveLinks(of pokemon: Pokemon, fetches: LinkFetches) async throws {
        guard let database else { return }
        let kept = self.kept
        let stored = try await storedLinks(of: pokemon)
        var newSpecies: PokemonSpecies?
        if kept.species, stored.species == nil, let speciesID = pokemon.speciesID {
            newSpecies = try await fetchLink("its species \(speciesID)", fetches) { [client] in
                try await client.species(id: speciesID)
            }
        }
        var missingChain: Int?
        if kept.chains, let species = stored.species ?? newSpecies, stored.chain == nil {
            let chainID = species.evolutionChainID
            var present = false
            if newSpecies != nil {
                present = try await database.read { $0[EvolutionChain.self].contains(id: chainID) }
            }
            missingChain = present ? nil : chainID
        }
        let storedTypes = Set(stored.types.map(\.name))
        let missingTypes =
            kept.types ? pokemon.types.filter { !storedTypes.contains($0) } : []
        let storedAbilities = Set(stored.abilities.map(\.name))
        let missingAbilities =
            kept.abilities ? pokemon.abilities.filter { !storedAbilities.contains($0) } : []

        async let chain = missingChain.asyncMap { chainID in
            try await fetchLink("its evolution chain \(chainID)", fetches) { [client] in
                try await client.evolutionChain(id: chainID)
            }
        }
        async let types = fetchAll(missingTypes) { [self] name in
            try await fetchLink("its type \(name.rawValue)", fetches) { [client] in
                try await client.pokemonType(named: name.rawValue)
            }
        }
        async let abilities = fetchAll(missingAbilities) { [self] name in
            try await fetchLink("its ability \(name)", fetches) { [client] in
                try await client.ability(named: name)
            }
        }
        let links = PokemonLinks(
            species: newSpecies, chain: try await chain, types: try await types,
            abilities: try await abilities)
        guard
            links.species != nil || links.chain != nil || !links.types.isEmpty
                || !links.abilities.isEmpty
        else { return }
        try Task.checkCancellation()
        try await database.transaction { transaction in
            // Another sync (of another form, in another task) may have saved one meanwhile.
            if let species = links.species { transaction.insertAbsent([species]) }
            if let chain = links.chain { transaction.insertAbsent([chain]) }
            transaction.insertAbsent(links.types)
            transaction.insertAbsent(links.abilities)
        }
    }

    /// Fetches a linked record once in the sync, turning what the service does not give into
    /// a ``MissingLink`` that names it.
    private func fetchLink<Value: Sendable>(
        _ name: String, _ fetches: LinkFetches,
        _ fetch: @escaping @Sendable () async throws -> Value?
    ) async throws -> Value {
        let value: Value?
        do {
            value = try await fetches.value(name, fetch)
        } catch let error as PokeAPIError {
            throw MissingLink(reason: "\(name): \(error.description)")
        }
        guard let value else { throw MissingLink(reason: "\(name) is not on the service (404)") }
        return value
    }
}

extension DatabaseTransaction {
    /// Inserts the records whose ids are not stored yet.
    mutating func insertAbsent<Model: StorableModel>(_ records: [Model]) {
        for record in records where !self[Model.self].contains(id: record.id) {
            self[Model.self].upsert(record)
        }
    }
}

extension Optional where Wrapped: Sendable {
    /// The value transformed by an asynchronous function, or `nil`.
    fileprivate func asyncMap<Result: Sendable>(
        _ transform: (Wrapped) async throws -> Result
    ) async throws -> Result? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
