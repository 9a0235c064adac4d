import KeyPathQuery
import ModelStorage
import SQLStorage

/// The group commit's hooks on SQLite's writer connection: `BEGIN IMMEDIATE`, which takes
/// the database's write lock, the version table, and `COMMIT`.
struct SQLiteGroupWriter: GroupWriter {
    let connection: SQLiteConnection
    let queue: ConnectionQueue
    let models: [any StorableModel.Type]
    let layouts: [ObjectIdentifier: any Sendable]
    let encoder = RecordJSONEncoder()

    var storeLocation: StoreLocation { .file(connection.path) }

    func beginGroup() throws(StoreError) -> UInt64 {
        try connection.run("BEGIN IMMEDIATE", operation: "begin a write")
        return try connection.databaseVersion()
    }

    func execute(_ sql: String, operation: String) throws(StoreError) {
        try connection.run(sql, operation: operation)
    }

    var isInTransaction: Bool { connection.isInTransaction }

    func committedTables(group: UInt64) -> SQLiteConnectionTables {
        SQLiteConnectionTables(queue: queue, layouts: layouts, session: group)
    }

    func store<Model: StorableModel>(
        _ changes: [RecordChange<Model>], of model: Model.Type, version: UInt64,
        collectingChanges: Bool
    ) throws(StoreError) -> [(old: Model?, new: Model?)] {
        guard let layout = layouts[ObjectIdentifier(model)] as? TableLayout<Model> else {
            throw .unknownModel(
                String(describing: model), at: .file(connection.path),
                models: models.map { String(describing: $0) })
        }
        return try connection.store(
            changes, layout: layout, version: version, encoder: encoder,
            collectingChanges: collectingChanges)
    }

    func commitGroup(version: UInt64, changed: [any StorableModel.Type]) throws(StoreError) {
        for model in changed {
            try connection.run(
                "UPDATE \(Schema.versionTable) SET \"version\" = ? WHERE \"table_name\" = ?",
                [.integer(Int64(version)), .text(model.storageName)],
                operation: "commit a write")
        }
        try connection.run("COMMIT", operation: "commit a write")
    }

    func rollBackGroup() {
        try? connection.run("ROLLBACK", operation: "roll back a write")
    }
}
