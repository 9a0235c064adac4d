import ModelStorage

/// Runs a model's `SchemaMigration` steps over one record's JSON.
enum SchemaMigrator {
    /// Why a record could not be migrated.
    struct Failure: Error {
        let reason: String
    }

    /// Migrates a record from a schema version to the model's current one, step by step.
    ///
    /// - Throws: ``Failure`` when a step is missing or throws.
    static func migrate<Model: StorableModel>(
        _ record: inout JSONValue, from sourceVersion: Int, to _: Model.Type
    ) throws(Failure) {
        var version = sourceVersion
        while version < Model.schemaVersion {
            guard let step = Model.migrations.first(where: { $0.sourceVersion == version }) else {
                throw Failure(reason: "\(Model.self) has no migration from version \(version)")
            }
            do {
                try step.migrate(&record)
            } catch {
                throw Failure(reason: "the migration from version \(version) threw: \(error)")
            }
            version += 1
        }
    }
}
