import Foundation
import KeyPathQuery
import ModelStorage
import PostgresNIO
import SQLStorage

/// The names the database gives what it keeps beside the models' tables.
enum Schema {
    /// The table of each model table's versions: `table_name`, `version` (the version of the
    /// last commit that changed the table; the database's version is the highest) and
    /// `schema_version` (the model's `StorableModel/schemaVersion` its rows are at).
    static let versionTable = "\"modelstorage_version\""

    /// The statement that creates ``versionTable``, as every version of the store has made it.
    static let createVersionTable =
        "CREATE TABLE IF NOT EXISTS \(versionTable) (\"table_name\" text PRIMARY KEY, "
        + "\"version\" bigint NOT NULL, \"schema_version\" integer NOT NULL)"

    /// The statement that reads the database's version: the highest of its tables'.
    static let selectVersion =
        "SELECT CAST(coalesce(max(\"version\"), 0) AS text) FROM \(versionTable)"

    /// The lock every group of writes takes first, in every process.
    ///
    /// It locks every row of the version table, in the order of their names, so that two
    /// groups never wait for each other in a cycle; it returns each table's version, the
    /// latest committed (a group that waited for another reads the other's). Reads take no
    /// row lock and never wait.
    ///
    /// Every group locks the first table's row, which no database removes: so the groups
    /// of databases opened with different models, which lock different rows besides, still
    /// run one at a time.
    static let lockVersions =
        "SELECT CAST(\"version\" AS text) FROM \(versionTable) ORDER BY \"table_name\" "
        + "FOR UPDATE"

    /// The channel a database's commits are announced on: one per PostgreSQL schema,
    /// `modelstorage_<schema>`, or `modelstorage_` and a 64-bit FNV-1a hash of the schema's
    /// name when that is longer than PostgreSQL's 63-byte limit for a channel's name.
    static func channel(schema: String) -> String {
        SQLIdentifier.bounded("modelstorage_", schema)
    }
}

/// Checking a database against its models, then creating or migrating their tables: the
/// first thing a database does with its writer.
///
/// Every step runs in one transaction that first takes a transaction-level advisory lock
/// named after the PostgreSQL schema, so that two databases opening the same new schema at
/// once create each table once, and a migration is never run twice, and then the writers'
/// lock on the version table (``Schema/lockVersions``), so that no group of writes runs
/// meanwhile.
extension BlockingConnection {
    /// What the database holds for the model.
    enum TableState: Equatable {
        /// The table, at the model's schema version.
        case current
        /// The table at an older schema version, to migrate.
        case older(Int)
        /// No table yet.
        case absent

        /// What a read-only database's look for the table found.
        var look: AwaitedTables.Look {
            switch self {
            case .current: .found
            case .older(let version): .older(schemaVersion: version)
            case .absent: .absent
            }
        }
    }

    /// Reads what the database holds for the model and checks it, writing nothing.
    ///
    /// - Throws: ``StoreError/unsupportedVersion(at:kind:found:supported:)`` for a newer
    ///   schema version; ``StoreError/tableMismatch(at:table:model:missingColumns:unexpectedColumns:)``
    ///   for a table whose columns are not the model's;
    ///   ``StoreError/corruptFile(at:problem:location:)`` for one the store did not make.
    func inspect<Model>(for layout: TableLayout<Model>) throws(StoreError) -> TableState {
        let columns = try rows(
            "SELECT column_name::text FROM information_schema.columns "
                + "WHERE table_schema = current_schema() AND table_name = $1",
            [.text(layout.name)], operation: "read the schema"
        ).compactMap { try? $0.decode(String.self) }
        let found =
            try versionTableExists()
            ? try integer(
                "SELECT \"schema_version\" FROM \(Schema.versionTable) WHERE \"table_name\" = $1",
                [.text(layout.name)], operation: "read the schema") : nil
        guard !columns.isEmpty else {
            guard found == nil else {
                throw .corruptFile(
                    at: .database(database),
                    problem: "\(Schema.versionTable) lists the table \(layout.table) for "
                        + "\(Model.self), but the database has no such table; remove its row "
                        + "to start afresh",
                    location: .wholeFile)
            }
            return .absent
        }
        guard let found else {
            throw .corruptFile(
                at: .database(database),
                problem: "the table \(layout.table) was not made by a PostgresStore (the "
                    + "database has no row for it in \(Schema.versionTable)); name another "
                    + "table with \(Model.self).storageName",
                location: .wholeFile)
        }
        guard found <= Model.schemaVersion else {
            throw .unsupportedVersion(
                at: .database(database), kind: .schema, found: Int(found),
                supported: Model.schemaVersion)
        }
        guard Set(TableLayout<Model>.storeColumns).isSubset(of: columns) else {
            throw mismatch(layout, columns)
        }
        if found < Model.schemaVersion { return .older(Int(found)) }
        guard Set(columns) == Set(layout.columnNames) else { throw mismatch(layout, columns) }
        return .current
    }

