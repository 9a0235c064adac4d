import KeyPathQuery
import ModelStorage

/// Every model's table of one SQL database, looked up by the model's type: its layout, and
/// the schema version it was migrated from when the database opened.
///
/// A database builds it once, as it opens, with its backend's layout for each model, and
/// asks it for a model's layout as that type:
///
/// ```swift
/// var tables = try ModelTables([Pokemon.self, PokemonSpecies.self], at: location) { model in
///     try layout(of: model)    // a TableLayout<Model>, opened from the existential
/// }
/// tables.noteMigration(of: Pokemon.self, from: 1)
/// let layout: TableLayout<Pokemon> = try tables.layout(of: Pokemon.self)
/// tables.migratedFromSchemaVersion(of: Pokemon.self)    // 1
/// ```
///
/// A model the database was not opened with throws `StoreError/unknownModel(_:at:models:)`,
/// here and nowhere else.
public struct ModelTables: Sendable {
    /// The database's models, in the order it was opened with.
    public let models: [any StorableModel.Type]
    /// Where the database keeps its records, as its errors name it.
    public let location: StoreLocation
    /// The models' names, as `StoreError/unknownModel(_:at:models:)` lists them.
    public let modelNames: [String]
    /// Each model's layout, under the model's identifier.
    private let layouts: [ObjectIdentifier: any SQLTableLayout]
    /// The schema version each migrated model's table was migrated from.
    private var migrations: [ObjectIdentifier: Int] = [:]

    /// The tables of a database's models.
    ///
    /// - Parameters:
    ///   - models: The database's models, in order.
    ///   - location: Where the database keeps its records, for errors.
    ///   - layout: The backend's layout of a model's table.
    /// - Throws: What `layout` throws, for the first model it fails for.
    public init(
        _ models: [any StorableModel.Type], at location: StoreLocation,
        layout: (any StorableModel.Type) throws(StoreError) -> any SQLTableLayout
    ) throws(StoreError) {
        var layouts: [ObjectIdentifier: any SQLTableLayout] = [:]
        for model in models { layouts[ObjectIdentifier(model)] = try layout(model) }
        self.models = models
        self.location = location
        self.layouts = layouts
        modelNames = models.map { String(describing: $0) }
    }

    /// A model's layout, as the backend's layout type.
    ///
    /// - Parameters:
    ///   - model: The model.
    ///   - type: The backend's layout type; inferred from the caller's.
    /// - Returns: The model's layout.
    /// - Throws: `StoreError/unknownModel(_:at:models:)` when the database does not hold the
    ///   model (or holds it in another layout type).
    /// - Complexity: O(1).
    public func layout<Layout: SQLTableLayout>(
        of model: Layout.Model.Type, as type: Layout.Type = Layout.self
    ) throws(StoreError) -> Layout {
        guard let layout = layouts[ObjectIdentifier(model)] as? Layout else {
            throw .unknownModel(String(describing: model), at: location, models: modelNames)
        }
        return layout
    }

    /// Whether the database holds a model.
    ///
    /// - Parameter model: The model.
    /// - Returns: `true` when it was opened with the model.
    public func contains(_ model: any StorableModel.Type) -> Bool {
        layouts[ObjectIdentifier(model)] != nil
    }

    // MARK: Migrations

    /// Notes that a model's table was migrated from an older schema version as the database
    /// opened.
    ///
    /// - Parameters:
    ///   - model: The model.
    ///   - version: The schema version its table was at.
    public mutating func noteMigration(of model: any StorableModel.Type, from version: Int) {
        migrations[ObjectIdentifier(model)] = version
    }

    /// The schema version a model's table was migrated from when the database opened.
    ///
    /// - Parameter model: The model.
    /// - Returns: The version, or `nil` when the table was not migrated.
    public func migratedFromSchemaVersion(of model: any StorableModel.Type) -> Int? {
        migrations[ObjectIdentifier(model)]
    }
}
