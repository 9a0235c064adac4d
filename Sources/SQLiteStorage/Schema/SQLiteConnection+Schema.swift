import Foundation
import KeyPathQuery
import ModelStorage

/// The names the store gives what it keeps beside the model's table.
enum Schema {
    /// The table of each model table's version: `table_name`, `version`.
    static let versionTable = "\"modelstorage_version\""
}

/// Checking a database against the model, then creating or migrating its table: the first
/// thing a store does with its writer.
extension SQLiteConnection {
    /// What the database holds for the model.
    enum TableState: Equatable {
        /// The table, at the model's schema version.
        case current
        /// The table at an older schema version, to migrate.
        case older(Int)
        /// No table yet, in a database that holds nothing of the store's.
        case absent
    }

    /// Reads what the database holds for the model and checks it, writing nothing.
    ///
    /// - Throws: ``StoreError/unsupportedVersion(path:kind:found:supported:)`` for a newer
    ///   `user_version`; ``StoreError/corruptFile(path:problem:location:)`` for a file that is
    ///   not a database, a table whose columns are not the model's, or a database at a schema
    ///   version without the model's table.
    func inspect<Model>(for layout: TableLayout<Model>) throws(StoreError) -> TableState {
        let found = Int(try integer("PRAGMA user_version", operation: "read the schema") ?? 0)
        guard found <= Model.schemaVersion else {
            throw .unsupportedVersion(
                path: path, kind: .schema, found: found, supported: Model.schemaVersion)
        }
        var columns: [String] = []
        try run(
            "SELECT name FROM pragma_table_info(?)", [.text(layout.name)],
            operation: "read the schema"
        ) { (row) throws(StoreError) in
            columns.append(row.text(at: 0) ?? "")
            return true
        }
        guard !columns.isEmpty else {
            guard found == 0 else {
                throw .corruptFile(
                    path: path,
                    problem: "the database is at schema version \(found) but has no table "
                        + "\(layout.table) for \(Model.self)",
                    location: .wholeFile)
            }
            return .absent
        }
        let versionTable = try integer(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?",
            [.text("modelstorage_version")], operation: "read the schema")
        guard versionTable == 1 else {
            throw .corruptFile(
                path: path,
                problem: "the table \(layout.table) was not written by a store: the database has "
                    + "no table \(Schema.versionTable)",
                location: .wholeFile)
        }
        if found < Model.schemaVersion {
            guard Set(TableLayout<Model>.storeColumns).isSubset(of: columns) else {
                throw mismatch(layout, columns)
            }
            return .older(found)
        }
        guard Set(columns) == Set(layout.columnNames), columns.count == layout.columnNames.count
        else { throw mismatch(layout, columns) }
        return .current
    }

    private func mismatch<Model>(_ layout: TableLayout<Model>, _ columns: [String]) -> StoreError {
        let missing = layout.columnNames.filter { !columns.contains($0) }
        let unexpected = columns.filter { !layout.columnNames.contains($0) }
        var differences: [String] = []
        if !missing.isEmpty { differences.append("no column " + missing.joined(separator: ", ")) }
        if !unexpected.isEmpty {
            differences.append(
                "a column " + unexpected.joined(separator: ", ") + " it does not map")
        }
        return .corruptFile(
            path: path,
            problem: "the table \(layout.table) does not match \(Model.self): it has "
                + differences.joined(separator: " and "),
            location: .wholeFile)
    }

    /// Makes the database ready for writing: the table migrated (the database as it was kept
    /// as `<file>.backup`), WAL with full syncs, the table and its version created when
    /// absent, and the indexes the model declares made (see ``updateIndexes(for:)``).
    ///
    /// - Throws: ``StoreError`` when the database cannot be written, or a migration fails;
    ///   a failed migration leaves the database as it was.
    func prepareForWriting<Model>(
        _ state: TableState, layout: TableLayout<Model>
    ) throws(StoreError) {
        if case .older(let version) = state {
            // Migrated before the switch to WAL, so that a failure leaves every byte as it
            // was; the database as it was is kept beside it first.
            let backup = path + ".backup"
            try? FileManager.default.removeItem(atPath: backup)
            try run("VACUUM INTO ?", [.text(backup)], operation: "back up the database")
            do {
                try migrate(from: version, layout: layout)
            } catch {
                try? FileManager.default.removeItem(atPath: backup)
                throw error
            }
        }
        var mode: String?
        try run("PRAGMA journal_mode = WAL", operation: "switch to WAL") {
            (row) throws(StoreError) in
            mode = row.text(at: 0)
            return false
        }
        guard mode == "wal" else {
            throw .io(
                path: path, operation: "switch to WAL", code: EIO,
                message: "SQLite kept the journal mode \(mode ?? "unknown")")
        }
        try execute("PRAGMA synchronous = FULL", operation: "set synchronous")
        if state == .absent { try createTable(layout: layout) }
        try updateIndexes(for: layout)
    }

