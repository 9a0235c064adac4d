import KeyPathQuery
import ModelStorage
import SQLStorage

/// The SQLite indexes of a model's ``StorableModel/storedIndexes`` (its indexed attributes and
/// its references' attributes): one per attribute on its column, named
/// `<table>_<column>_index`, made and dropped as the model declares them.
///
/// A text column's index uses the collation the store's queries compare text with
/// (`SQLTextFunctions.collation`, canonically equivalent texts equal as in memory): an index
/// in SQLite's default order could not answer them. Another program reads such a table as
/// usual, and may write it as long as it leaves the indexed text columns alone: SQLite needs
/// the collation, which only the store registers, to update their indexes.
extension SQLiteConnection {
    /// The name the store gives the index of a column of a table.
    static func indexName(table: String, column: String) -> String {
        table + "_" + column + "_index"
    }

    /// The name of the partial index of a table's records whose JSON holds NUL, which tells
    /// at once whether SQLite's JSON functions can read every record of the table (see
    /// `readsTruncatedJSON(_:in:)`).
    static func indexOfRecordsHoldingNUL(table: String) -> String {
        table + "__records_holding_nul"
    }

    /// The statement that creates the index of a column: with the store's text collation
    /// when the column holds text.
    static func createIndex<Model>(
        named name: String, on column: SQLColumn<Model>, of layout: TableLayout<Model>
    ) -> String {
        var indexed = SQLIdentifier.quoted(column.name)
        if column.declaredType == "TEXT", let functions = layout.options.textFunctions {
            indexed += " COLLATE " + functions.collation
        }
        return "CREATE INDEX \(SQLIdentifier.quoted(name)) ON \(layout.table) (\(indexed))"
    }

    /// Creates the index of each attribute the model declares or refers to another model by,
    /// the partial index of the records whose JSON holds NUL (usually empty), and the index of
    /// the write versions while the model keeps a change history, and drops each index the
    /// store made for an attribute it no longer declares nor refers by, in one transaction.
    ///
    /// Only indexes named as the store names them, `<table>_<column>_index` for one of the
    /// table's columns, are ever dropped: an index made by hand under another name stays.
    ///
    /// - Parameters:
    ///   - layout: The table.
    ///   - known: The table's indexes, each with the statement that made it, when the caller
    ///     read them already (see `SchemaSnapshot`); `nil` to read them.
    /// - Throws: ``StoreError/invalidQuery(_:)`` for an index on a key path the model does
    ///   not map; a ``StoreError`` when the database cannot be written.
    func updateIndexes<Model>(
        for layout: TableLayout<Model>, existing known: [String: String]? = nil
    ) throws(StoreError) {
        let declared = try Model.indexedAttributeNames()
        var statements: [String] = []
        // Each index on the table, with the statement that made it.
        var existing = known ?? [:]
        if known == nil {
            try run(
                "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?",
                [.text(layout.name)], operation: "read the indexes"
            ) { (row) throws(StoreError) in
                if let name = row.text(at: 0) { existing[name] = row.text(at: 1) ?? "" }
                return true
            }
        }
        var wanted: [String: String] = [:]
        let holdingNUL = Self.indexOfRecordsHoldingNUL(table: layout.name)
        if existing[holdingNUL] == nil {
            statements.append(
                "CREATE INDEX \(SQLIdentifier.quoted(holdingNUL)) ON \(layout.table) "
                    + "(\"_order\") WHERE \(Self.holdsNUL)")
        }
        // The index of the write versions that a change history reads, only while the model
        // keeps one.
        let changes = HistoryStatements.versionIndex(table: layout.name)
        if layout.history != nil, existing[changes] == nil {
            statements.append(
                "CREATE INDEX \(SQLIdentifier.quoted(changes)) ON \(layout.table) (\"_version\")")
        } else if layout.history == nil, existing[changes] != nil {
            statements.append("DROP INDEX \(SQLIdentifier.quoted(changes))")
        }
        for column in layout.columns where declared.contains(column.name) {
            let name = Self.indexName(table: layout.name, column: column.name)
            wanted[name] = Self.createIndex(named: name, on: column, of: layout)
        }
        for column in layout.columns {
            let name = Self.indexName(table: layout.name, column: column.name)
            // An index of the store's that the model no longer declares, or that was made
            // another way (before text indexes had the store's collation, say), goes.
            if let made = existing[name], wanted[name] != made {
                statements.append("DROP INDEX \(SQLIdentifier.quoted(name))")
                existing[name] = nil
            }
        }
        for (name, statement) in wanted.sorted(by: { $0.key < $1.key })
        where existing[name] == nil {
            statements.append(statement)
        }
        guard !statements.isEmpty else { return }
        try inImmediateTransaction(operation: "update the indexes") { () throws(StoreError) in
            try execute(statements.joined(separator: "; "), operation: "update the indexes")
        }
    }
}