    /// The error for a table whose columns are not the model's: the table, the columns the
    /// store expects and it lacks, and those it has that the store does not map.
    private func mismatch<Model>(_ layout: TableLayout<Model>, _ columns: [String]) -> StoreError {
        .tableMismatch(
            at: .database(database), table: layout.name, model: "\(Model.self)",
            missingColumns: layout.columnNames.filter { !columns.contains($0) },
            unexpectedColumns: columns.filter { !layout.columnNames.contains($0) }.sorted())
    }

    /// The state of one model's table, for a model the caller knows only as a type.
    func inspectTable(
        of model: any StorableModel.Type, in tables: ModelTables
    ) throws(StoreError) -> TableState {
        try inspectTable(of: model, tables: tables)
    }

    private func inspectTable<Model: StorableModel>(
        of model: Model.Type, tables: ModelTables
    ) throws(StoreError) -> TableState {
        try inspect(for: tables.layout(of: model) as TableLayout<Model>)
    }

    /// The PostgreSQL schema the connection's tables are in: the database's namespace.
    func currentSchema() throws(StoreError) -> String {
        let found = try rows("SELECT CAST(current_schema() AS text)", operation: "read the schema")
        guard let schema = try? found.first?.decode(String?.self) else {
            throw .statementFailed(
                at: .database(database), operation: "read the schema",
                message: "the connection has no current schema: its search_path names none "
                    + "that exists")
        }
        return schema
    }

    /// Whether the connection's schema holds the version table.
    func versionTableExists(operation: String = "read the schema") throws(StoreError) -> Bool {
        try integer(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = "
                + "current_schema() AND table_name = 'modelstorage_version'",
            operation: operation) == 1
    }

    /// The database's version: the highest version of its tables, read by a prepared
    /// statement; 0 while the schema has no version table (a read-only database opened
    /// before any database wrote the schema), which is looked for first until it is found
    /// (see ``hasVersionTable``).
    ///
    /// Looking first, rather than reading and catching the error, keeps a transaction
    /// usable: in PostgreSQL a statement naming a missing table aborts the transaction.
    func databaseVersion(operation: String) throws(StoreError) -> UInt64 {
        if !hasVersionTable {
            hasVersionTable = try versionTableExists(operation: operation)
            guard hasVersionTable else { return 0 }
        }
        let found = try preparedRow(Schema.selectVersion, text: [], operation: operation)
        guard let found else { return 0 }
        return UInt64(Swift.max(0, try parsedInteger(found[0], operation: operation)))
    }

    /// Begins a transaction, takes the writers' lock of the database in it, and reads the
    /// database's version under the lock.
    ///
    /// The lock is ``Schema/lockVersions``; the version is the highest of the rows it
    /// locked. Both statements are sent together, in one round trip.
    ///
    /// - Returns: The version, which no other writer can change before the transaction ends.
    /// - Throws: ``StoreError`` when a statement fails; the transaction is then open when
    ///   `BEGIN` succeeded, for the caller to roll back.
    func beginLocked(operation: String) throws(StoreError) -> UInt64 {
        let rows = try begin(with: [Schema.lockVersions], operation: operation)
        var version: Int64 = 0
        for row in rows.last ?? [] {
            guard let text = try? row.decode(String.self) else {
                throw .statementFailed(
                    at: .database(database), operation: operation,
                    message: "the version table holds a version that is not a number")
            }
            version = Swift.max(version, try parsedInteger(text, operation: operation))
        }
        return UInt64(version)
    }

