import ModelStorage

/// What an SQL backend gives the parts every backend shares: its connection, its table of
/// each model, and how it looks for a table.
///
/// SQLiteStorage's and PostgresStorage's drivers conform. The database's reads
/// (``SQLDriverDatabase``), the group writer's transactions and the snapshot reads
/// (``ConnectionTables``) are built on it.
///
/// ```swift
/// enum MyDriver: SQLDriver {
///     static func referenceKeyColumn(of model: any StorableModel.Type) -> String? {
///         SQLTables.idColumn(of: model)
///     }
///
///     static func layout<Model: StorableModel>(
///         of model: Model.Type, tables: SQLTables
///     ) throws(StoreError) -> any SQLTableLayout {
///         try MyTableLayout<Model>(tables: tables)
///     }
///
///     static func table<Model: StorableModel>(
///         of model: Model.Type, in tables: ModelTables
///     ) throws(StoreError) -> any SQLDriverTable<Model, MyConnection> {
///         try tables.layout(of: model) as MyTableLayout<Model>
///     }
///
///     static func look<Model: StorableModel>(
///         for model: Model.Type, in tables: ModelTables, on connection: MyConnection
///     ) throws(StoreError) -> AwaitedTables.Look {
///         try connection.inspect(for: tables.layout(of: model) as MyTableLayout<Model>).look
///     }
/// }
/// ```
@_spi(BackendInternals)
public protocol SQLDriver {
    /// The backend's connection.
    associatedtype Connection: SnapshotConnection

    /// The column of a model's table that holds each record's id as a reference's attribute
    /// compares with it, or `nil` when there is none (the conditions that follow references
    /// to the model then do not render as SQL).
    ///
    /// - Parameter model: The model.
    /// - Returns: The column's name, unquoted.
    static func referenceKeyColumn(of model: any StorableModel.Type) -> String?

    /// The driver's layout of a model's table, as a database opens with it.
    ///
    /// - Parameters:
    ///   - model: The model.
    ///   - tables: Every model's table, for conditions that follow references.
    /// - Returns: The layout.
    /// - Throws: `StoreError` when the model cannot be laid out as a table (an attribute
    ///   name too long, or one that is the store's own column).
    static func layout<Model: StorableModel>(
        of model: Model.Type, tables: SQLTables
    ) throws(StoreError) -> any SQLTableLayout

    /// One model's table as the driver reads it, from the database's tables.
    ///
    /// - Parameters:
    ///   - model: The model.
    ///   - tables: The database's models and their layouts.
    /// - Returns: The model's table.
    /// - Throws: `StoreError/unknownModel(_:at:models:)` when the database does not hold
    ///   the model.
    static func table<Model: StorableModel>(
        of model: Model.Type, in tables: ModelTables
    ) throws(StoreError) -> any SQLDriverTable<Model, Connection>

    /// What a look for a model's table finds in the database, for a read-only database that
    /// awaits it (``AwaitedTables``).
    ///
    /// - Parameters:
    ///   - model: The model.
    ///   - tables: The database's models and their layouts.
    ///   - connection: A reader's connection, on its owner's thread.
    /// - Returns: Whether the table is absent, found, or found at an older schema version.
    /// - Throws: `StoreError` when the database cannot be read, or holds a table of that
    ///   name that is not the model's.
    static func look<Model: StorableModel>(
        for model: Model.Type, in tables: ModelTables, on connection: Connection
    ) throws(StoreError) -> AwaitedTables.Look
}
