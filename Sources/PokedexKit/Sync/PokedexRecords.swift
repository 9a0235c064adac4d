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

    /// Gathers records of every model.
    ///
    /// - Parameters:
    ///   - pokemon: The Pokémon.
    ///   - species: The species.
    ///   - chains: The evolution chains.
    ///   - types: The types.
    ///   - abilities: The abilities.
    public init(
        pokemon: [Pokemon], species: [PokemonSpecies] = [], chains: [EvolutionChain] = [],
        types: [PokemonTypeDetails] = [], abilities: [PokemonAbility] = []
    ) {
        self.pokemon = pokemon
        self.species = species
        self.chains = chains
        self.types = types
        self.abilities = abilities
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
            abilities: try snapshot[PokemonAbility.self].fetch(RecordQuery()))
    }

    /// The number of records of every model.
    public var count: Int {
        pokemon.count + species.count + chains.count + types.count + abilities.count
    }

    /// Writes every record into a transaction, the linked ones before the Pokémon; a record
    /// with a stored id replaces it.
    ///
    /// - Parameter transaction: A transaction of a database of ``PokedexModels/all``; on a
    ///   database that lacks a model, the transaction throws `StoreError.unknownModel` and
    ///   commits nothing.
    public func write(to transaction: inout DatabaseTransaction) {
        transaction[PokemonAbility.self].upsert(contentsOf: abilities)
        transaction[PokemonTypeDetails.self].upsert(contentsOf: types)
        transaction[EvolutionChain.self].upsert(contentsOf: chains)
        transaction[PokemonSpecies.self].upsert(contentsOf: species)
        transaction[Pokemon.self].upsert(contentsOf: pokemon)
    }

    /// Deletes every record of every model of ``PokedexModels/all`` in a transaction.
    ///
    /// - Parameter transaction: A transaction of a database of ``PokedexModels/all``.
    /// - Throws: `StoreError.unknownModel` when the database lacks one of the models.
    public static func deleteAll(in transaction: inout DatabaseTransaction) throws {
        _ = try transaction[Pokemon.self].delete(where: .true)
        _ = try transaction[PokemonSpecies.self].delete(where: .true)
        _ = try transaction[EvolutionChain.self].delete(where: .true)
        _ = try transaction[PokemonTypeDetails.self].delete(where: .true)
        _ = try transaction[PokemonAbility.self].delete(where: .true)
    }
}
