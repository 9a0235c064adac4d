import Foundation

extension Pokedex {
    /// The stored Pokémon a filter selects, beside the number stored in all, read at one
    /// moment — "what matches?" and "all loaded?" are never confused.
    ///
    /// - Parameter filter: What to look for; every Pokémon in id order by default.
    /// - Returns: The selected Pokémon and the store's total count.
    /// - Throws: A `StoreError` when the store cannot be read.
    /// - Complexity: O(*n*) in the number of stored Pokémon.
    public func pokemon(matching filter: PokemonFilter = PokemonFilter()) async throws
        -> PokedexResult
    {
        let result = try await store.fetchResult(filter.query)
        return PokedexResult(records: result.records, totalCount: result.totalCount)
    }

    /// A stored Pokémon, by id or by name (ignoring case).
    ///
    /// - Parameter idOrName: An id such as `"25"` or a name such as `"Pikachu"`.
    /// - Returns: The Pokémon, or `nil` when none is stored.
    /// - Throws: A `StoreError` when the store cannot be read.
    public func pokemon(_ idOrName: String) async throws -> Pokemon? {
        let text = idOrName.trimmingCharacters(in: .whitespaces)
        if let id = Int(text) { return try await store.fetch(id: id) }
        let named = Query<Pokemon>(
            where: \.name == text.lowercased(), sortedBy: [.ascending(\.id)], limit: 1)
        return try await store.fetch(named).first
    }

    /// Marks a stored Pokémon as a favorite, or not.
    ///
    /// - Parameters:
    ///   - isFavorite: Whether it is a favorite.
    ///   - id: The Pokémon's id.
    /// - Returns: The Pokémon as stored.
    /// - Throws: `StoreError.notFound` when it is not stored; another `StoreError` when the
    ///   store cannot be written.
    @discardableResult
    public func setFavorite(_ isFavorite: Bool, id: Int) async throws -> Pokemon {
        try await store.update(id: id) { $0.favorite = isFavorite }
    }

    /// How many Pokémon are stored, by type and in all.
    ///
    /// - Returns: The counts.
    /// - Throws: A `StoreError` when the store cannot be read.
    /// - Complexity: O(*n*) in the number of stored Pokémon.
    public func statistics() async throws -> PokedexStatistics {
        let all = try await store.fetch(Query(sortedBy: [.ascending(\.id)]))
        var byType: [PokemonType: Int] = [:]
        for pokemon in all {
            for type in pokemon.types { byType[type, default: 0] += 1 }
        }
        return PokedexStatistics(
            stored: all.count, favorites: all.count { $0.favorite }, countsByType: byType,
            lowestID: all.first?.id, highestID: all.last?.id)
    }
}

/// The Pokémon a filter selected, beside the number stored in all.
public struct PokedexResult: Hashable, Sendable {
    /// The selected Pokémon, in the filter's order.
    public var records: [Pokemon]
    /// How many Pokémon the store holds in all, whatever the filter.
    public var totalCount: Int

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - records: The selected Pokémon.
    ///   - totalCount: How many are stored in all.
    public init(records: [Pokemon], totalCount: Int) {
        self.records = records
        self.totalCount = totalCount
    }
}

/// Counts of the stored Pokémon.
public struct PokedexStatistics: Hashable, Sendable {
    /// How many are stored.
    public var stored: Int
    /// How many are favorites.
    public var favorites: Int
    /// How many have each type (a dual-type Pokémon counts for both).
    public var countsByType: [PokemonType: Int]
    /// The lowest stored id.
    public var lowestID: Int?
    /// The highest stored id.
    public var highestID: Int?

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
