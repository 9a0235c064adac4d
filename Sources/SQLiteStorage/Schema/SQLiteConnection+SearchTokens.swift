import KeyPathQuery
import ModelStorage
import SQLStorage

/// The table of a model's search tokens (`SearchTokenTable`) in SQLite: made, built and
/// dropped as the model declares searchable attributes when a store opens for writing, and
/// kept by every write in its transaction.
///
/// The tokens are text compared byte by byte (`BINARY`) in a `WITHOUT ROWID` table whose
/// primary key starts with the token, so that the range of a search's token is a range of
/// the key. The table `modelstorage_search` records, for each model's table, the declaration
/// its tokens were built for (`SearchTokenTable.declaration`).
extension SQLiteConnection {
    /// The table that records each model table's search declaration.
    static let searchDeclarations = "\"modelstorage_search\""

    /// Replaces the tokens of a record's key with those of the record written, or deletes
    /// them for a deletion (`record` `nil`); nothing for a model without searchable
    /// attributes.
    ///
    /// - Parameters:
    ///   - record: The record written, or `nil` for a deletion.
    ///   - key: The record's `_key`.
    ///   - layout: The model's table.
    /// - Throws: ``StoreError`` when SQLite cannot write the tokens.
    func storeSearchTokens<Model>(
        of record: Model?, key: SQLBinding, layout: TableLayout<Model>
    ) throws(StoreError) {
        guard let search = layout.search else { return }
        try run(
            "DELETE FROM \(search.table) WHERE \"_key\" = ?", [key],
            operation: "write the search tokens")
        guard let record else { return }
        try insertSearchTokens(search.rows(of: record), key: key, into: search)
    }

    private func insertSearchTokens<Model>(
        _ rows: [(attribute: String, token: String)], key: SQLBinding,
        into search: SearchTokenTable<Model>
    ) throws(StoreError) {
        let insert =
            "INSERT INTO \(search.table) (\"token\", \"attribute\", \"_key\") VALUES (?, ?, ?)"
        for row in rows {
            try run(
                insert, [.text(row.token), .text(row.attribute), key],
                operation: "write the search tokens")
        }
    }

    /// The declaration a model table's tokens were built for, or `nil` when none is
    /// recorded (or the database records none at all).
    func recordedSearchDeclaration(ofTable table: String) throws(StoreError) -> String? {
        let known =
            try integer(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?",
                [.text("modelstorage_search")], operation: "read the search tokens") == 1
        guard known else { return nil }
        var declaration: String?
        try run(
            "SELECT \"declaration\" FROM \(Self.searchDeclarations) WHERE \"table_name\" = ?",
            [.text(table)], operation: "read the search tokens"
        ) { (row) throws(StoreError) in
            declaration = row.text(at: 0)
            return false
        }
        return declaration
    }

    /// Makes a model's tokens match its declaration, in one transaction: builds them for
    /// every record when the database records another declaration (or none), or the table
    /// was just migrated; drops them when the model declares no searchable attribute.
    ///
    /// - Parameters:
    ///   - layout: The model's table.
    ///   - rebuilding: Whether the records changed without their tokens (a migration).
    /// - Throws: ``StoreError`` when SQLite cannot write, or a record does not decode.
    /// - Complexity: O(*n*) in the records when the tokens are built, O(1) otherwise.
    func prepareSearchTokens<Model>(
        for layout: TableLayout<Model>, rebuilding: Bool
    ) throws(StoreError) {
        let upkeep = SearchTokenUpkeep(
            layout.search, modelTable: layout.name,
            recorded: try recordedSearchDeclaration(ofTable: layout.name), rebuilding: rebuilding)
        if case .drop(let table) = upkeep {
            try inImmediateTransaction(operation: "drop the search tokens") {
                () throws(StoreError) in
                try execute("DROP TABLE IF EXISTS \(table)", operation: "drop the search tokens")
                try run(
                    "DELETE FROM \(Self.searchDeclarations) WHERE \"table_name\" = ?",
                    [.text(layout.name)], operation: "drop the search tokens")
            }
        }
        guard upkeep == .build, let search = layout.search else { return }
        try inImmediateTransaction(operation: "build the search tokens") {
            () throws(StoreError) in
            try execute(
                "CREATE TABLE IF NOT EXISTS \(Self.searchDeclarations) (\"table_name\" TEXT "
                    + "PRIMARY KEY, \"declaration\" TEXT NOT NULL); DROP TABLE IF EXISTS "
                    + search.table + "; "
                    + search.createStatements(
                        keyType: "", textType: "TEXT COLLATE BINARY", suffix: "WITHOUT ROWID"
                    ).joined(separator: "; "),
                operation: "build the search tokens")
            var records: [(key: SQLBinding, record: Model)] = []
            try run(
                "SELECT \"_order\", \"_key\", \(layout.recordColumns) FROM \(layout.table)",
                operation: "build the search tokens"
            ) { (row) throws(StoreError) in
                records.append(
                    (
                        row.binding(at: 1),
                        try layout.record(in: row, at: 2, path: path, order: row.integer(at: 0))
                    ))
                return true
            }
            for (key, record) in records {
                try insertSearchTokens(search.rows(of: record), key: key, into: search)
            }
            try run(
                "INSERT OR REPLACE INTO \(Self.searchDeclarations) VALUES (?, ?)",
                [.text(layout.name), .text(search.declaration)],
                operation: "build the search tokens")
        }
    }
}
