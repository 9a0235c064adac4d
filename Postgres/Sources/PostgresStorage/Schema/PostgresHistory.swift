import Foundation
import ModelStorage
@_spi(BackendInternals) import SQLStorage

/// The statements of a model's change history in PostgreSQL, for a model that declares a
/// `StorableModel/changeHistory`, as SQLite keeps it: an index on the table's `_version` and
/// `_order` (the feed's order), a
/// row in `modelstorage_tombstones` for each deleted record (its table, `_key`, the deleting
/// commit's version and time), and the model's horizon in `modelstorage_history`.
struct PostgresHistory: Sendable {
    /// The tombstones of every model with a history in the schema.
    static let tombstoneTable = "\"modelstorage_tombstones\""
    /// Each model's horizon.
    static let horizonTable = "\"modelstorage_history\""

    /// Creates the tombstone and horizon tables when absent.
    static let createTables = [
        "CREATE TABLE IF NOT EXISTS \(tombstoneTable) (\"table_name\" text NOT NULL, "
            + "\"key\" text NOT NULL, \"version\" bigint NOT NULL, "
            + "\"deleted_at\" double precision NOT NULL, PRIMARY KEY (\"table_name\", \"key\"))",
        "CREATE INDEX IF NOT EXISTS \"modelstorage_tombstones_version\" ON \(tombstoneTable) "
            + "(\"table_name\", \"version\", \"key\")",
        "CREATE INDEX IF NOT EXISTS \"modelstorage_tombstones_deleted_at\" ON "
            + "\(tombstoneTable) (\"table_name\", \"deleted_at\")",
        "CREATE TABLE IF NOT EXISTS \(horizonTable) (\"table_name\" text PRIMARY KEY, "
            + "\"horizon\" bigint NOT NULL)",
    ]

    /// The name of the index on a table's write versions.
    static func versionIndex(table name: String) -> String {
        SQLIdentifier.bounded("", name + "__changes")
    }

    /// The table's name, unquoted: the tombstones' `table_name`.
    let name: String
    /// Deletes rows by key and keeps their tombstones: keys `$1` (a JSON array), table `$2`,
    /// version `$3`, time `$4`.
    let deleteKeepingTombstones: String
    /// Removes the tombstones of keys written again: table `$1`, keys `$2`.
    let clearTombstones: String
    /// The feed's reads: each row as its version (as text) and JSON; each tombstone as its
    /// version (as text) and key.
    let queries: HistoryQueries

    init(name: String, table: String) {
        self.name = name
        let keys = "(SELECT jsonb_array_elements_text(CAST($1 AS jsonb)))"
        deleteKeepingTombstones =
            "WITH gone AS (DELETE FROM \(table) WHERE \"_key\" IN \(keys) RETURNING \"_key\") "
            + "INSERT INTO \(Self.tombstoneTable) SELECT $2, \"_key\", $3, $4 FROM gone "
            + "ON CONFLICT (\"table_name\", \"key\") DO UPDATE SET \"version\" = "
            + "EXCLUDED.\"version\", \"deleted_at\" = EXCLUDED.\"deleted_at\""
        clearTombstones =
            "DELETE FROM \(Self.tombstoneTable) WHERE \"table_name\" = $1 AND \"key\" IN "
            + "(SELECT jsonb_array_elements_text(CAST($2 AS jsonb)))"
        // Each version comes as text, named apart from the column: `ORDER BY "_version"` would
        // otherwise sort the text, putting 10 before 9.
        let rows =
            "SELECT CAST(\"_version\" AS text) AS \"_version_text\", \"_record\" FROM \(table) "
        let tombstones =
            "SELECT CAST(\"version\" AS text) AS \"version_text\", \"key\" FROM \(Self.tombstoneTable) "
        queries = HistoryQueries(
            name: name,
            rowsAfter: rows + "WHERE \"_version\" > $1 ORDER BY \"_version\", \"_order\" LIMIT $2",
            rowsAt: rows + "WHERE \"_version\" = $1 ORDER BY \"_order\"",
            tombstonesAfter: tombstones + "WHERE \"table_name\" = $1 AND \"version\" > $2 "
                + "ORDER BY \"version\", \"key\" LIMIT $3",
            tombstonesAt: tombstones
                + "WHERE \"table_name\" = $1 AND \"version\" = $2 ORDER BY \"key\"")
    }
}
