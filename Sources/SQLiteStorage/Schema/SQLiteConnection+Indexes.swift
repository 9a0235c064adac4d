import KeyPathQuery
import ModelStorage

/// The SQLite indexes of a model's ``StorableModel/indexedAttributes``: one per attribute on
/// its column, named `<table>_<column>_index`, made and dropped as the model declares them.
extension SQLiteConnection {
    /// The name the store gives the index of a column of a table.
    static func indexName(table: String, column: String) -> String {
        table + "_" + column + "_index"
    }

    /// Creates the index of each attribute the model declares, and drops each index the store
    /// made for an attribute it no longer declares, in one transaction.
    ///
    /// Only indexes named as the store names them, `<table>_<column>_index` for one of the
    /// table's columns, are ever dropped: an index made by hand under another name stays.
    ///
    /// - Throws: ``StoreError/invalidQuery(_:)`` for an index on a key path the model does
    ///   not map; a ``StoreError`` when the database cannot be written.
    func updateIndexes<Model>(for layout: TableLayout<Model>) throws(StoreError) {
        var declared: [String] = []
        for attribute in Model.indexedAttributes {
            do {
                declared.append(try Model.attributeName(for: attribute.keyPath))
            } catch {
                throw .invalidQuery(error)
            }
        }
        var existing: Set<String> = []
        try run(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?",
            [.text(layout.name)], operation: "read the indexes"
        ) { (row) throws(StoreError) in
            if let name = row.text(at: 0) { existing.insert(name) }
            return true
        }
        let wanted = Set(declared.map { Self.indexName(table: layout.name, column: $0) })
        var statements: [String] = []
        for column in layout.columns.map(\.name) {
            let name = Self.indexName(table: layout.name, column: column)
            if existing.contains(name), !wanted.contains(name) {
                statements.append("DROP INDEX \(TableLayout<Model>.quoted(name))")
            }
        }
        for column in declared {
            let name = Self.indexName(table: layout.name, column: column)
            if !existing.contains(name) {
                statements.append(
                    "CREATE INDEX \(TableLayout<Model>.quoted(name)) ON \(layout.table) "
                        + "(\(TableLayout<Model>.quoted(column)))")
            }
        }
        guard !statements.isEmpty else { return }
        try execute("BEGIN IMMEDIATE", operation: "update the indexes")
        do {
            try execute(statements.joined(separator: "; "), operation: "update the indexes")
            try execute("COMMIT", operation: "update the indexes")
        } catch {
            try? execute("ROLLBACK", operation: "update the indexes")
            throw error
        }
    }
}
