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
}
