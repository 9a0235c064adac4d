import Foundation

extension Pokedex {
    /// How many Pokémon are stored: in all, by type, by the generation that introduced
    /// their species, and how many are favorites; and the average base stats of each type.
    ///
    /// ```swift
    /// let statistics = try await pokedex.statistics()
    /// print(statistics.stored, statistics.countsByType[.fire] ?? 0)
    /// ```
    ///
    /// Every number comes from aggregate queries (`AggregateQuery`) that the store answers in
    /// its database, never from fetching the Pokémon: the count and the lowest and highest
    /// id; the count of each species (grouped by ``Pokemon/speciesID``), folded into
    /// generations here (1,025 rows at most); and the count and average base stats of each
    /// type, grouped by the elements of ``Pokemon/types``, so that a dual-type Pokémon counts
    /// once for each of its types.
    ///
    /// A Pokémon stored before ``Pokemon/speciesID`` existed counts for the species of its
    /// own id when that is a species' (a default form's id is its species'). The favorites
    /// are the Pokémon that ``Favorite`` records refer to, each counted once; none when the
    /// Pokédex's database does not keep ``Favorite``.
    ///
    /// - Returns: The counts and averages.
    /// - Throws: A `StoreError` when the store cannot be read.
    /// - Complexity: Three grouped scans in the store's database (four when some Pokémon
    ///   lack a species id), plus O(*s*) in the species and O(*f*) in the favorites.
    public func statistics() async throws -> PokedexStatistics {
        let totals = try await store.aggregate(
            AggregateQuery(.count, .minimum(\.id), .maximum(\.id)))
        let favorites =
            keeps(Favorite.self) ? Set(try await self.favorites().map(\.pokemonID)).count : 0
        var statistics = PokedexStatistics(
            stored: Self.integer(totals.first?.values[0]) ?? 0, favorites: favorites,
            countsByType: [:], lowestID: Self.integer(totals.first?.values[1]),
            highestID: Self.integer(totals.first?.values[2]))
        statistics.generations = GenerationCount.counts(
            pokemonBySpecies: try await pokemonBySpecies())
        let byType = try await store.aggregate(
            AggregateQuery(
                .count, .average(\.hp), .average(\.attack), .average(\.defense),
                .average(\.specialAttack), .average(\.specialDefense), .average(\.speed),
                groupedBy: [.elements(of: \.types)]))
        for row in byType {
            guard case .string(let name) = row.groupValues.first else { continue }
            let type = PokemonType(rawValue: name)
            statistics.countsByType[type] = Self.integer(row.values[0]) ?? 0
            let averages = row.values.dropFirst().map { value -> Double in
                if case .double(let number) = value { return number }
                return 0
            }
            statistics.averageStatsByType[type] = BaseStatAverages(
                hp: averages[0], attack: averages[1], defense: averages[2],
                specialAttack: averages[3], specialDefense: averages[4], speed: averages[5])
        }
        return statistics
    }

    /// The number of stored Pokémon of each species id, from the store's count of each
    /// ``Pokemon/speciesID``; a Pokémon without one counts for its own id's species.
    private func pokemonBySpecies() async throws -> [Int: Int] {
        var counts: [Int: Int] = [:]
        var withoutSpecies = false
        for row in try await store.aggregate(AggregateQuery(.count, groupedBy: [\.speciesID])) {
            guard let speciesID = Self.integer(row.groupValues.first) else {
                withoutSpecies = true
                continue
            }
            counts[speciesID, default: 0] += Self.integer(row.values[0]) ?? 0
        }
        guard withoutSpecies else { return counts }
        let legacy = AggregateQuery<Pokemon>(.count, where: \.speciesID == nil, groupedBy: [\.id])
        for row in try await store.aggregate(legacy) {
            guard let id = Self.integer(row.groupValues.first),
                PokemonSpecies.generation(ofID: id) != nil
            else { continue }
            counts[id, default: 0] += Self.integer(row.values[0]) ?? 0
        }
        return counts
    }

    /// An aggregate's integer value, or `nil` for none.
    private static func integer(_ value: QueryValue?) -> Int? {
        guard case .integer(let number) = value else { return nil }
        return Int(number)
    }
}
