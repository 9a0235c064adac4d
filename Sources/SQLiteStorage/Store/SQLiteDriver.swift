import KeyPathQuery
import ModelStorage
@_spi(BackendInternals) import SQLStorage

/// SQLite's driver under the shared SQL store (`SQLDriver`): its connection, its table
/// layout of each model, and its look for a table a read-only database awaits.
@_spi(BackendInternals)
public enum SQLiteDriver: SQLDriver {
    /// `_key`, the JSON of each record's id, which a reference's attribute compares with as
    /// the dialect renders it.
    public static func referenceKeyColumn(of model: any StorableModel.Type) -> String? {
        "_key"
    }

    /// SQLite's layout of a model's table.
    ///
    /// - Throws: `StoreError` when an attribute's column cannot be laid out.
    public static func layout<Model: StorableModel>(
        of model: Model.Type, tables: SQLTables
    ) throws(StoreError) -> any SQLTableLayout {
        try TableLayout<Model>(tables: tables)
    }

    /// One model's table as SQLite's connection reads it.
    ///
    /// - Throws: `StoreError/unknownModel(_:at:models:)` when the database does not hold
    ///   the model.
    public static func table<Model: StorableModel>(
        of model: Model.Type, in tables: ModelTables
    ) throws(StoreError) -> any SQLDriverTable<Model, SQLiteConnection> {
        try tables.layout(of: model) as TableLayout<Model>
    }

    /// What the database holds under a model's table name: nothing, the model's table, or
    /// the table at an older schema version.
    ///
    /// - Throws: `StoreError` when the schema cannot be read, or the table is not the
    ///   model's.
    public static func look<Model: StorableModel>(
        for model: Model.Type, in tables: ModelTables, on connection: SQLiteConnection
    ) throws(StoreError) -> AwaitedTables.Look {
        let layout: TableLayout<Model> = try tables.layout(of: model)
        return try connection.inspect(for: layout).look
    }
}
