import KeyPathQuery
import ModelStorage
import SQLStorage

/// The PostgreSQL side of a group commit (the shared `GroupCommit` runs the algorithm).
///
/// The group first locks the table's row of the version table (`SELECT … FOR UPDATE`), so
/// that the groups of every store on the database — in this process or another, on this
/// machine or another — run one at a time, each over every commit before it: transactions
/// are serializable across stores, and `_order` (an identity drawn after the lock) grows in
/// commit order. The commit sends `NOTIFY` on the table's channel with the new version,
/// which PostgreSQL delivers to listeners only if the transaction commits.
struct PostgresGroupWriter<Model: StorableModel>: GroupWriter {
    let connection: BlockingConnection
    /// The thread the connection belongs to (the transactions' reads check it).
    let thread: ConnectionThread
    let layout: TableLayout<Model>
    /// The channel to notify of the commit.
    let channel: String
    /// The store's tag, sent after the version so that it can leave out its own
    /// notifications.
    let tag: String
    /// The encoder of every record the group writes.
    let encoder = TableLayout<Model>.makeEncoder()

    func beginGroup() throws(StoreError) -> UInt64 {
        try connection.rows("BEGIN", operation: "begin a write")
        let locked = try connection.preparedRow(
            "SELECT CAST(\"version\" AS text) FROM \(Schema.versionTable) "
                + "WHERE \"table_name\" = $1 FOR UPDATE", text: [layout.name],
            operation: "begin a write"
        ).map { (found) throws(StoreError) in
            try connection.parsedInteger(found[0], operation: "begin a write")
        }
        return UInt64(Swift.max(0, locked ?? 0))
    }

    func execute(_ sql: String, operation: String) throws(StoreError) {
        try connection.rows(sql, operation: operation)
    }

    /// Whether the group's transaction is still open: false once the connection was lost.
    var isInTransaction: Bool {
        (try? connection.rows("SELECT 1", operation: "check the transaction")) != nil
    }

    func committedRecords(group: UInt64) -> WriterRecords<PostgresWriterReads<Model>> {
        WriterRecords(
            PostgresWriterReads(thread: thread, connection: connection, layout: layout),
            group: group)
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
            // The new version and its announcement in one statement: one round trip.
            try connection.preparedRows(
                "UPDATE \(Schema.versionTable) SET \"version\" = CAST(CAST($1 AS text) AS bigint) "
                    + "WHERE \"table_name\" = $2 RETURNING pg_notify($3, $4)",
                text: [String(version), layout.name, channel, "\(version) \(tag)"],
                operation: "commit a write")
        }
        try connection.rows("COMMIT", operation: "commit a write")
    }

    func rollBackGroup() {
        _ = try? connection.rows("ROLLBACK", operation: "roll back a write")
    }
}
