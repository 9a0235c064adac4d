// Favorites as earlier versions kept them: a flag on the Pokémon's record
// (``Pokemon/favorite``), which the Pokédex no longer sets, and the move of those flags to
// ``Favorite`` records.

extension Pokedex {
    /// Marks a stored Pokémon as a favorite, or not, and returns its record.
    ///
    /// It calls ``setFavorite(_:pokemonID:)``, which keeps the mark in ``Favorite`` records,
    /// and returns the Pokémon's record with ``Pokemon/favorite`` set to the new state, as
    /// this method's callers read it; the stored record's flag is not written.
    ///
    /// - Parameters:
    ///   - isFavorite: Whether it is a favorite.
    ///   - id: The Pokémon's id.
    /// - Returns: The Pokémon as stored, its ``Pokemon/favorite`` set to `isFavorite`.
    /// - Throws: What ``setFavorite(_:pokemonID:)`` throws.
    @available(
        *, deprecated,
        message: "use setFavorite(_:pokemonID:), which keeps favorites as Favorite records"
    )
    @discardableResult
    public func setFavorite(_ isFavorite: Bool, id: Int) async throws -> Pokemon {
        try await setFavorite(isFavorite, pokemonID: id)
        guard var pokemon = try await pokemon(id: id) else {
            throw StoreError.notFound(String(id))
        }
        pokemon.favorite = isFavorite
        return pokemon
    }

    /// Moves the favorites an earlier version kept as flags on the Pokémon's records
    /// (``Pokemon/favorite``) to ``Favorite`` records, and clears the flags.
    ///
    /// ```swift
    /// let dex = try await SQLiteModelDatabase.open(at: url, for: PokedexModels.all)
    /// let pokedex = Pokedex(
    ///     store: try dex.store(for: Pokemon.self), database: dex, client: PokeAPIClient())
    /// try await pokedex.migrateLegacyFavorites()
    /// ```
    ///
    /// Call it once after opening a database that an earlier version may have written,
    /// before reading favorites: the Pokédex reads them from ``Favorite`` records alone. The
    /// `pokedex` command does so on every open of a store file that holds a flag.
    ///
    /// Every flagged Pokémon gains a ``Favorite`` (dated now: the flag kept no date), unless
    /// one already refers to it, and loses its flag, all in one transaction: a crash leaves
    /// the flags or the records, never neither, and running it again creates nothing. It
    /// goes through the one write of the user's data, as every favorite does. A database
    /// that holds no flag is only read.
    ///
    /// - Returns: The number of ``Favorite`` records it created; 0 when no Pokémon was
    ///   flagged, or when the Pokédex has no database that keeps ``Favorite`` (the flags
    ///   then stay where they are).
    /// - Throws: A `StoreError` when the database cannot be read or written; nothing is
    ///   changed then.
    /// - Complexity: A query of the flag by its index; with flags, O(*f*) in the flagged
    ///   Pokémon.
    @discardableResult
    public func migrateLegacyFavorites() async throws -> Int {
        guard let database, keeps(Favorite.self) else { return 0 }
        let flagged = try await database.read { snapshot in
            try snapshot[Pokemon.self].count(where: \.favorite == true)
        }
        guard flagged > 0 else { return 0 }
        return try await writeUserData { transaction in
            let flagged = try transaction[Pokemon.self].fetch(
                RecordQuery(where: \.favorite == true, sortedBy: [.ascending(\.id)]))
            let marked = Set(
                try transaction[Favorite.self].fetch(
                    RecordQuery(where: .in(\.pokemonID, flagged.map(\.id)))
                ).map(\.pokemonID))
            var created = 0
            for var pokemon in flagged {
                if !marked.contains(pokemon.id) {
                    try transaction[Favorite.self].insert(Favorite(pokemonID: pokemon.id))
                    created += 1
                }
                pokemon.favorite = false
                transaction[Pokemon.self].upsert(pokemon)
            }
            return created
        }
    }
}
