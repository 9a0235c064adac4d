import KeyPathQuery
import ModelStorage
import SQLStorage

/// The SQLite side of a group commit (the shared `GroupCommit` runs the algorithm): one
/// immediate transaction over the writer's connection, one sync of the WAL at its commit.
///
/// The statements that control the transaction are prepared once, as every other is.
struct SQLiteGroupWriter<Model: StorableModel>: GroupWriter {
    let connection: SQLiteConnection
    /// The queue that lends the connection, which the transactions read through.
    let queue: ConnectionQueue
    let layout: TableLayout<Model>
    /// The encoder of every record the group writes.
    let encoder = TableLayout<Model>.makeEncoder()

    func beginGroup() throws(StoreError) -> UInt64 {
        try connection.run("BEGIN IMMEDIATE", operation: "begin a write")
        return try connection.version(of: layout)
    }

    func execute(_ sql: String, operation: String) throws(StoreError) {
        try connection.run(sql, operation: operation)
    }

    var isInTransaction: Bool { connection.isInTransaction }

    func committedRecords(group: UInt64) -> WriterRecords<SQLiteWriterReads<Model>> {
        WriterRecords(SQLiteWriterReads(queue: queue, layout: layout), group: group)
    }

    func store(
        _ changes: [RecordChange<Model>], version: UInt64, collectingChanges: Bool
    ) throws(StoreError) -> [(old: Model?, new: Model?)] {
        try connection.store(
            changes, layout: layout, version: version, encoder: encoder,
            collectingChanges: collectingChanges)
    }

    func commitGroup(version: UInt64, changed: Bool) throws(StoreError) {
        if changed {
            try connection.run(
                "UPDATE \(Schema.versionTable) SET \"version\" = ? WHERE \"table_name\" = ?",
                [.integer(Int64(version)), .text(layout.name)], operation: "commit a write")
        }
        try connection.run("COMMIT", operation: "commit a write")
    }

    func rollBackGroup() {
        try? connection.run("ROLLBACK", operation: "roll back a write")
    }
}
