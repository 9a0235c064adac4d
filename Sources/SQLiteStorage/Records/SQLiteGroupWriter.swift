import KeyPathQuery
import ModelStorage
@_spi(BackendInternals) import SQLStorage

/// The group commit's hooks on SQLite's writer connection: `BEGIN IMMEDIATE`, which takes
/// the database's write lock, the version table, and `COMMIT`.
struct SQLiteGroupWriter: GroupWriter {
    let connection: SQLiteConnection
    let queue: ConnectionQueue
    /// The database's models and their tables.
    let tables: ModelTables
    let encoder = SQLRecordEncoder()

    var storeLocation: StoreLocation { .file(connection.path) }

    var models: [any StorableModel.Type] { tables.models }

    func beginGroup() throws(StoreError) -> UInt64 {
        try connection.run("BEGIN IMMEDIATE", operation: "begin a write")
        return try connection.databaseVersion()
    }

    func execute(_ sql: String, operation: String) throws(StoreError) {
        try connection.run(sql, operation: operation)
    }

    var isInTransaction: Bool { connection.isInTransaction }

    func committedTables(group: UInt64) -> ConnectionTables<SQLiteDriver> {
        ConnectionTables(owner: queue, tables: tables, session: group)
    }

    func store<Model: StorableModel>(
        _ changes: [RecordChange<Model>], of model: Model.Type, version: UInt64,
        collectingChanges: Bool
    ) throws(StoreError) -> [(old: Model?, new: Model?)] {
        try connection.store(
            changes, layout: tables.layout(of: model), version: version, encoder: encoder,
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