    /// Makes the database ready for its models: each table and its version row created
    /// when absent, or migrated when older, and the indexes each model declares made — in
    /// one transaction, under the schema's advisory lock and the writers' lock, after
    /// checking each table again under them.
    ///
    /// - Throws: ``StoreError`` when the database cannot be written or a migration fails;
    ///   nothing changes then.
    func prepare(
        _ models: [any StorableModel.Type], layouts: ModelTables
    ) throws(StoreError) {
        try rows("BEGIN", operation: "prepare the tables")
        do {
            try rows(
                "SELECT pg_advisory_xact_lock(hashtext('modelstorage:' || current_schema()))",
                operation: "prepare the tables")
            try rows(Schema.createVersionTable, operation: "create the version table")
            try rows(Schema.lockVersions, operation: "prepare the tables")
            for model in models { try prepareTable(of: model, layouts: layouts) }
            try rows("COMMIT", operation: "prepare the tables")
        } catch {
            _ = try? rows("ROLLBACK", operation: "prepare the tables")
            throw error
        }
    }

    private func prepareTable<Model: StorableModel>(
        of model: Model.Type, layouts: ModelTables
    ) throws(StoreError) {
        let layout: TableLayout<Model> = try layouts.layout(of: model)
        var migrated = false
        switch try inspect(for: layout) {
        case .current: break
        case .absent: try createTable(layout: layout)
        case .older(let version):
            try migrate(from: version, layout: layout)
            migrated = true
        }
        try updateIndexes(for: layout)
        if layout.history != nil { try prepareHistory(of: layout) }
        // A migrated table's records changed without their tokens.
        try prepareSearchTokens(for: layout, rebuilding: migrated)
    }

    /// Creates the model's table and its version row, at version 0: a table added to a
    /// database leaves the database's version as it was.
    private func createTable<Model>(layout: TableLayout<Model>) throws(StoreError) {
        try rows(layout.createTable, operation: "create the table")
        try rows(
            "INSERT INTO \(Schema.versionTable) VALUES ($1, 0, $2)",
            [.text(layout.name), .integer(Int64(Model.schemaVersion))],
            operation: "create the table")
    }

    /// Brings every record to the model's schema version in place (each keeps its `_order`
    /// and write version): columns the model added are added, columns it dropped dropped,
    /// and each row's JSON rewritten through the model's migrations.
    private func migrate<Model>(from version: Int, layout: TableLayout<Model>) throws(StoreError) {
        let columns = try rows(
            "SELECT column_name::text FROM information_schema.columns "
                + "WHERE table_schema = current_schema() AND table_name = $1",
            [.text(layout.name)], operation: "migrate the table"
        ).compactMap { try? $0.decode(String.self) }
        for column in columns where !layout.columnNames.contains(column) {
            try rows(
                "ALTER TABLE \(layout.table) DROP COLUMN \(SQLIdentifier.quoted(column))",
                operation: "migrate the table")
        }
        for (column, type) in zip(layout.columns, layout.types)
        where !columns.contains(column.name) {
            try rows(
                "ALTER TABLE \(layout.table) ADD COLUMN \(SQLIdentifier.quoted(column.name)) "
                    + type, operation: "migrate the table")
        }
        let stored = try rows(
            "SELECT \"_record\", \"_version\" FROM \(layout.table) ORDER BY \"_order\"",
            operation: "migrate the table")
        let encoder = SQLRecordEncoder()
        for (index, row) in stored.enumerated() {
            guard let (json, written) = try? row.decode((String, Int64).self) else {
                throw .migrationFailed(
                    at: .database(database), sourceVersion: version,
                    location: StoreError.Location(recordIndex: index),
                    reason: "the row cannot be read")
            }
            let record = try layout.model.migratedRecord(
                fromJSON: Data(json.utf8), schemaVersion: version, store: .database(database),
                index: index)
            try rows(
                layout.upsert,
                try layout.row(
                    of: record, version: UInt64(Swift.max(0, written)), encoder: encoder),
                operation: "migrate the table")
        }
        try rows(
            "UPDATE \(Schema.versionTable) SET \"schema_version\" = $1 WHERE \"table_name\" = $2",
            [.integer(Int64(Model.schemaVersion)), .text(layout.name)],
            operation: "migrate the table")
    }

