import Foundation

extension StorableModel {
    /// Brings a record's stored JSON from an older schema version to ``schemaVersion`` through
    /// the model's ``migrations``, step by step, and decodes it.
    ///
    /// Every backend migrates with it, so that a record means the same after a migration
    /// whichever store it was kept in; a backend of your own should too:
    ///
    /// ```swift
    /// let record = try Pokemon.migrated(fromJSON: storedJSON, schemaVersion: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - json: The record's JSON as it was stored.
    ///   - sourceVersion: The schema version it was stored at.
    /// - Returns: The record, decoded at the current schema version.
    /// - Throws: ``SchemaMigration/Failure`` saying why: the JSON does not parse, a step is
    ///   missing or throws, or the migrated record does not decode. A store reports it as
    ///   ``StoreError/migrationFailed(at:sourceVersion:location:reason:)``, naming the record.
    public static func migrated(fromJSON json: Data, schemaVersion sourceVersion: Int)
        throws(SchemaMigration.Failure) -> Self
    {
        var value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: json)
        } catch {
            throw SchemaMigration.Failure(reason: "the record is not JSON: \(error)")
        }
        try migrate(&value, fromSchemaVersion: sourceVersion)
        do {
            return try JSONDecoder().decode(Self.self, from: JSONEncoder().encode(value))
        } catch {
            throw SchemaMigration.Failure(reason: "the migrated record does not decode: \(error)")
        }
    }

    /// Runs the model's ``migrations`` over a record's JSON in place, from a schema version up
    /// to ``schemaVersion``, in order.
    ///
    /// - Parameters:
    ///   - record: The record's JSON.
    ///   - sourceVersion: The schema version it was stored at.
    /// - Throws: ``SchemaMigration/Failure`` when a step is missing or throws; `record` is
    ///   then partly migrated.
    public static func migrate(_ record: inout JSONValue, fromSchemaVersion sourceVersion: Int)
        throws(SchemaMigration.Failure)
    {
        var version = sourceVersion
        while version < schemaVersion {
            guard let step = migrations.first(where: { $0.sourceVersion == version }) else {
                throw SchemaMigration.Failure(
                    reason: "\(Self.self) has no migration from version \(version)")
            }
            do {
                try step.migrate(&record)
            } catch {
                throw SchemaMigration.Failure(
                    reason: "the migration from version \(version) threw: \(error)")
            }
            version += 1
        }
    }
}

extension SchemaMigration {
    /// Why a record could not be brought to the model's schema version.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// What went wrong, as one phrase: "the migration from version 1 threw: …".
        public let reason: String

        /// Makes a failure.
        ///
        /// - Parameter reason: What went wrong.
        public init(reason: String) {
            self.reason = reason
        }

        /// The reason.
        public var description: String { reason }
    }
}
