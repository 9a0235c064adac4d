import Foundation
import KeyPathQuery
import ModelStorage
import SQLStorage

/// The names the store gives what it keeps beside the model's table.
enum Schema {
    /// The table of each model table's version: `table_name`, `version`.
    static let versionTable = "\"modelstorage_version\""
    /// The column of each record's write version: the last of ``storeColumns``, which
    /// tables written before it was kept gain when a store opens them for writing.
    static let writeVersionColumn = "_version"
    /// The columns of the store's own in each model's table, before the attributes'.
    static let storeColumns = ["_order", "_key", "_record", writeVersionColumn]
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
        /// The table at the model's schema version, written before the store kept each
        /// record's write version: it gains the `_version` column when opened for writing.
        case withoutWriteVersions
        /// No table yet, in a database that holds nothing of the store's.
        case absent

        /// What a read-only database's look for the table found.
        var look: AwaitedTables.Look {
            switch self {
            case .current, .withoutWriteVersions: .found
            case .older(let version): .older(schemaVersion: version)
            case .absent: .absent
            }
        }
    }

    /// The state of one model's table in a schema, for a model the caller knows only as a
    /// type (see ``inspect(for:in:)``).
    func inspectTable(
        of model: any StorableModel.Type, in tables: ModelTables, schema: SchemaSnapshot
    ) throws(StoreError) -> TableState {
        try inspectTable(of: model, tables: tables, schema: schema)
    }

    private func inspectTable<Model: StorableModel>(
        of model: Model.Type, tables: ModelTables, schema: SchemaSnapshot
    ) throws(StoreError) -> TableState {
        try inspect(for: tables.layout(of: model) as TableLayout<Model>, in: schema)
    }

    /// Reads what the database holds for the model now and checks it, writing nothing (see
    /// ``inspect(for:in:)``).
    func inspect<Model>(for layout: TableLayout<Model>) throws(StoreError) -> TableState {
        try inspect(for: layout, in: schemaSnapshot())
    }

    /// Checks what a schema holds for the model.
    ///
    /// - Throws: ``StoreError/unsupportedVersion(at:kind:found:supported:)`` for a newer
    ///   schema version; `StoreError/tableMismatch(at:table:model:missingColumns:unexpectedColumns:)`
    ///   for a table whose columns are not the model's;
    ///   ``StoreError/corruptFile(at:problem:location:)`` for a table of the model's in a
    ///   database without the version table.
    func inspect<Model>(for layout: TableLayout<Model>, in schema: SchemaSnapshot)
        throws(StoreError) -> TableState
    {
        guard let columns = schema.columns[layout.name], !columns.isEmpty else { return .absent }
        let found = schema.schemaVersion(ofTable: layout.name)
        guard found <= Model.schemaVersion else {
            throw .unsupportedVersion(
                at: .file(path), kind: .schema, found: found, supported: Model.schemaVersion)
        }
        guard schema.hasVersionTable else {
            throw .corruptFile(
                at: .file(path),
                problem: "the table \(layout.table) was not written by a store: the database has "
                    + "no table \(Schema.versionTable)",
                location: .wholeFile)
        }
        let writeVersion = TableLayout<Model>.writeVersionColumn
        if found < Model.schemaVersion {
            let required = TableLayout<Model>.storeColumns.filter { $0 != writeVersion }
            guard Set(required).isSubset(of: columns) else { throw mismatch(layout, columns) }
            return .older(found)
        }
        if Set(columns) == Set(layout.columnNames), columns.count == layout.columnNames.count {
            return .current
        }
        let withVersions = columns + [writeVersion]
        guard Set(withVersions) == Set(layout.columnNames),
            withVersions.count == layout.columnNames.count
        else { throw mismatch(layout, columns) }
        return .withoutWriteVersions
    }

    /// The error for a table whose columns are not the model's: the table, the columns the
    /// store expects and it lacks, and those it has that the store does not map.
    private func mismatch<Model>(_ layout: TableLayout<Model>, _ columns: [String]) -> StoreError {
        // A missing `_version` alone is added on opening, so it is not named.
        .tableMismatch(
            at: .file(path), table: layout.name, model: "\(Model.self)",
            missingColumns: layout.columnNames.filter {
                !columns.contains($0) && $0 != TableLayout<Model>.writeVersionColumn
            },
            unexpectedColumns: columns.filter { !layout.columnNames.contains($0) })
    }

    /// Makes the database ready for writing: the table migrated (the database as it was kept
    /// as `<file>.backup`), WAL with full syncs, the table and its version created when
    /// absent, and the indexes the model declares made (see ``updateIndexes(for:)``).
    ///
    /// - Throws: ``StoreError`` when the database cannot be written, or a migration fails;
    ///   a failed migration leaves the database as it was.
    /// Whether the version table has a `schema_version` column.
    private func hasSchemaVersions() throws(StoreError) -> Bool {
        if sawSchemaVersions { return true }
        sawSchemaVersions =
            try integer(
                "SELECT count(*) FROM pragma_table_info(?) WHERE name = 'schema_version'",
                [.text("modelstorage_version")], operation: "read the schema") == 1
        return sawSchemaVersions
    }

    /// Makes the database ready for a writer of these models: migrates the older tables
    /// (after one backup of the whole database), switches to WAL, creates the missing
    /// tables, records each table's schema version, and brings the indexes up to date.
    func prepareForWriting(
        _ tables: [(model: any StorableModel.Type, state: TableState)],
        layouts: ModelTables, schema: SchemaSnapshot
    ) throws(StoreError) {
        let migrating = tables.contains { if case .older = $0.state { true } else { false } }
        if migrating {
            // Migrated before the switch to WAL, so that a failure leaves every byte as it
            // was; the database as it was is kept beside it first.
            let backup = path + ".backup"
            try? FileManager.default.removeItem(atPath: backup)
            try run("VACUUM INTO ?", [.text(backup)], operation: "back up the database")
        }
        try makeVersionTable()
        for (model, state) in tables {
            guard case .older(let version) = state else { continue }
            do {
                try migrate(model, from: version, layouts: layouts)
            } catch {
                try? FileManager.default.removeItem(atPath: path + ".backup")
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
                at: .file(path), operation: "switch to WAL", code: EIO,
                message: "SQLite kept the journal mode \(mode ?? "unknown")")
        }
        try execute("PRAGMA synchronous = FULL", operation: "set synchronous")
        for (model, state) in tables {
            try prepareTable(of: model, state: state, layouts: layouts, schema: schema)
        }
        // Set after the tables' indexes and search tokens are built, whose sorts may be
        // larger than memory should hold: from here on the writer runs group commits, where
        // each write of a group runs in a savepoint, and SQLite keeps the original of every
        // page a savepoint changes in a sub-journal. In a temporary file, as by default past
        // 64 KiB, that is one `pwrite` for each page and each write of the group: for the
        // Pokédex's sync, whose records' search tokens change pages all over the token
        // tables, 400,000 of its 590,000 `pwrite`s. In memory, the sub-journal is emptied
        // when each write's savepoint is released, so it holds at most the pages one write
        // changes. A write alone in its group takes no savepoint.
        try execute("PRAGMA temp_store = MEMORY", operation: "keep savepoints in memory")
    }

    /// Creates the version table, or adds `schema_version` to one made before each table
    /// kept its own, with the database's `user_version` for the tables it lists.
    private func makeVersionTable() throws(StoreError) {
        // Made already, as on every open but the first: no write transaction for nothing.
        guard try !hasSchemaVersions() else { return }
        try inImmediateTransaction(operation: "create the version table") {
            () throws(StoreError) in
            try execute(
                "CREATE TABLE IF NOT EXISTS \(Schema.versionTable) (\"table_name\" TEXT "
                    + "PRIMARY KEY, \"version\" INTEGER NOT NULL, \"schema_version\" INTEGER)",
                operation: "create the version table")
            guard try !hasSchemaVersions() else { return }
            let legacy = try integer("PRAGMA user_version", operation: "read the schema") ?? 0
            try execute(
                "ALTER TABLE \(Schema.versionTable) ADD COLUMN \"schema_version\" INTEGER; "
                    + "UPDATE \(Schema.versionTable) SET \"schema_version\" = \(legacy)",
                operation: "add the schema versions")
        }
    }

    private func prepareTable<Model: StorableModel>(
        of model: Model.Type, state: TableState, layouts: ModelTables, schema: SchemaSnapshot
    ) throws(StoreError) {
        let layout: TableLayout<Model> = try layouts.layout(of: model)
        if state == .withoutWriteVersions { try addWriteVersions(layout: layout) }
        if state == .absent { try createTable(layout: layout) }
        // A new table has no index yet, and a migrated one lost those the schema listed.
        let existing: [String: String]? =
            switch state {
            case .current, .withoutWriteVersions: schema.indexes[layout.name] ?? [:]
            case .absent: [:]
            case .older: nil
            }
        try updateIndexes(for: layout, existing: existing)
        if layout.history != nil { try prepareHistory(of: layout) }
        // A migrated table's records changed without their tokens.
        let migrated = if case .older = state { true } else { false }
        try prepareSearchTokens(for: layout, rebuilding: migrated)
    }

    /// Makes the tables of a model's change history when absent, and starts its horizon at
    /// the database's version when it has none: the deletions before are not known.
    private func prepareHistory<Model>(of layout: TableLayout<Model>) throws(StoreError) {
        // Made already, as on every open but the first: no write transaction for nothing.
        if try historyHorizon(of: layout.name) != nil { return }
        try inImmediateTransaction(operation: "keep the change history") {
            () throws(StoreError) in
            try execute(HistoryStatements.createTables, operation: "keep the change history")
            try run(
                "INSERT OR IGNORE INTO \(HistoryStatements.horizonTable) VALUES (?, ?)",
                [.text(layout.name), .integer(Int64(clamping: try databaseVersion()))],
                operation: "keep the change history")
        }
    }

    private func migrate<Model: StorableModel>(
        _ model: Model.Type, from version: Int, layouts: ModelTables
    ) throws(StoreError) {
        try migrate(from: version, layout: layouts.layout(of: model) as TableLayout<Model>)
    }

    private func createTable<Model>(layout: TableLayout<Model>) throws(StoreError) {
        try inImmediateTransaction(operation: "create the table") { () throws(StoreError) in
            try execute(layout.createTable, operation: "create the table")
            try run(
                "INSERT OR REPLACE INTO \(Schema.versionTable) VALUES (?, 0, ?)",
                [.text(layout.name), .integer(Int64(Model.schemaVersion))],
                operation: "create the table")
        }
    }

    /// Runs a body in an immediate write transaction: committed when it returns, rolled back
    /// when it throws.
    ///
    /// - Parameters:
    ///   - operation: What the body does, for errors.
    ///   - body: The writes.
    /// - Throws: What `body` throws, or ``StoreError`` when the transaction cannot begin or
    ///   commit; nothing is changed then.
    func inImmediateTransaction(
        operation: String, _ body: () throws(StoreError) -> Void
    ) throws(StoreError) {
        try execute("BEGIN IMMEDIATE", operation: operation)
        do {
            try body()
            try execute("COMMIT", operation: operation)
        } catch {
            try? execute("ROLLBACK", operation: operation)
            throw error
        }
    }

    /// Adds the `_version` column to a table written before the store kept write versions.
    ///
    /// Every record reads as written at the store's version now, so that a read made before
    /// is a conflict and one made after is not. Adding a column with a constant default
    /// rewrites no row.
    private func addWriteVersions<Model>(layout: TableLayout<Model>) throws(StoreError) {
        try inImmediateTransaction(operation: "add the write versions") { () throws(StoreError) in
            let version = try databaseVersion()
            try execute(
                "ALTER TABLE \(layout.table) ADD COLUMN \"_version\" INTEGER NOT NULL "
                    + "DEFAULT \(Int64(clamping: version))",
                operation: "add the write versions")
        }
    }

    /// Rewrites every record at the model's schema version: each row's JSON through the
    /// model's migrations, decoded to check it, into a new table that replaces the old one,
    /// in one transaction that keeps each record's place.
    private func migrate<Model>(from version: Int, layout: TableLayout<Model>) throws(StoreError) {
        try inImmediateTransaction(operation: "migrate the table") { () throws(StoreError) in
            let staging = SQLIdentifier.quoted(layout.name + "_migrating")
            try execute(
                "DROP TABLE IF EXISTS \(staging); "
                    + layout.createTable.replacingOccurrences(
                        of: "CREATE TABLE \(layout.table)", with: "CREATE TABLE \(staging)"),
                operation: "migrate the table")
            let insert = layout.upsert.replacingOccurrences(
                of: "INSERT INTO \(layout.table) (", with: "INSERT INTO \(staging) (\"_order\", "
            )
            .replacingOccurrences(of: "VALUES (", with: "VALUES (?, ")
            let encoder = SQLRecordEncoder()
            // Each record keeps its write version; a table written before they were kept
            // gives every record the store's version now.
            let hasWriteVersions =
                try integer(
                    "SELECT count(*) FROM pragma_table_info(?) WHERE name = ?",
                    [.text(layout.name), .text(TableLayout<Model>.writeVersionColumn)],
                    operation: "migrate the table") == 1
            let storeVersion = Int64(clamping: try databaseVersion())
            var rows: [(Int64, Data?, Int64)] = []
            try run(
                "SELECT \"_order\", \"_record\", "
                    + (hasWriteVersions ? "\"_version\"" : "\(storeVersion)")
                    + ", * FROM \(layout.table) ORDER BY \"_order\"",
                operation: "migrate the table"
            ) { (row) throws(StoreError) in
                rows.append((row.integer(at: 0), Self.storedJSON(of: row), row.integer(at: 2)))
                return true
            }
            for (index, (order, json, written)) in rows.enumerated() {
                guard let json else {
                    throw .migrationFailed(
                        at: .file(path), sourceVersion: version,
                        location: StoreError.Location(recordIndex: index),
                        reason: "the row with _order \(order) holds no JSON, and its columns "
                            + "do not make a record")
                }
                let record = try layout.model.migratedRecord(
                    fromJSON: json, schemaVersion: version, store: .file(path), index: index)
                try run(
                    insert,
                    [.integer(order)]
                        + layout.row(
                            of: record, version: UInt64(Swift.max(0, written)), encoder: encoder),
                    operation: "migrate the table")
            }
            try execute(
                "DROP TABLE \(layout.table); ALTER TABLE \(staging) RENAME TO \(layout.table)",
                operation: "migrate the table")
            try run(
                "UPDATE \(Schema.versionTable) SET \"schema_version\" = ? WHERE \"table_name\" = ?",
                [.integer(Int64(Model.schemaVersion)), .text(layout.name)],
                operation: "migrate the table")
        }
    }

    /// The JSON a row of `SELECT "_order", "_record", <version>, * …` stands for: its
    /// `_record`, or, when that is the marker of a row kept in its columns, the object its
    /// attributes' columns make (the columns after the store's own, as the table names
    /// them), or `nil` when those do not make one.
    private static func storedJSON(of row: SQLiteStatement) -> Data? {
        let json = row.data(at: 1)
        guard json.withUnsafeBytes(ColumnRowLayout.isMarker) else { return json }
        let storeColumns = Set(Schema.storeColumns)
        var names: [String] = []
        var values: [SQLBinding] = []
        for column in 3..<row.columnCount {
            let name = row.name(at: column)
            guard !storeColumns.contains(name) else { continue }
            names.append(name)
            values.append(row.binding(at: column))
        }
        return ColumnRowLayout.json(fromColumns: names, values: values, marker: json)
    }
}
