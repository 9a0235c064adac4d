import Foundation
import ModelStorage
@_spi(BackendInternals) import SQLStorage

/// The statements of a model's change history in SQLite, for a model that declares a
/// `StorableModel/changeHistory`: made once per table, as the table's other statements are.
///
/// The history is kept in three places: an index on the table's `_version` (each row's write
/// version), which finds the rows written after a cursor without a scan; the
/// `modelstorage_tombstones` table, a row for each deleted record (its table, key, id as JSON,
/// the version of the commit that deleted it and when); and the `modelstorage_history` table,
/// each model's *horizon*, the version before which tombstones may have been dropped.
struct HistoryStatements: Sendable {
    /// The tombstones of every model with a history.
    static let tombstoneTable = "\"modelstorage_tombstones\""
    /// Each model's horizon.
    static let horizonTable = "\"modelstorage_history\""

    /// Creates the tombstone and horizon tables when absent.
    static let createTables =
        "CREATE TABLE IF NOT EXISTS \(tombstoneTable) (\"table_name\" TEXT NOT NULL, "
        + "\"key\" NOT NULL, \"id\" TEXT NOT NULL, \"version\" INTEGER NOT NULL, "
        + "\"deleted_at\" REAL NOT NULL, PRIMARY KEY (\"table_name\", \"key\")); "
        + "CREATE INDEX IF NOT EXISTS \"modelstorage_tombstones_version\" ON "
        + "\(tombstoneTable) (\"table_name\", \"version\"); "
        + "CREATE INDEX IF NOT EXISTS \"modelstorage_tombstones_deleted_at\" ON "
        + "\(tombstoneTable) (\"table_name\", \"deleted_at\"); "
        + "CREATE TABLE IF NOT EXISTS \(horizonTable) (\"table_name\" TEXT PRIMARY KEY, "
        + "\"horizon\" INTEGER NOT NULL)"

    /// The name of the index on a table's write versions.
    static func versionIndex(table name: String) -> String {
        name + "__changes"
    }

    /// The table's name, unquoted: the tombstones' `table_name`.
    let name: String
    /// Removes the tombstone of a key written again: table `?1`, key `?2`.
    let clearTombstone: String
    /// Keeps a deleted record's tombstone: table, key, id, version, time.
    let addTombstone: String
    /// The feed's reads: each row as `_version`, `_order`, then the record's columns; each
    /// tombstone as `version`, `id`.
    let queries: HistoryQueries

    init(name: String, table: String, recordColumns: String) {
        self.name = name
        clearTombstone =
            "DELETE FROM \(Self.tombstoneTable) WHERE \"table_name\" = ?1 AND \"key\" = ?2"
        addTombstone = "INSERT OR REPLACE INTO \(Self.tombstoneTable) VALUES (?, ?, ?, ?, ?)"
        let rows = "SELECT \"_version\", \"_order\", \(recordColumns) FROM \(table) "
        let tombstones = "SELECT \"version\", \"id\" FROM \(Self.tombstoneTable) "
        queries = HistoryQueries(
            name: name,
            rowsAfter: rows + "WHERE \"_version\" > ?1 ORDER BY \"_version\", \"_order\" LIMIT ?2",
            rowsAt: rows + "WHERE \"_version\" = ?1 ORDER BY \"_order\"",
            tombstonesAfter: tombstones + "WHERE \"table_name\" = ?1 AND \"version\" > ?2 "
                + "ORDER BY \"version\", \"key\" LIMIT ?3",
            tombstonesAt: tombstones
                + "WHERE \"table_name\" = ?1 AND \"version\" = ?2 ORDER BY \"key\"")
    }
}

extension SQLiteConnection {
    /// A model's history horizon, or `nil` when the database keeps no history of it (no
    /// writer has opened it with the model's history yet).
    func historyHorizon(of table: String) throws(StoreError) -> UInt64? {
        let tables = try integer(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?",
            [.text("modelstorage_history")], operation: "read the change history")
        guard tables == 1 else { return nil }
        return try integer(
            "SELECT \"horizon\" FROM \(HistoryStatements.horizonTable) WHERE \"table_name\" = ?",
            [.text(table)], operation: "read the change history"
        ).map { UInt64(Swift.max(0, $0)) }
    }
}
