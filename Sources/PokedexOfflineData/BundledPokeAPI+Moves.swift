import PokedexKit

extension BundledPokeAPI {
    /// A bundled move.
    ///
    /// The bundle keeps each move's names and effects in every language the service has
    /// them in, and of its flavor texts only the latest English one
    /// (`Move.flavorText(_:)`); every other field is as the service sends it.
    ///
    /// ```swift
    /// let flamethrower = try BundledPokeAPI.move(id: 53)
    /// flamethrower.localizedName("fr")     // "Lance-Flammes"
    /// ```
    ///
    /// - Parameter id: A move id: 1–919, or 10001–10018.
    /// - Returns: The move.
    /// - Throws: ``BundledDataError/notBundled(id:family:)`` for any other id;
    ///   ``BundledDataError/missingResource(_:)`` or a `DecodingError` if the bundle is
    ///   damaged.
    public static func move(id: Int) throws -> Move {
        guard let move = try BundledContents.moves.get().entry(id: id) else {
            throw BundledDataError.notBundled(id: id, family: .move)
        }
        return move
    }

    /// Every bundled move, in id order.
    ///
    /// - Returns: The 937 moves.
    /// - Throws: ``BundledDataError/missingResource(_:)`` or a `DecodingError` if the bundle is
    ///   damaged.
    public static func allMoves() throws -> [Move] {
        try BundledContents.moves.get().entries()
    }

    /// A bundled Pokémon's learnset: the moves it learns in the newest game that has its
    /// moves, as the bundle keeps them.
    ///
    /// ```swift
    /// let charizard = try BundledPokeAPI.learnset(ofPokemon: 6)
    /// charizard.filter { $0.method == .levelUp }.count
    /// ```
    ///
    /// - Parameter id: A bundled Pokémon id (``pokemonIDs()``).
    /// - Returns: Its entries, in the order the bundle keeps them; empty for the Pokémon that
    ///   learn no move.
    /// - Throws: ``BundledDataError/notBundled(id:)`` for an id that is not bundled;
    ///   ``BundledDataError/missingResource(_:)`` or a `DecodingError` if the bundle is
    ///   damaged.
    public static func learnset(ofPokemon id: Int) throws -> [LearnsetEntry] {
        guard try BundledContents.pokemon.get().entry(id: id) != nil else {
            throw BundledDataError.notBundled(id: id)
        }
        return try BundledContents.learnsets.get().entry(id: id)?.entries ?? []
    }

    /// Every bundled learnset entry, the Pokémon in id order.
    ///
    /// - Returns: The 77,622 entries of the 1,268 Pokémon that learn moves.
    /// - Throws: ``BundledDataError/missingResource(_:)`` or a `DecodingError` if the bundle is
    ///   damaged.
    public static func allLearnsets() throws -> [LearnsetEntry] {
        try BundledContents.learnsets.get().entries().flatMap(\.entries)
    }

    /// A bundled Pokémon with its learnset, which the bundle keeps in a file of its own.
    static func withLearnset(_ pokemon: FetchedPokemon) throws -> FetchedPokemon {
        var pokemon = pokemon
        pokemon.learnset = try BundledContents.learnsets.get().entry(id: pokemon.id)?.entries ?? []
        return pokemon
    }
}
