import Foundation
import KeyPathQuery
import ModelStorage
@_spi(BackendInternals) import SQLStorage

/// The PostgreSQL side of a group commit (the shared `GroupCommit` runs the algorithm), for
/// every model of a ``PostgresModelDatabase``.
///
/// The group first locks every row of the version table (``Schema/lockVersions``), in the
/// order of their names, so that the groups of
/// every database on the PostgreSQL schema — in this process or another, on this machine or
/// another, whichever models each was opened with — run one at a time, each over every
/// commit before it: transactions are serializable across databases, the version counts
/// every commit once, and `_order` (an identity drawn after the lock) grows in commit order.
/// The commit writes the new version to the rows of the tables it changed and sends
/// `NOTIFY` on the schema's channel with it, which PostgreSQL delivers to listeners only if
/// the transaction commits.
struct PostgresGroupWriter: GroupWriter {
    let connection: BlockingConnection
    /// The thread the connection belongs to (the transactions' reads check it).
    let thread: ConnectionThread
    /// The database's models and their tables.
    let tables: ModelTables
    /// The channel to notify of the commit.
    let channel: String
    /// The database's tag, sent after the version so that it can leave out its own
    /// notifications.
    let tag: String
    /// The encoder of every record the group writes.
    let encoder = SQLRecordEncoder()

    var storeLocation: StoreLocation { .database(connection.database) }

    var models: [any StorableModel.Type] { tables.models }

    func beginGroup() throws(StoreError) -> UInt64 {
        try connection.beginLocked(operation: "begin a write")
    }

    func execute(_ sql: String, operation: String) throws(StoreError) {
        try connection.rows(sql, operation: operation)
    }

    /// Whether the group's transaction is still open: false once the connection was lost.
    var isInTransaction: Bool {
        (try? connection.rows("SELECT 1", operation: "check the transaction")) != nil
    }

    func committedTables(group: UInt64) -> ConnectionTables<PostgresDriver> {
        ConnectionTables(owner: thread, tables: tables, session: group)
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
        // The new version and its announcement in one statement: one round trip. The
        // notification is the same for every row, and PostgreSQL sends it once.
        if changed.count == 1 {
            try connection.preparedRows(
                "UPDATE \(Schema.versionTable) SET \"version\" = CAST(CAST($1 AS text) AS bigint) "
                    + "WHERE \"table_name\" = $2 RETURNING pg_notify($3, $4)",
                text: [String(version), changed[0].storageName, channel, "\(version) \(tag)"],
                operation: "commit a write")
        } else if !changed.isEmpty {
            try connection.preparedRows(
                "UPDATE \(Schema.versionTable) SET \"version\" = CAST(CAST($1 AS text) AS bigint) "
                    + "WHERE \"table_name\" IN (SELECT jsonb_array_elements_text(CAST(CAST($2 AS "
                    + "text) AS jsonb))) RETURNING pg_notify($3, $4)",
                text: [
                    String(version), Self.jsonArray(of: changed.map { $0.storageName }), channel,
                    "\(version) \(tag)",
                ],
                operation: "commit a write")
        }
        try connection.rows("COMMIT", operation: "commit a write")
    }

    /// Names as a JSON array of strings, which `jsonb_array_elements_text` reads back.
    static func jsonArray(of names: [String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: names)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    func rollBackGroup() {
        _ = try? connection.rows("ROLLBACK", operation: "roll back a write")
    }
}
