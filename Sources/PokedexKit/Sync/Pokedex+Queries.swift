import Foundation

extension Pokedex {
    /// The stored Pokémon a filter selects, beside the number stored in all and the store's
    /// version, read at one moment — "what matches?" and "all loaded?" are never confused.
    ///
    /// ```swift
    /// let result = try await pokedex.pokemon(matching: PokemonFilter(types: [.fire]))
    /// print(result.records.map(\.name), "of", result.totalCount, "stored")
    /// ```
    ///
    /// - Parameter filter: What to look for; every Pokémon in id order by default.
    /// - Returns: The selected Pokémon, the store's total count and its version.
    /// - Throws: A `StoreError` when the store cannot be read.
    /// - Complexity: O(*n*) in the number of stored Pokémon.
    public func pokemon(matching filter: PokemonFilter = PokemonFilter()) async throws
        -> QueryResult<Pokemon>
    {
        try await store.fetchResult(filter.query)
    }

    /// The stored Pokémon with an id.
    ///
    /// - Parameter id: The Pokémon's id, such as 25.
    /// - Returns: The Pokémon, or `nil` when none is stored with the id.
    /// - Throws: A `StoreError` when the store cannot be read.
    /// - Complexity: O(1) on average.
    public func pokemon(id: Int) async throws -> Pokemon? {
        try await store.fetch(id: id)
    }

    /// The stored Pokémon with a name, ignoring case and surrounding spaces, as PokeAPI
    /// names them (`"mr-mime"`).
    ///
    /// - Parameter name: The name, such as `"Pikachu"`.
    /// - Returns: The Pokémon with the lowest id of that name, or `nil` when none is stored.
    /// - Throws: A `StoreError` when the store cannot be read.
    /// - Complexity: O(*n*) in the number of stored Pokémon.
    public func pokemon(named name: String) async throws -> Pokemon? {
        let named = RecordQuery<Pokemon>(
            where: \.name == name.trimmingCharacters(in: .whitespaces).lowercased(),
            sortedBy: [.ascending(\.id)], limit: 1)
        return try await store.fetch(named).first
    }

    /// How many Pokémon are stored: in all, by type, by the generation that introduced
    /// their species, and how many are favorites.
    ///
    /// The favorites are the Pokémon that ``Favorite`` records refer to, each counted once;
    /// none when the Pokédex's database does not keep ``Favorite``.
    ///
    /// - Returns: The counts.
    /// - Throws: A `StoreError` when the store cannot be read.
    /// - Complexity: O(*n*) in the number of stored Pokémon, plus O(*f*) in the favorites.
    public func statistics() async throws -> PokedexStatistics {
        let all = try await store.fetch(RecordQuery(sortedBy: [.ascending(\.id)]))
        var byType: [PokemonType: Int] = [:]
        for pokemon in all {
            for type in pokemon.types { byType[type, default: 0] += 1 }
        }
        let favorites =
            keeps(Favorite.self) ? Set(try await self.favorites().map(\.pokemonID)).count : 0
        var statistics = PokedexStatistics(
            stored: all.count, favorites: favorites, countsByType: byType,
            lowestID: all.first?.id, highestID: all.last?.id)
        statistics.generations = GenerationCount.counts(of: all)
        return statistics
    }
}

/// How much of one generation a store holds: its species with a Pokémon stored, and its
/// Pokémon, forms included.
public struct GenerationCount: Hashable, Sendable, Codable {
    /// The generation, 1 for Red and Blue.
    public var generation: Int
    /// The species the generation introduced, in the national Pokédex.
    public var speciesTotal: Int
    /// Those of its species with at least one Pokémon stored.
    public var species: Int
    /// The stored Pokémon of its species, every form counted.
    public var pokemon: Int
    /// The ids of its species with no Pokémon stored, in order.
    public var missingSpecies: [Int]

    /// Creates a generation's counts.
    ///
    /// - Parameters:
    ///   - generation: The generation.
    ///   - speciesTotal: The species it introduced.
    ///   - species: Those with a Pokémon stored.
    ///   - pokemon: The stored Pokémon of its species.
    ///   - missingSpecies: The ids of its species with none stored.
    public init(
        generation: Int, speciesTotal: Int, species: Int, pokemon: Int, missingSpecies: [Int]
    ) {
        self.generation = generation
        self.speciesTotal = speciesTotal
        self.species = species
        self.pokemon = pokemon
        self.missingSpecies = missingSpecies
    }

    /// The counts of every generation, from the stored Pokémon's species.
    ///
    /// A Pokémon stored before ``Pokemon/speciesID`` existed counts for the species of its
    /// own id when that is a species' (a default form's id is its species').
    static func counts(of pokemon: [Pokemon]) -> [GenerationCount] {
        var pokemonBySpecies: [Int: Int] = [:]
        for record in pokemon {
            let speciesID =
                record.speciesID
                ?? (PokemonSpecies.generation(ofID: record.id) != nil ? record.id : nil)
            if let speciesID { pokemonBySpecies[speciesID, default: 0] += 1 }
        }
        var counts: [GenerationCount] = []
        var generation = 1
        while let ids = PokemonSpecies.ids(ofGeneration: generation) {
            let missing = ids.filter { pokemonBySpecies[$0] == nil }
            counts.append(
                GenerationCount(
                    generation: generation, speciesTotal: ids.count,
                    species: ids.count - missing.count,
                    pokemon: ids.reduce(0) { $0 + (pokemonBySpecies[$1] ?? 0) },
                    missingSpecies: missing))
            generation += 1
        }
        return counts
    }
}

/// Counts of the stored Pokémon.
public struct PokedexStatistics: Hashable, Sendable {
    /// How many are stored.
    public var stored: Int
    /// How many are favorites: the Pokémon that ``Favorite`` records refer to.
    public var favorites: Int
    /// How many have each type (a dual-type Pokémon counts for both).
    public var countsByType: [PokemonType: Int]
    /// The lowest stored id.
    public var lowestID: Int?
    /// The highest stored id.
    public var highestID: Int?
    /// The counts of each generation, from the first, by the species that the stored Pokémon
    /// belong to; empty unless ``Pokedex/statistics()`` made them.
    public var generations: [GenerationCount] = []

    /// Creates statistics.
    ///
    /// - Parameters:
    ///   - stored: How many are stored.
    ///   - favorites: How many are favorites.
    ///   - countsByType: How many have each type.
    ///   - lowestID: The lowest stored id.
    ///   - highestID: The highest stored id.
    public init(
        stored: Int, favorites: Int, countsByType: [PokemonType: Int], lowestID: Int?,
        highestID: Int?
    ) {
        self.stored = stored
        self.favorites = favorites
        self.countsByType = countsByType
        self.lowestID = lowestID
        self.highestID = highestID
    }
}
