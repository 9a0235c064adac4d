import ModelStorage

/// The models whose tables a read-only database did not find when it opened: it reads each
/// as empty, and looks for its table again before each read until a writer makes it.
///
/// A backend's database keeps one, filled as it opens, and asks it before each read:
///
/// ```swift
/// guard awaited.awaits(model) else { return false }
/// let state = try await inspectTable(of: model)   // the backend's own look
/// return try awaited.note(state.look, of: model, at: location)
/// ```
public struct AwaitedTables: Sendable {
    /// What a look at a model's table found.
    public enum Look: Sendable, Equatable {
        /// No table yet.
        case absent
        /// The table, at the model's schema version.
        case found
        /// The table at an older schema version, which a read-only database cannot migrate.
        case older(schemaVersion: Int)
    }

    private var models: Set<ObjectIdentifier> = []

    /// No model awaited.
    public init() {}

    /// Whether every model's table was found.
    public var isEmpty: Bool { models.isEmpty }

    /// Notes that a model's table is not in the database yet.
    public mutating func insert(_ model: any StorableModel.Type) {
        models.insert(ObjectIdentifier(model))
    }

    /// Whether a model's table has not been found yet.
    public func awaits(_ model: any StorableModel.Type) -> Bool {
        models.contains(ObjectIdentifier(model))
    }

    /// Notes what a look at an awaited model's table found, and returns whether the table is
    /// still missing; a table found is not looked for again.
    ///
    /// - Parameters:
    ///   - look: What the look found.
    ///   - model: The model.
    ///   - location: The database, for errors.
    /// - Returns: Whether the model still has no table.
    /// - Throws: ``cannotMigrate(_:from:at:)``'s error for a table at an older schema
    ///   version.
    public mutating func note(
        _ look: Look, of model: any StorableModel.Type, at location: StoreLocation
    ) throws(StoreError) -> Bool {
        switch look {
        case .absent: return true
        case .found:
            models.remove(ObjectIdentifier(model))
            return false
        case .older(let version):
            throw Self.cannotMigrate(model, from: version, at: location)
        }
    }

    /// The error of a read-only database that finds a model's table at an older schema
    /// version, which it would have to migrate: `StoreError/migrationFailed(at:sourceVersion:location:reason:)`
    /// naming the table.
    public static func cannotMigrate(
        _ model: any StorableModel.Type, from version: Int, at location: StoreLocation
    ) -> StoreError {
        .migrationFailed(
            at: location, sourceVersion: version, location: .wholeFile,
            reason: "a read-only store cannot migrate the table "
                + "\(SQLIdentifier.quoted(model.storageName)); open it for writing once")
    }

    /// What a database opens with, from its look at each model's table: a writer migrates
    /// an older table (noted in `tables`), a read-only database refuses it and awaits an
    /// absent one.
    ///
    /// ```swift
    /// var opened = layouts
    /// let awaiting = try AwaitedTables.opening(&opened, found: looks, writable: writable)
    /// ```
    ///
    /// - Parameters:
    ///   - tables: The database's tables; each older table a writer finds is noted as
    ///     migrated from its version (`ModelTables/noteMigration(of:from:)`).
    ///   - looks: What the look at each model's table found, in the order of
    ///     `tables.models`.
    ///   - writable: Whether the database opens for writing.
    /// - Returns: The models whose tables a read-only database awaits; none for a writer,
    ///   which makes them.
    /// - Throws: ``cannotMigrate(_:from:at:)`` for an older table of a read-only database.
    public static func opening(
        _ tables: inout ModelTables, found looks: [Look], writable: Bool
    ) throws(StoreError) -> AwaitedTables {
        var awaiting = AwaitedTables()
        for (model, look) in zip(tables.models, looks) {
            switch (look, writable) {
            case (.found, _): break
            case (.older(let version), true): tables.noteMigration(of: model, from: version)
            case (.older(let version), false):
                throw cannotMigrate(model, from: version, at: tables.location)
            case (.absent, _):
                // A read-only database with no table of the model's yet (one cut off before
                // its first commit, or one no writer has opened with the model) reads it as
                // empty until a writer makes it.
                if !writable { awaiting.insert(model) }
            }
        }
        return awaiting
    }
}
