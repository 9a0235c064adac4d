import Foundation

// The families beside the Pokémon: species, evolution chains, types and abilities, each
// fetched as the service sends it and decoded into its model.
extension PokeAPIClient {
    /// Fetches the species with an id, or `nil` when the service has none.
    ///
    /// A Pokémon names its species in ``FetchedPokemon/speciesID``; an alternate form's
    /// species is its default form's (charizard-mega-x, 10034, is species 6).
    ///
    /// ```swift
    /// let charizard = try await client.species(id: 6)
    /// charizard?.genus("en")     // "Flame Pokémon"
    /// ```
    ///
    /// - Parameter id: The species' id, from 1.
    /// - Returns: The species, or `nil` when the service answers 404.
    /// - Throws: ``PokeAPIError`` — ``PokeAPIError/invalidID(_:)`` for an id below 1 (before
    ///   any request), or the request's failure once retries are spent;
    ///   `CancellationError` when the task is cancelled.
    public func species(id: Int) async throws -> PokemonSpecies? {
        try await loadEntry(PokemonSpecies.self, family: .species, id: id)
    }

    /// Fetches the evolution chain with an id, or `nil` when the service has none.
    ///
    /// Chain ids are not species ids and have gaps: follow a species'
    /// ``PokemonSpecies/evolutionChainID``.
    ///
    /// - Parameter id: The chain's id, from 1.
    /// - Returns: The chain, or `nil` when the service answers 404.
    /// - Throws: ``PokeAPIError``, as ``species(id:)`` does; `CancellationError` when the
    ///   task is cancelled.
    public func evolutionChain(id: Int) async throws -> EvolutionChain? {
        try await loadEntry(EvolutionChain.self, family: .evolutionChain, id: id)
    }

    /// Fetches the type with an id, with its damage relations, or `nil` when the service has
    /// none.
    ///
    /// - Parameter id: The type's id, from 1 (10 is fire).
    /// - Returns: The type, or `nil` when the service answers 404.
    /// - Throws: ``PokeAPIError``, as ``species(id:)`` does; `CancellationError` when the
    ///   task is cancelled.
    public func pokemonType(id: Int) async throws -> PokemonTypeDetails? {
        try await loadEntry(PokemonTypeDetails.self, family: .type, id: id)
    }

    /// Fetches a type by name, with its damage relations, or `nil` when the service has none.
    ///
    /// ```swift
    /// let fire = try await client.pokemonType(named: PokemonType.fire.rawValue)
    /// ```
    ///
    /// - Parameter name: The type's PokeAPI name, such as `"fire"`; trimmed and lower-cased.
    /// - Returns: The type, or `nil` when the service answers 404.
    /// - Throws: ``PokeAPIError`` — ``PokeAPIError/invalidName(_:)`` for a name that is empty
    ///   or not one path segment (before any request), or the request's failure once retries
    ///   are spent; `CancellationError` when the task is cancelled.
    public func pokemonType(named name: String) async throws -> PokemonTypeDetails? {
        try await loadEntry(PokemonTypeDetails.self, family: .type, name: name)
    }

    /// Fetches the ability with an id, or `nil` when the service has none.
    ///
    /// - Parameter id: The ability's id, from 1 (65 is overgrow).
    /// - Returns: The ability, or `nil` when the service answers 404.
    /// - Throws: ``PokeAPIError``, as ``species(id:)`` does; `CancellationError` when the
    ///   task is cancelled.
    public func ability(id: Int) async throws -> PokemonAbility? {
        try await loadEntry(PokemonAbility.self, family: .ability, id: id)
    }

    /// Fetches an ability by name, or `nil` when the service has none: the names a
    /// ``Pokemon`` lists in ``Pokemon/abilities``.
    ///
    /// - Parameter name: The ability's PokeAPI name, such as `"solar-power"`; trimmed and
    ///   lower-cased.
    /// - Returns: The ability, or `nil` when the service answers 404.
    /// - Throws: ``PokeAPIError``, as ``pokemonType(named:)`` does; `CancellationError` when
    ///   the task is cancelled.
    public func ability(named name: String) async throws -> PokemonAbility? {
        try await loadEntry(PokemonAbility.self, family: .ability, name: name)
    }

    /// Fetches the move with an id, or `nil` when the service has none: the ids a
    /// ``FetchedPokemon`` names in its ``FetchedPokemon/learnset``.
    ///
    /// ```swift
    /// let flamethrower = try await client.move(id: 53)
    /// flamethrower?.power       // 90
    /// ```
    ///
    /// - Parameter id: The move's id, from 1 (53 is flamethrower).
    /// - Returns: The move, or `nil` when the service answers 404.
    /// - Throws: ``PokeAPIError``, as ``species(id:)`` does; `CancellationError` when the
    ///   task is cancelled.
    public func move(id: Int) async throws -> Move? {
        try await loadEntry(Move.self, family: .move, id: id)
    }

    /// Fetches a move by name, or `nil` when the service has none.
    ///
    /// - Parameter name: The move's PokeAPI name, such as `"flamethrower"`; trimmed and
    ///   lower-cased.
    /// - Returns: The move, or `nil` when the service answers 404.
    /// - Throws: ``PokeAPIError``, as ``pokemonType(named:)`` does; `CancellationError` when
    ///   the task is cancelled.
    public func move(named name: String) async throws -> Move? {
        try await loadEntry(Move.self, family: .move, name: name)
    }
}

extension PokeAPIClient {
    /// Fetches the resource a link names, as the type of its family, or `nil` when the
    /// service has none.
    ///
    /// ```swift
    /// for link in try await client.listAll(.type) {
    ///     let type = try await client.resource(at: link, as: PokemonTypeDetails.self)
    ///     print(type?.displayName ?? link.name)
    /// }
    /// ```
    ///
    /// The link may be absolute (as the live service sends them) or a host-less path (as the
    /// static data set has them); either is fetched from ``Configuration/baseURL``'s service,
    /// with the same retries, cache and sharing as ``species(id:)`` and the others.
    ///
    /// - Parameters:
    ///   - link: A link from a list or a response, such as `/api/v2/type/10/`.
    ///   - type: The type of the family the link must name.
    /// - Returns: The resource, or `nil` when the service answers 404.
    /// - Throws: ``PokeAPIError`` — ``PokeAPIError/invalidLink(_:family:)`` when the link's
    ///   path does not end in `api/v2/<family>/<id>/` for the type's family (before any
    ///   request), or the request's failure once retries are spent; `CancellationError` when
    ///   the task is cancelled.
    public func resource<Resource: PokeAPIResource>(
        at link: NamedResource, as type: Resource.Type = Resource.self
    ) async throws -> Resource? {
        let family = Resource.family
        guard let id = ResourceLink.id(in: link.url.absoluteString, family: family.rawValue) else {
            throw PokeAPIError.invalidLink(link.url, family: family)
        }
        if family == .pokemon {
            return try await pokemon(id: id) as? Resource
        }
        return try await loadEntry(Resource.self, family: family, id: id)
    }
}
