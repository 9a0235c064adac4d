extension Pokedex {
    /// Fetches every resource of a family that the database lacks, through the family's list:
    /// the types, abilities and moves no Pokémon has, the species and chains of Pokémon not
    /// synced.
    ///
    /// ```swift
    /// try await pokedex.syncAll(pokedex.pokemonIDs(ofGeneration: 1))
    /// let abilities = try await pokedex.syncEvery(.ability)   // the 373, not only the 1st's
    /// ```
    ///
    /// The family's ids are read from its list (``PokeAPIClient/ids(of:pageSize:)``); those
    /// the database holds are skipped, the rest fetched concurrently under the client's cap
    /// and saved as they arrive, as many in a commit as were in flight, so that a sync cut
    /// short resumes where it stopped. An
    /// id the service does not have (404) is reported in ``SyncProgress/notFound``, one that
    /// fails after every retry in ``SyncProgress/failures``; neither ends the sync.
    /// ``PokeAPIFamily/pokemon`` syncs every Pokémon of the list, as ``syncAll(_:mode:)``
    /// does.
    ///
    /// - Parameter family: The family.
    /// - Returns: The final progress, counting the family's ids.
    /// - Throws: A ``PokeAPIError`` when the list cannot be read; `StoreError.unknownModel`
    ///   when the Pokédex keeps no records of the family (no ``database``, or one without the
    ///   model); a `StoreError` when the database cannot be read or written;
    ///   `CancellationError` when the task is cancelled.
    public func syncEvery(_ family: PokeAPIFamily) async throws -> SyncProgress {
        switch family {
        case .species:
            try await syncEntries(of: PokemonSpecies.self, family) { [client] in
                try await client.species(id: $0)
            }
        case .evolutionChain:
            try await syncEntries(of: EvolutionChain.self, family) { [client] in
                try await client.evolutionChain(id: $0)
            }
        case .type:
            try await syncEntries(of: PokemonTypeDetails.self, family) { [client] in
                try await client.pokemonType(id: $0)
            }
        case .ability:
            try await syncEntries(of: PokemonAbility.self, family) { [client] in
                try await client.ability(id: $0)
            }
        case .move:
            try await syncEntries(of: Move.self, family) { [client] in
                try await client.move(id: $0)
            }
        case .pokemon:
            try await syncAll(client.ids(of: family))
        default:
            // No family this version does not know can be made (its initializer is private).
            throw StoreError.unknownModel(
                family.displayName, at: .named("a Pokédex"),
                models: PokedexModels.all.map { String(describing: $0) })
        }
    }

    /// Syncs the ids of a family's list that the database lacks.
    private func syncEntries<Model: StorableModel>(
        of model: Model.Type, _ family: PokeAPIFamily,
        fetch: @escaping @Sendable (Int) async throws -> Model?
    ) async throws -> SyncProgress where Model.ID == Int {
        guard let database else {
            throw StoreError.unknownModel(
                String(describing: model), at: .named("a Pokédex of Pokémon alone"),
                models: [String(describing: Pokemon.self)])
        }
        let ids = try await client.ids(of: family)
        let missing = try await database.read { snapshot in
            ids.filter { !snapshot[Model.self].contains(id: $0) }
        }
        var progress = SyncProgress(
            requested: ids.count, skipped: ids.count - missing.count, total: missing.count)
        let width = max(client.configuration.maxConcurrentRequests, 1)
        try await withThrowingTaskGroup(of: (Int, Result<Model?, PokeAPIError>).self) { group in
            var pending = missing.makeIterator()
            func start(_ id: Int) {
                group.addTask {
                    do {
                        return (id, .success(try await fetch(id)))
                    } catch let error as PokeAPIError {
                        return (id, .failure(error))
                    }
                }
            }
            for _ in 0..<width {
                guard let id = pending.next() else { break }
                start(id)
            }
            // Saved a window at a time: one commit for as many records as are in flight.
            var arrived: [Model] = []
            func save() async throws {
                guard !arrived.isEmpty else { return }
                let records = arrived
                try await database.transaction { $0.insertAbsent(records) }
                progress.saved += records.count
                arrived.removeAll()
            }
            while let (id, outcome) = try await group.next() {
                switch outcome {
                case .success(let record?):
                    arrived.append(record)
                    if arrived.count >= width { try await save() }
                case .success(nil):
                    progress.notFound.append(id)
                case .failure(let error):
                    progress.failures.append(SyncFailure(id: id, reason: error.description))
                }
                progress.latestID = id
                if let next = pending.next() { start(next) }
            }
            try await save()
        }
        return progress
    }
}
