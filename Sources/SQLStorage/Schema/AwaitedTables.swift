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
}
