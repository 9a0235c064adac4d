import InternalSupport
import ModelStorage

/// What one sync knows the database holds of the records Pokémon link to, so that each is
/// looked up once in the sync rather than once for every Pokémon that links to it.
///
/// A record is known once the sync has read it in the database or committed it there
/// itself. What is not known is read (by id or indexed name, without decoding what is
/// known), so that a sync of 1,351 Pokémon reads each of its 18 types once, not 1,351
/// times, and decodes no species record to learn its chain.
final class StoredLinks: Sendable {
    /// The links of one Pokémon that the database holds.
    struct Presence: Sendable {
        /// The chain of the Pokémon's species when the species is stored; `nil` otherwise.
        var speciesChainID: Int?
        /// Whether the species is stored.
        var hasSpecies = false
        /// Whether the species' chain is stored.
        var hasChain = false
        /// The Pokémon's types that are stored.
        var types: Set<PokemonType> = []
        /// The Pokémon's abilities that are stored, by name.
        var abilities: Set<String> = []
        /// The moves of the Pokémon's learnset that are stored, by id.
        var moves: Set<Int> = []
    }

    private struct Known {
        var speciesChains: [Int: Int] = [:]
        var chains: Set<Int> = []
        var types: Set<PokemonType> = []
        var abilities: Set<String> = []
        var moves: Set<Int> = []
    }

    private let known = Mutex(Known())

    /// Creates the memory of a sync that has read nothing yet.
    init() {}

    /// What the database holds of `pokemon`'s links, read for those not known yet.
    ///
    /// - Parameters:
    ///   - pokemon: The Pokémon.
    ///   - moveIDs: The moves of the Pokémon's learnset, when the database keeps them.
    ///   - database: The Pokédex's database.
    ///   - kept: The linked models the database keeps.
    /// - Returns: The stored links.
    /// - Throws: A `StoreError` when the database cannot be read.
    func presence(
        of pokemon: Pokemon, moves moveIDs: Set<Int> = [], in database: any ModelDatabase,
        kept: KeptModels
    ) async throws -> Presence {
        var presence = known.withLock { known in
            var presence = Presence()
            if let speciesID = pokemon.speciesID, let chainID = known.speciesChains[speciesID] {
                presence.hasSpecies = true
                presence.speciesChainID = chainID
                presence.hasChain = known.chains.contains(chainID)
            }
            presence.types = Set(pokemon.types.filter(known.types.contains))
            presence.abilities = Set(pokemon.abilities.filter(known.abilities.contains))
            presence.moves = moveIDs.intersection(known.moves)
            return presence
        }
        let moves = kept.learnsets ? Array(moveIDs.subtracting(presence.moves)) : []
        let speciesID = kept.species && !presence.hasSpecies ? pokemon.speciesID : nil
        let types = kept.types ? pokemon.types.filter { !presence.types.contains($0) } : []
        let abilities =
            kept.abilities ? pokemon.abilities.filter { !presence.abilities.contains($0) } : []
        let chainKnown = presence.hasChain || !kept.chains
        guard
            speciesID != nil || !types.isEmpty || !abilities.isEmpty || !moves.isEmpty
                || (presence.hasSpecies && !chainKnown)
        else { return presence }
        let knownChainID = presence.speciesChainID
        let read = try await database.read { snapshot in
            var read = Presence()
            if let speciesID,
                let species = try snapshot[PokemonSpecies.self].fetch(
                    RecordQuery(where: .in(\.id, [speciesID]))
                ).first
            {
                read.hasSpecies = true
                read.speciesChainID = species.evolutionChainID
            }
            if kept.chains, let chainID = read.speciesChainID ?? knownChainID {
                read.hasChain = snapshot[EvolutionChain.self].contains(id: chainID)
            }
            if !types.isEmpty {
                read.types = Set(
                    try snapshot[PokemonTypeDetails.self].fetch(
                        RecordQuery(where: .in(\.name, types))
                    ).map(\.name))
            }
            if !abilities.isEmpty {
                read.abilities = Set(
                    try snapshot[PokemonAbility.self].fetch(
                        RecordQuery(where: .in(\.name, abilities))
                    ).map(\.name))
            }
            if !moves.isEmpty {
                read.moves = Set(moves.filter { snapshot[Move.self].contains(id: $0) })
            }
            return read
        }
        if read.hasSpecies {
            presence.hasSpecies = true
            presence.speciesChainID = read.speciesChainID
        }
        presence.hasChain = presence.hasChain || read.hasChain
        presence.types.formUnion(read.types)
        presence.abilities.formUnion(read.abilities)
        presence.moves.formUnion(read.moves)
        remember(presence, of: pokemon)
        return presence
    }

    /// Remembers what the database holds of `pokemon`'s links: what was read, or what a
    /// commit has just saved.
    ///
    /// - Parameters:
    ///   - presence: The links stored.
    ///   - pokemon: The Pokémon they belong to.
    func remember(_ presence: Presence, of pokemon: Pokemon) {
        known.withLock { known in
            if presence.hasSpecies, let speciesID = pokemon.speciesID,
                let chainID = presence.speciesChainID
            {
                known.speciesChains[speciesID] = chainID
                if presence.hasChain { known.chains.insert(chainID) }
            }
            known.types.formUnion(presence.types)
            known.abilities.formUnion(presence.abilities)
            known.moves.formUnion(presence.moves)
        }
    }
}
