import KeyPathQuery
import ModelStorage

extension SQLModelDatabase {
    /// The tables a database of these models opens with: each model's layout from the
    /// driver, with the tables of the others for conditions that follow references.
    ///
    /// ```swift
    /// let layouts = try modelTables(for: [Pokemon.self, PokemonSpecies.self], at: location)
    /// ```
    ///
    /// - Parameters:
    ///   - models: The database's models, in order.
    ///   - location: Where the database keeps its records, for errors.
    ///   - searchesInSQL: Whether searches over the models' searchable attributes render as
    ///     SQL against their token tables (``SearchTokenTable``): `false` for a read-only
    ///     database whose token tables are not current, which answers searches in memory.
    /// - Returns: Every model's layout.
    /// A backend's `open` calls it first, before it connects.
    ///
    /// - Throws: `StoreError/invalidModels(at:reason:)` when `models` is empty, lists a model
    ///   twice, or two models share a table name; `StoreError/invalidQuery(_:)` when a
    ///   model's indexed or searchable attribute is not in its attribute map; the driver's errors of a
    ///   layout (``SQLDriver/layout(of:tables:)``).
    @_spi(BackendInternals)
    public static func modelTables(
        for models: [any StorableModel.Type], at location: StoreLocation,
        searchesInSQL: Bool = true
    ) throws(StoreError) -> ModelTables {
        _ = try checkedNames(of: models, at: location)
        var sqlTables = SQLTables(models: models, keyColumn: Driver.referenceKeyColumn(of:))
        if searchesInSQL {
            sqlTables.addSearchIndexes(of: models)
        }
        return try ModelTables(models, at: location) { (model) throws(StoreError) in
            try layout(of: model, tables: sqlTables)
        }
    }

    /// A model's layout from the driver, once its indexed and searchable attributes are
    /// checked.
    private static func layout<Model: StorableModel>(
        of model: Model.Type, tables: SQLTables
    ) throws(StoreError) -> any SQLTableLayout {
        let layout = try Driver.layout(of: model, tables: tables)
        try Model.checkIndexedAttributes()
        _ = try Model.searchableAttributeNames()
        return layout
    }
}