    /// Creates the model's table and its version row, in one transaction.
    private func createTable<Model>(layout: TableLayout<Model>) throws(StoreError) {
        try execute("BEGIN IMMEDIATE", operation: "create the table")
        do {
            try execute(
                "CREATE TABLE IF NOT EXISTS \(Schema.versionTable) "
                    + "(\"table_name\" TEXT PRIMARY KEY, \"version\" INTEGER NOT NULL); "
                    + layout.createTable + "; PRAGMA user_version = \(Model.schemaVersion)",
                operation: "create the table")
            try run(
                "INSERT OR REPLACE INTO \(Schema.versionTable) VALUES (?, 0)",
                [.text(layout.name)], operation: "create the table")
            try execute("COMMIT", operation: "create the table")
        } catch {
            try? execute("ROLLBACK", operation: "create the table")
            throw error
        }
    }

    /// Rewrites every record at the model's schema version: each row's JSON through the
    /// model's migrations, decoded to check it, into a new table that replaces the old one,
    /// in one transaction that keeps each record's place.
    private func migrate<Model>(from version: Int, layout: TableLayout<Model>) throws(StoreError) {
        try execute("BEGIN IMMEDIATE", operation: "migrate the table")
        do {
            let staging = TableLayout<Model>.quoted(layout.name + "_migrating")
            try execute(
                "DROP TABLE IF EXISTS \(staging); "
                    + layout.createTable.replacingOccurrences(
                        of: "CREATE TABLE \(layout.table)", with: "CREATE TABLE \(staging)"),
                operation: "migrate the table")
            let insert = layout.upsert.replacingOccurrences(
                of: "INSERT INTO \(layout.table) (", with: "INSERT INTO \(staging) (\"_order\", "
            )
            .replacingOccurrences(of: "VALUES (", with: "VALUES (?, ")
            let encoder = TableLayout<Model>.makeEncoder()
            var rows: [(Int64, Data)] = []
            try run(
                "SELECT \"_order\", \"_record\" FROM \(layout.table) ORDER BY \"_order\"",
                operation: "migrate the table"
            ) { (row) throws(StoreError) in
                rows.append((row.integer(at: 0), row.data(at: 1)))
                return true
            }
            for (index, (order, json)) in rows.enumerated() {
                let record = try Self.migrated(
                    json, from: version, as: Model.self, path: path, index: index)
                try run(
                    insert, [.integer(order)] + layout.row(of: record, encoder: encoder),
                    operation: "migrate the table")
            }
            try execute(
                "DROP TABLE \(layout.table); ALTER TABLE \(staging) RENAME TO \(layout.table); "
                    + "PRAGMA user_version = \(Model.schemaVersion)",
                operation: "migrate the table")
            try execute("COMMIT", operation: "migrate the table")
        } catch {
            try? execute("ROLLBACK", operation: "migrate the table")
            throw error
        }
    }

    /// One record's JSON brought to the current schema version by the model's migrations,
    /// and decoded.
    private static func migrated<Model: StorableModel>(
        _ json: Data, from sourceVersion: Int, as _: Model.Type, path: String, index: Int
    ) throws(StoreError) -> Model {
        let location = StoreError.Location(recordIndex: index)
        func failure(_ reason: String) -> StoreError {
            .migrationFailed(
                path: path, sourceVersion: sourceVersion, location: location, reason: reason)
        }
        var value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: json)
        } catch {
            throw failure("the record is not JSON: \(error)")
        }
        var version = sourceVersion
        while version < Model.schemaVersion {
            guard let step = Model.migrations.first(where: { $0.sourceVersion == version }) else {
                throw failure("\(Model.self) has no migration from version \(version)")
            }
            do {
                try step.migrate(&value)
            } catch {
                throw failure("the migration from version \(version) threw: \(error)")
            }
            version += 1
        }
        do {
            return try JSONDecoder().decode(Model.self, from: JSONEncoder().encode(value))
        } catch {
            throw failure("the migrated record does not decode: \(error)")
        }
    }
}
