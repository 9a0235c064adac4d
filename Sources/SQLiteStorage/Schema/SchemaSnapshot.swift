import ModelStorage
import SQLStorage

/// What a database's schema holds, read in a few statements whatever the number of models:
/// every table's columns, every index with the statement that made it, and the schema
/// versions the version table keeps.
///
/// Opening a database reads it once and checks each model's table against it, instead of
/// asking the same questions again for each model (about four statements a model, which
/// made opening five models half as slow again as opening one).
struct SchemaSnapshot {
    /// Each table's columns, in order, by table name.
    var columns: [String: [String]] = [:]
    /// Each table's indexes, by table name: the index's name and the statement that made it
    /// (empty for SQLite's own).
    var indexes: [String: [String: String]] = [:]
    /// Each table's schema version as the version table keeps it, or `nil` when the version
    /// table has no `schema_version` column (a database written when one model was all it
    /// held, or none yet).
    var schemaVersions: [String: Int]?
    /// `PRAGMA user_version`: every table's schema version before each table kept its own.
    var userVersion = 0

    /// Whether the database has the version table every store writes.
    var hasVersionTable: Bool { columns["modelstorage_version"] != nil }

    /// A table's schema version: its row's in the version table, or else
    /// ``userVersion``.
    func schemaVersion(ofTable name: String) -> Int {
        if let found = schemaVersions?[name], found >= 0 { return found }
        return userVersion
    }
}

extension SQLiteConnection {
    /// Reads the schema: tables with their columns and indexes in one statement each, then
    /// the schema versions.
    ///
    /// - Returns: What the schema holds now.
    /// - Throws: A ``StoreError`` when the database cannot be read.
    func schemaSnapshot() throws(StoreError) -> SchemaSnapshot {
        var snapshot = SchemaSnapshot()
        try run(
            "SELECT m.name, p.name FROM sqlite_master AS m, pragma_table_info(m.name) AS p "
                + "WHERE m.type = 'table' ORDER BY m.name, p.cid",
            operation: "read the schema"
        ) { (row) throws(StoreError) in
            snapshot.columns[row.text(at: 0) ?? "", default: []].append(row.text(at: 1) ?? "")
            return true
        }
        try run(
            "SELECT tbl_name, name, coalesce(sql, '') FROM sqlite_master WHERE type = 'index'",
            operation: "read the indexes"
        ) { (row) throws(StoreError) in
            snapshot.indexes[row.text(at: 0) ?? "", default: [:]][row.text(at: 1) ?? ""] =
                row.text(at: 2) ?? ""
            return true
        }
        if snapshot.columns["modelstorage_version"]?.contains("schema_version") == true {
            var versions: [String: Int] = [:]
            try run(
                "SELECT \"table_name\", coalesce(\"schema_version\", -1) FROM "
                    + Schema.versionTable, operation: "read the schema"
            ) { (row) throws(StoreError) in
                versions[row.text(at: 0) ?? ""] = Int(row.integer(at: 1))
                return true
            }
            snapshot.schemaVersions = versions
            sawSchemaVersions = true
        }
        snapshot.userVersion = Int(
            try integer("PRAGMA user_version", operation: "read the schema") ?? 0)
        return snapshot
    }
}
