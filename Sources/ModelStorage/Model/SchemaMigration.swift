/// One step that migrates a record's stored JSON from one schema version to the next.
///
/// A step sees one record at a time, as a ``JSONValue``, before the record is decoded, and
/// changes it in place:
///
/// ```swift
/// // Version 2 renamed "atk" to "attack" and added "favorite".
/// SchemaMigration(from: 1) { record in
///     record["attack"] = record["atk"]
///     record["atk"] = nil
///     record["favorite"] = .bool(false)
/// }
/// ```
///
/// Opening a file written at version *n* runs the steps from *n*, *n* + 1, … up to the
/// model's ``StorableModel/schemaVersion``, in order. A writable store then saves the migrated
/// records at once, keeping the file as it was as the backup.
public struct SchemaMigration: Sendable {
    /// The version this step migrates from; it produces version `sourceVersion + 1`.
    public let sourceVersion: Int

    /// The step itself.
    public let migrate: @Sendable (inout JSONValue) throws -> Void

    /// Creates a step from one schema version to the next.
    ///
    /// - Parameters:
    ///   - sourceVersion: The version the step migrates from.
    ///   - migrate: Changes one record's JSON in place; throw to refuse a record, and the
    ///     store fails to open with ``StoreError/migrationFailed(at:sourceVersion:location:reason:)``.
    public init(
        from sourceVersion: Int, _ migrate: @escaping @Sendable (inout JSONValue) throws -> Void
    ) {
        self.sourceVersion = sourceVersion
        self.migrate = migrate
    }
}
