/// A record a Pokémon links to that a sync could not fetch; the Pokémon fails with the reason.
struct MissingLink: Error {
    /// What went wrong, naming the record: "its type fire: the service answered 500".
    let reason: String
}

extension Pokedex {
    /// Saves, in one commit, what `pokemon` links to that the database keeps and lacks: its
    /// species, the species' evolution chain, its types, its abilities and the moves of its
    /// learnset; in the same commit, `newPokemon` when it is given, the database keeps
    /// Pokémon and holds none of its id; and its learnset, when it is given and the
    /// database keeps learnsets, in place of the one stored.
    ///
    /// What is stored is not fetched again; the rest is fetched concurrently, under the
    /// client's cap, each record once in the sync however many Pokémon link to it.
    ///
    /// - Parameters:
    ///   - pokemon: The Pokémon about to be saved.
    ///   - learnset: Its learnset as the service sent it, or `nil` to leave the stored one.
    ///   - newPokemon: A Pokémon to insert with its links, when the database lacks it.
    ///   - fetches: The records the sync has fetched.
    ///   - known: What the sync knows the database holds.
    /// - Returns: Whether `newPokemon` was inserted.
    /// - Throws: ``MissingLink`` when a record cannot be fetched, with nothing saved; a
    ///   `StoreError` when the database cannot be read or written; `CancellationError`.
    @discardableResult
    func saveLinks(
        of pokemon: Pokemon, learnset: [LearnsetEntry]? = nil,
        inserting newPokemon: Pokemon? = nil, fetches: LinkFetches, stored known: StoredLinks
    ) async throws -> Bool {
        guard let database else { return false }
        let kept = self.kept
        let learnset = kept.learnsets ? learnset : nil
        let moveIDs = Set(learnset?.map(\.moveID) ?? [])
        var stored = try await known.presence(
            of: pokemon, moves: moveIDs, in: database, kept: kept)
        var newSpecies: PokemonSpecies?
        if kept.species, !stored.hasSpecies, let speciesID = pokemon.speciesID {
            newSpecies = try await fetchLink("its species \(speciesID)", fetches) { [client] in
                try await client.species(id: speciesID)
            }
        }
        var missingChain: Int?
        if kept.chains, !stored.hasChain,
            let chainID = stored.speciesChainID ?? newSpecies?.evolutionChainID
        {
            var present = false
            if newSpecies != nil {
                present = try await database.read { $0[EvolutionChain.self].contains(id: chainID) }
            }
            if present { stored.hasChain = true } else { missingChain = chainID }
        }
        let missingTypes =
            kept.types ? pokemon.types.filter { !stored.types.contains($0) } : []
        let missingAbilities =
            kept.abilities ? pokemon.abilities.filter { !stored.abilities.contains($0) } : []

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
        let missingMoves = moveIDs.subtracting(stored.moves).sorted()
        async let moves = fetchAll(missingMoves) { [self] id in
            try await fetchLink("its move \(id)", fetches) { [client] in
                try await client.move(id: id)
            }
        }
        let links = PokemonLinks(
            species: newSpecies, chain: try await chain, types: try await types,
            abilities: try await abilities)
        let newMoves = try await moves
        let inserting = keeps(Pokemon.self) ? newPokemon : nil
        guard
            links.species != nil || links.chain != nil || !links.types.isEmpty
                || !links.abilities.isEmpty || inserting != nil || learnset != nil
        else {
            known.remember(stored, of: pokemon)
            return false
        }
        try Task.checkCancellation()
        let inserted = try await database.transaction { transaction in
            // Another sync (of another form, in another task) may have saved one meanwhile.
            if let species = links.species { transaction.insertAbsent([species]) }
            if let chain = links.chain { transaction.insertAbsent([chain]) }
            transaction.insertAbsent(links.types)
            transaction.insertAbsent(links.abilities)
            transaction.insertAbsent(newMoves)
            var inserted = false
            if let inserting, !transaction[Pokemon.self].contains(id: inserting.id) {
                transaction[Pokemon.self].upsert(inserting)
                inserted = true
            }
            if let learnset, transaction[Pokemon.self].contains(id: pokemon.id) {
                try transaction.replaceLearnset(
                    of: pokemon.id, with: learnset, knownEmpty: inserted)
            }
            return inserted
        }
        // Committed: every link of the Pokémon is stored now.
        if let species = links.species {
            stored.hasSpecies = true
            stored.speciesChainID = species.evolutionChainID
        }
        if missingChain != nil { stored.hasChain = true }
        stored.types.formUnion(links.types.map(\.name))
        stored.abilities.formUnion(links.abilities.map(\.name))
        stored.moves.formUnion(newMoves.map(\.id))
        known.remember(stored, of: pokemon)
        return inserted
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
    /// Makes a stored Pokémon's learnset `learnset`: deletes the entries it no longer has and
    /// writes those it lacks.
    ///
    /// - Parameters:
    ///   - pokemonID: The Pokémon's id.
    ///   - learnset: Its entries now.
    ///   - knownEmpty: Whether the Pokémon was inserted in this transaction, so that it has
    ///     no entries to read.
    /// - Throws: A `StoreError` when the entries cannot be read.
    mutating func replaceLearnset(
        of pokemonID: Int, with learnset: [LearnsetEntry], knownEmpty: Bool
    ) throws {
        var absent = learnset
        if !knownEmpty {
            let wanted = Set(learnset.map(\.id))
            let stored = try self[LearnsetEntry.self].fetch(
                RecordQuery(where: \.pokemonID == pokemonID))
            for entry in stored where !wanted.contains(entry.id) {
                _ = self[LearnsetEntry.self].delete(id: entry.id)
            }
            let storedIDs = Set(stored.map(\.id))
            absent = learnset.filter { !storedIDs.contains($0.id) }
        }
        self[LearnsetEntry.self].upsert(contentsOf: absent)
    }

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
