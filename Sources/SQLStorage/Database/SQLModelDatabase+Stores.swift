import ModelStorage

extension SQLModelDatabase {
    /// The store of one of the database's models.
    ///
    /// ```swift
    /// let species = try dex.store(for: PokemonSpecies.self)
    /// ```
    ///
    /// Every call returns a store over the same table; closing any of them closes the
    /// database.
    ///
    /// - Parameter model: The model.
    /// - Returns: The model's store: `SQLiteStore<Model>` of an `SQLiteModelDatabase`,
    ///   `PostgresStore<Model>` of a `PostgresModelDatabase`.
    /// - Throws: `StoreError/unknownModel(_:at:models:)` when the database does not hold the
    ///   model.
    public nonisolated func store<Model: StorableModel>(
        for model: Model.Type
    ) throws(StoreError) -> SQLStore<Driver, Model> {
        try SQLStore(of: model, in: self)
    }

    /// The store of one of the database's models, as `ModelDatabase.store(for:)` hands it
    /// to code written against any database: the same ``SQLStore`` as the `store(for:)`
    /// that returns it, which a call on the database itself chooses.
    ///
    /// ```swift
    /// func load(_ pokemon: [Pokemon], into dex: some ModelDatabase) async throws {
    ///     try await dex.store(for: Pokemon.self).upsert(contentsOf: pokemon)
    /// }
    /// ```
    ///
    /// - Parameter model: The model.
    /// - Returns: The model's store.
    /// - Throws: `StoreError/unknownModel(_:at:models:)` when the database does not hold the
    ///   model.
    @_disfavoredOverload
    public nonisolated func store<Model: StorableModel>(
        for model: Model.Type
    ) throws(StoreError) -> any ModelStore<Model> {
        try store(for: model) as SQLStore<Driver, Model>
    }
}
