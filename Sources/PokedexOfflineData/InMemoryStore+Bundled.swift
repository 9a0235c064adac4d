import PokedexKit

extension InMemoryStore where Model == Pokemon {
    /// A new in-memory store holding the 151 bundled Pokémon, none of them a favorite — for
    /// SwiftUI previews, tests and demos that need a filled store without a network or a file.
    ///
    /// ```swift
    /// let pokedex = Pokedex(
    ///     store: try InMemoryStore.bundledPokemon(),
    ///     client: PokeAPIClient(transport: BundledPokeAPITransport()))
    /// let fire = try await pokedex.pokemon(matching: PokemonFilter(types: [.fire]))
    /// ```
    ///
    /// Each call reads and decodes the bundled files again and returns a store of its own, so
    /// changes made in one preview or test never leak into another.
    ///
    /// - Returns: A store of the bundled Pokémon, in id order.
    /// - Throws: ``BundledDataError`` or a `DecodingError`, as ``BundledPokeAPI/allPokemon()``.
    /// - Complexity: O(*n*) in the 151 entries: it reads and decodes every file.
    public static func bundledPokemon() throws -> InMemoryStore<Pokemon> {
        InMemoryStore(try BundledPokeAPI.allPokemon().map(Pokemon.init))
    }
}