    // MARK: Indexes

    /// The name the store gives the index of a column of a table: `<table>_<column>_index`,
    /// or a hash of it when that is too long for PostgreSQL.
    static func indexName(table: String, column: String) -> String {
        SQLIdentifier.bounded("", table + "_" + column + "_index")
    }

    /// Creates and drops the store's indexes as the model declares them.
    ///
    /// Each attribute of the model's `StorableModel/storedIndexes` (its indexed attributes
    /// and its references' attributes) gets an index on its column (whose `COLLATE "C"` the
    /// dialect's comparisons use) in the in-memory order, `NULLS FIRST`: read forward it is
    /// the order of an ascending sort key, `nil` first, and read backward that of a
    /// descending one, `nil` last, which are the orders the dialect's `ORDER BY` asks for
    /// (PostgreSQL's default, `NULLS LAST`, serves neither, so a sorted query would read and
    /// sort every match). An index the store made without it is made again. The table gets a
    /// partial index that finds inexact rows, and each index the store made for an attribute
    /// the model no longer declares nor refers by is dropped. An index made by hand under
    /// another name stays.
    private func updateIndexes<Model>(for layout: TableLayout<Model>) throws(StoreError) {
        let declared = try Model.indexedAttributeNames()
        var existing: [String: String] = [:]
        for row in try rows(
            "SELECT indexname::text, indexdef FROM pg_indexes "
                + "WHERE schemaname = current_schema() AND tablename = $1",
            [.text(layout.name)], operation: "read the indexes")
        {
            if let (name, definition) = try? row.decode((String, String).self) {
                existing[name] = definition
            }
        }
        for column in layout.columns {
            let name = Self.indexName(table: layout.name, column: column.name)
            let quoted = SQLIdentifier.quoted(name)
            let made = existing[name]
            if declared.contains(column.name), made?.hasSuffix(" NULLS FIRST)") != true {
                if made != nil {
                    try rows("DROP INDEX \(quoted)", operation: "update the indexes")
                }
                try rows(
                    "CREATE INDEX \(quoted) ON \(layout.table) "
                        + "(\(SQLIdentifier.quoted(column.name)) NULLS FIRST)",
                    operation: "update the indexes")
            } else if !declared.contains(column.name), made != nil {
                try rows("DROP INDEX \(quoted)", operation: "update the indexes")
            }
        }
        // The index of the write versions that a change history reads, only while the model
        // keeps one: on `_version` then `_order`, the feed's order, so that a read after a
        // cursor stops at its limit instead of sorting every row written since.
        let changes = PostgresHistory.versionIndex(table: layout.name)
        let made = existing[changes]
        if made != nil, layout.history == nil || made?.hasSuffix("(_version, _order)") != true {
            try rows("DROP INDEX \(SQLIdentifier.quoted(changes))", operation: "update the indexes")
        }
        if layout.history != nil, made?.hasSuffix("(_version, _order)") != true {
            try rows(
                "CREATE INDEX \(SQLIdentifier.quoted(changes)) ON \(layout.table) "
                    + "(\"_version\", \"_order\")", operation: "update the indexes")
        }
        let inexact = SQLIdentifier.bounded("", layout.name + "__inexact")
        if existing[inexact] == nil {
            try rows(
                "CREATE INDEX \(SQLIdentifier.quoted(inexact)) ON \(layout.table) "
                    + "(\"_order\") WHERE NOT \"_exact\"", operation: "update the indexes")
        }
    }
}
