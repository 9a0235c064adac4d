/// What a Pokémon links to, as far as a Pokédex's database holds it.
struct PokemonLinks: Sendable {
    /// The Pokémon's species.
    var species: PokemonSpecies?
    /// The species' evolution chain.
    var chain: EvolutionChain?
    /// The chain's species (the Pokémon's own among them), for the names of its steps.
    var chainSpecies: [PokemonSpecies] = []
    /// The Pokémon's types.
    var types: [PokemonTypeDetails] = []
    /// The Pokémon's abilities.
    var abilities: [PokemonAbility] = []
}

/// The models of a Pokédex's database besides ``Pokemon``: which of them it keeps.
struct KeptModels: Sendable {
    var species = false
    var chains = false
    var types = false
    var abilities = false
}

extension Pokedex {
    /// Which of the linked models the database holds; none without a database.
    var kept: KeptModels {
        KeptModels(
            species: keeps(PokemonSpecies.self), chains: keeps(EvolutionChain.self),
            types: keeps(PokemonTypeDetails.self), abilities: keeps(PokemonAbility.self))
    }

    /// Reads, at one moment, what `pokemon` links to as far as the database holds it.
    ///
    /// - Parameter pokemon: The Pokémon.
    /// - Returns: The stored links; empty without a database.
    /// - Throws: A `StoreError` when the database cannot be read.
    func storedLinks(of pokemon: Pokemon) async throws -> PokemonLinks {
        guard let database else { return PokemonLinks() }
        let kept = self.kept
        return try await database.read { snapshot in
            var links = PokemonLinks()
            if kept.species, let speciesID = pokemon.speciesID {
                links.species = snapshot[PokemonSpecies.self].fetch(id: speciesID)
            }
            if kept.chains, let chainID = links.species?.evolutionChainID {
                links.chain = snapshot[EvolutionChain.self].fetch(id: chainID)
            }
            if let chain = links.chain {
                links.chainSpecies = try snapshot[PokemonSpecies.self].fetch(
                    RecordQuery(where: .in(\.id, chain.speciesIDs)))
            }
            if kept.types {
                links.types = try snapshot[PokemonTypeDetails.self].fetch(
                    RecordQuery(where: .in(\.name, pokemon.types)))
            }
            if kept.abilities {
                links.abilities = try snapshot[PokemonAbility.self].fetch(
                    RecordQuery(where: .in(\.name, pokemon.abilities)))
            }
            return links
        }
    }

    /// Every species the database holds, in id order.
    ///
    /// The species a sync brings with its Pokémon, and those ``syncEvery(_:)`` brings: to
    /// find a species by name, or to list a chain's names, without asking the client.
    ///
    /// ```swift
    /// let species = try await pokedex.storedSpecies()
    /// let legendary = species.filter(\.isLegendary).map(\.displayName)
    /// ```
    ///
    /// - Returns: The stored species, in id order; none when the Pokédex has no
    ///   ``database`` or its database does not keep ``PokemonSpecies``.
    /// - Throws: A `StoreError` when the database cannot be read.
    /// - Complexity: O(*n* log *n*) in the number of stored species.
    public func storedSpecies() async throws -> [PokemonSpecies] {
        try await storedSpecies(RecordQuery(sortedBy: [.ascending(\.id)]))
    }

    /// The species of `ids` the database holds; none when it keeps no species.
    ///
    /// - Parameter ids: Species ids.
    /// - Returns: Those stored, in no particular order.
    /// - Throws: A `StoreError` when the database cannot be read.
    func storedSpecies(ids: [Int]) async throws -> [PokemonSpecies] {
        guard !ids.isEmpty else { return [] }
        return try await storedSpecies(RecordQuery(where: .in(\.id, ids)))
    }

    /// The stored species a query selects; none when the database keeps no species.
    private func storedSpecies(
        _ query: RecordQuery<PokemonSpecies>
    ) async throws -> [PokemonSpecies] {
        guard let database, keeps(PokemonSpecies.self) else { return [] }
        return try await database.read { snapshot in
            try snapshot[PokemonSpecies.self].fetch(query)
        }
    }

    /// The stored Pokémon a sync completes: those without their species link (stored before
    /// it existed), and those that link to a species, chain, type or ability the database
    /// keeps but lacks.
    ///
    /// - Parameter stored: Stored Pokémon.
    /// - Returns: The ids of those incomplete.
    /// - Throws: A `StoreError` when the database cannot be read.
    func incompleteIDs(of stored: [Pokemon]) async throws -> Set<Int> {
        var incomplete = Set(stored.filter { $0.speciesID == nil }.map(\.id))
        let kept = self.kept
        guard let database, kept.species || kept.types || kept.abilities else {
            return incomplete
        }
        let present = try await database.read { snapshot in
            try Self.presentLinks(of: stored, in: snapshot, kept: kept)
        }
        for pokemon in stored where !present.holdsLinks(of: pokemon, kept: kept) {
            incomplete.insert(pokemon.id)
        }
        return incomplete
    }

    /// The species, chains, types and abilities of `stored` that a snapshot holds.
    private static func presentLinks(
        of stored: [Pokemon], in snapshot: DatabaseTransaction, kept: KeptModels
    ) throws -> PresentLinks {
        var present = PresentLinks()
        if kept.species {
            let linked = Array(Set(stored.compactMap(\.speciesID)))
            for species in try snapshot[PokemonSpecies.self].fetch(
                RecordQuery(where: .in(\.id, linked)))
            {
                present.chainOfSpecies[species.id] = species.evolutionChainID
            }
            if kept.chains {
                let chains = Array(Set(present.chainOfSpecies.values))
                present.chains = Set(
                    try snapshot[EvolutionChain.self].fetch(RecordQuery(where: .in(\.id, chains)))
                        .map(\.id))
            }
        }
        if kept.types {
            let names = Array(Set(stored.flatMap(\.types)))
            present.types = Set(
                try snapshot[PokemonTypeDetails.self].fetch(RecordQuery(where: .in(\.name, names)))
                    .map(\.name))
        }
        if kept.abilities {
            let names = Array(Set(stored.flatMap(\.abilities)))
            present.abilities = Set(
                try snapshot[PokemonAbility.self].fetch(RecordQuery(where: .in(\.name, names)))
                    .map(\.name))
        }
        return present
    }
}

/// Which of the records stored Pokémon link to a database holds.
private struct PresentLinks: Sendable {
    /// The chain of each stored species.
    var chainOfSpecies: [Int: Int] = [:]
    var chains: Set<Int> = []
    var types: Set<PokemonType> = []
    var abilities: Set<String> = []

    /// Whether every record `pokemon` links to, of the models kept, is present.
    func holdsLinks(of pokemon: Pokemon, kept: KeptModels) -> Bool {
        if kept.species, let speciesID = pokemon.speciesID {
            guard let chainID = chainOfSpecies[speciesID] else { return false }
            if kept.chains, !chains.contains(chainID) { return false }
        }
        if kept.types, !pokemon.types.allSatisfy(types.contains) {
            return false
        }
        if kept.abilities, !pokemon.abilities.allSatisfy(abilities.contains) { return false }
        return true
    }
}
