/// Every record of a Pokédex database, one array a model of ``PokedexModels/all``: to copy a
/// Pokédex from one database to another, or to fill one.
///
/// ```swift
/// let records = try await source.read { try PokedexRecords(from: $0) }
/// try await destination.transaction { records.write(to: &$0) }
/// ```
///
/// `PokedexOfflineData` makes one of the whole bundled data (`PokedexRecords.bundled()`).
public struct PokedexRecords: Hashable, Sendable {
    /// The Pokémon, in the order they were read.
    public var pokemon: [Pokemon]
    /// The species.
    public var species: [PokemonSpecies]
    /// The evolution chains.
    public var chains: [EvolutionChain]
    /// The types.
    public var types: [PokemonTypeDetails]
    /// The abilities.
    public var abilities: [PokemonAbility]
    /// The moves.
    public var moves: [Move]
    /// The Pokémon's learnsets.
    public var learnsets: [LearnsetEntry]
    /// The user's favorites.
    public var favorites: [Favorite]
    /// The user's notes.
    public var notes: [Note]

    /// Gathers records of every model.
    ///
    /// - Parameters:
    ///   - pokemon: The Pokémon.
    ///   - species: The species.
    ///   - chains: The evolution chains.
    ///   - types: The types.
    ///   - abilities: The abilities.
    ///   - moves: The moves.
    ///   - learnsets: The Pokémon's learnsets.
    ///   - favorites: The user's favorites.
    ///   - notes: The user's notes.
    public init(
        pokemon: [Pokemon], species: [PokemonSpecies] = [], chains: [EvolutionChain] = [],
        types: [PokemonTypeDetails] = [], abilities: [PokemonAbility] = [],
        moves: [Move] = [], learnsets: [LearnsetEntry] = [],
        favorites: [Favorite] = [], notes: [Note] = []
    ) {
        self.pokemon = pokemon
        self.species = species
        self.chains = chains
        self.types = types
        self.abilities = abilities
        self.moves = moves
        self.learnsets = learnsets
        self.favorites = favorites
        self.notes = notes
    }

    /// Reads every record of a database's snapshot, each model in its store's order.
    ///
    /// - Parameter snapshot: A transaction, or a read's snapshot, of a database of
    ///   ``PokedexModels/all``.
    /// - Throws: A `StoreError` when the records cannot be read. A database that lacks one of
    ///   the models makes the read or transaction this runs in throw
    ///   `StoreError.unknownModel`.
    public init(from snapshot: DatabaseTransaction) throws {
        self.init(
            pokemon: try snapshot[Pokemon.self].fetch(RecordQuery()),
            species: try snapshot[PokemonSpecies.self].fetch(RecordQuery()),
            chains: try snapshot[EvolutionChain.self].fetch(RecordQuery()),
            types: try snapshot[PokemonTypeDetails.self].fetch(RecordQuery()),
            abilities: try snapshot[PokemonAbility.self].fetch(RecordQuery()),
            moves: try snapshot[Move.self].fetch(RecordQuery()),
            learnsets: try snapshot[LearnsetEntry.self].fetch(RecordQuery()),
            favorites: try snapshot[Favorite.self].fetch(RecordQuery()),
            notes: try snapshot[Note.self].fetch(RecordQuery()))
    }

    /// The number of records of every model.
    public var count: Int {
        pokemon.count + species.count + chains.count + types.count + abilities.count
            + moves.count + learnsets.count + favorites.count + notes.count
    }

    /// Writes every record into a transaction, the linked ones before the Pokémon and the
    /// learnsets and the user's data after them; a record with a stored id replaces it.
    ///
    /// - Parameter transaction: A transaction of a database of ``PokedexModels/all``; on a
    ///   database that lacks a model, the transaction throws `StoreError.unknownModel` and
    ///   commits nothing.
    public func write(to transaction: inout DatabaseTransaction) {
        write(to: &transaction, emptyTablesOnly: false)
    }

    /// Writes each model's records into a transaction only where the database holds no
    /// record of that model, the linked ones before the Pokémon; a model with records keeps
    /// them as they are.
    ///
    /// It fills a database once, however often it runs: on each start of an app, or of each
    /// of several processes that share the database. A database of Pokémon alone, written
    /// before it kept the other models, gains them and keeps its Pokémon.
    ///
    /// ```swift
    /// let records = try PokedexRecords.bundled()
    /// let filled = try await dex.transaction { records.write(toEmptyTablesOf: &$0) }
    /// ```
    ///
    /// Which tables are empty is read in the same transaction as the writes, so a database
    /// that runs its transactions one at a time never fills a table twice.
    ///
    /// - Parameter transaction: A transaction of a database of ``PokedexModels/all``; on a
    ///   database that lacks a model, the transaction throws `StoreError.unknownModel` and
    ///   commits nothing.
    /// - Returns: Whether it wrote a record: `false` when each model these records hold
    ///   already had records in the database.
    /// - Complexity: A count of each model's records, then O(*n*) in the records written.
    @discardableResult
    public func write(toEmptyTablesOf transaction: inout DatabaseTransaction) -> Bool {
        write(to: &transaction, emptyTablesOnly: true)
    }

    /// Writes each model's records, the linked ones before the Pokémon, into every table or
    /// into the empty ones alone.
    ///
    /// - Returns: Whether it wrote a record.
    @discardableResult
    private func write(
        to transaction: inout DatabaseTransaction, emptyTablesOnly: Bool
    ) -> Bool {
        var wrote = false
        func write<Model: StorableModel>(_ records: [Model]) {
            if emptyTablesOnly, transaction[Model.self].count > 0 { return }
            transaction[Model.self].upsert(contentsOf: records)
            wrote = wrote || !records.isEmpty
        }
        write(abilities)
        write(types)
        write(chains)
        write(species)
        write(moves)
        write(pokemon)
        write(learnsets)
        // The user's data is written when there is some, so that records of the reference
        // data alone fill a database of the reference data alone.
        if !favorites.isEmpty { write(favorites) }
        if !notes.isEmpty { write(notes) }
        return wrote
    }

    /// Deletes every record of every model of ``PokedexModels/all`` in a transaction.
    ///
    /// - Parameter transaction: A transaction of a database of ``PokedexModels/all``.
    /// - Throws: `StoreError.unknownModel` when the database lacks one of the models.
    public static func deleteAll(in transaction: inout DatabaseTransaction) throws {
        _ = try transaction[LearnsetEntry.self].delete(where: .true)
        _ = try transaction[Note.self].delete(where: .true)
        _ = try transaction[Favorite.self].delete(where: .true)
        _ = try transaction[Pokemon.self].delete(where: .true)
        _ = try transaction[PokemonSpecies.self].delete(where: .true)
        _ = try transaction[EvolutionChain.self].delete(where: .true)
        _ = try transaction[PokemonTypeDetails.self].delete(where: .true)
        _ = try transaction[PokemonAbility.self].delete(where: .true)
        _ = try transaction[Move.self].delete(where: .true)
    }
}
