/// Counts of the stored Pokémon, and their average base stats by type, as
/// ``Pokedex/statistics()`` computes them in the store's database.
///
/// ```swift
/// let statistics = try await pokedex.statistics()
/// statistics.countsByType[.fire]                  // 109
/// statistics.averageStatsByType[.dragon]?.attack  // 100.2…
/// ```
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
    /// The average base stats of the Pokémon of each type (a dual-type Pokémon counts for
    /// both); empty unless ``Pokedex/statistics()`` made them.
    public var averageStatsByType: [PokemonType: BaseStatAverages] = [:]

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
