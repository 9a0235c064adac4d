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
    /// Whether the database keeps moves and learnsets (``LearnsetEntry`` needs ``Move``).
    var learnsets = false
}

extension Pokedex {
    /// Which of the linked models the database holds; none without a database.
    var kept: KeptModels {
        KeptModels(
            species: keeps(PokemonSpecies.self), chains: keeps(EvolutionChain.self),
            types: keeps(PokemonTypeDetails.self), abilities: keeps(PokemonAbility.self),
            learnsets: keeps(LearnsetEntry.self) && keeps(Move.self))
    }

    /// Reads, at one moment, what `pokemon` links to as far as the database holds it.
    ///
    /// A read of each model kept, as ``LinkedRecords`` makes for many Pokémon, and one of
    /// the chain's species when the chain is stored.
    ///
    /// - Parameter pokemon: The Pokémon.
    /// - Returns: The stored links; empty without a database.
    /// - Throws: A `StoreError` when the database cannot be read.
    func storedLinks(of pokemon: Pokemon) async throws -> PokemonLinks {
        guard let database else { return PokemonLinks() }
        let kept = self.kept
        return try await database.read { snapshot in
            var links = try LinkedRecords(of: [pokemon], in: snapshot, kept: kept)
                .links(of: pokemon)
            if let chain = links.chain {
                links.chainSpecies = try snapshot[PokemonSpecies.self].fetch(
                    RecordQuery(where: .in(\.id, chain.speciesIDs)))
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
    /// A Pokémon without a learnset is not among them: 83 Pokémon learn no move, and a
    /// record does not say whether its learnset was synced. A database an earlier version
    /// synced gains the learnsets with ``SyncMode/refresh``.
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
        let linked = try await database.read { snapshot in
            try LinkedRecords(of: stored, in: snapshot, kept: kept)
        }
        for pokemon in stored where !linked.holdsLinks(of: pokemon) {
            incomplete.insert(pokemon.id)
        }
        return incomplete
    }
}

/// The records that Pokémon link to which one snapshot of a Pokédex's database holds, of the
/// models it keeps: read for one Pokémon (``Pokedex/storedLinks(of:)``) or for many at once
/// (``Pokedex/incompleteIDs(of:)``), with one query a model however many Pokémon.
struct LinkedRecords: Sendable {
    /// The models the records were read of.
    let kept: KeptModels
    /// The stored species, by id.
    var species: [Int: PokemonSpecies] = [:]
    /// The stored evolution chains of those species, by id.
    var chains: [Int: EvolutionChain] = [:]
    /// The stored types, by name.
    var types: [PokemonType: PokemonTypeDetails] = [:]
    /// The stored abilities, by name.
    var abilities: [String: PokemonAbility] = [:]

    /// Reads the species, their chains, the types and the abilities that `pokemon` link to,
    /// of the models kept; a model none of them links to is not read.
    ///
    /// - Parameters:
    ///   - pokemon: The Pokémon.
    ///   - snapshot: A read's snapshot of the Pokédex's database.
    ///   - kept: The models the database keeps.
    /// - Throws: A `StoreError` when the snapshot cannot be read.
    init(of pokemon: [Pokemon], in snapshot: DatabaseTransaction, kept: KeptModels) throws {
        self.kept = kept
        if kept.species {
            species = try Self.fetch(pokemon.compactMap(\.speciesID), by: \.id, in: snapshot)
            if kept.chains {
                chains = try Self.fetch(
                    species.values.map(\.evolutionChainID), by: \.id, in: snapshot)
            }
        }
        if kept.types {
            types = try Self.fetch(pokemon.flatMap(\.types), by: \.name, in: snapshot)
        }
        if kept.abilities {
            abilities = try Self.fetch(pokemon.flatMap(\.abilities), by: \.name, in: snapshot)
        }
    }

    /// What `pokemon` links to among these records; the chain's species are not among them.
    func links(of pokemon: Pokemon) -> PokemonLinks {
        let species = pokemon.speciesID.flatMap { self.species[$0] }
        return PokemonLinks(
            species: species, chain: species.flatMap { chains[$0.evolutionChainID] },
            types: pokemon.types.compactMap { types[$0] },
            abilities: pokemon.abilities.compactMap { abilities[$0] })
    }

    /// Whether every record `pokemon` links to, of the models kept, is among these.
    func holdsLinks(of pokemon: Pokemon) -> Bool {
        if kept.species, let speciesID = pokemon.speciesID {
            guard let species = species[speciesID] else { return false }
            if kept.chains, chains[species.evolutionChainID] == nil { return false }
        }
        if kept.types, !pokemon.types.allSatisfy({ types[$0] != nil }) { return false }
        if kept.abilities, !pokemon.abilities.allSatisfy({ abilities[$0] != nil }) {
            return false
        }
        return true
    }

    /// The stored records of a model whose attribute is one of `keys`, by that attribute;
    /// no read when there are no keys.
    private static func fetch<Model: StorableModel, Key: Hashable & QueryValueConvertible>(
        _ keys: [Key], by key: any KeyPath<Model, Key> & Sendable,
        in snapshot: DatabaseTransaction
    ) throws -> [Key: Model] {
        let distinct = Array(Set(keys))
        guard !distinct.isEmpty else { return [:] }
        let records = try snapshot[Model.self].fetch(RecordQuery(where: .in(key, distinct)))
        return Dictionary(
            records.map { ($0[keyPath: key], $0) }, uniquingKeysWith: { first, _ in first })
    }
}
