import Foundation
import KeyPathQuery
import ModelStorage
import PostgresNIO
import SQLStorage

/// The table of a model's search tokens (`SearchTokenTable`) in PostgreSQL: made, built and
/// dropped as the model declares searchable attributes when a database prepares its tables,
/// and kept by every write in its transaction.
///
/// The tokens are `text COLLATE "C"`, compared byte by byte, in a table whose primary key
/// (a B-tree) starts with the token, so that the range of a search's token is a range of the
/// key: core PostgreSQL, without `pg_trgm` (a GIN index over a `text[]` finds whole elements,
/// not the elements that begin with a prefix). The table `modelstorage_search` records, for
/// each model's table, the declaration its tokens were built for.
extension BlockingConnection {
    /// The table that records each model table's search declaration.
    static let searchDeclarations = "\"modelstorage_search\""

    /// Replaces the tokens of the records a write upserts with theirs, and deletes those of
    /// the records it deletes, in two statements; nothing for a model without searchable
    /// attributes.
    ///
    /// - Parameters:
    ///   - deleted: The deleted records' keys.
    ///   - upserted: The records written.
    ///   - layout: The model's table.
    /// - Throws: ``StoreError`` when PostgreSQL cannot write the tokens.
    func storeSearchTokens<Model>(
        deleted: [String], upserted: [Model], layout: TableLayout<Model>
    ) throws(StoreError) {
        guard let search = layout.search else { return }
        var keys = deleted
        var rows: [[String]] = []
        for record in upserted {
            let key = try layout.key(of: record.id)
            keys.append(key)
            for row in try search.rows(of: record, textHoldsNUL: false) {
                rows.append([row.token, row.attribute, key])
            }
        }
        if let list = try Self.keyList(keys) {
            try self.rows(
                "DELETE FROM \(search.table) WHERE \"_key\" IN "
                    + "(SELECT jsonb_array_elements_text(CAST($1 AS jsonb)))", [list],
                operation: "write the search tokens")
        }
        try insertSearchTokens(rows, into: search)
    }

    /// Inserts tokens, `[token, attribute, key]` each, a JSON array of them to a statement.
    private func insertSearchTokens<Model>(
        _ tokens: [[String]], into search: SearchTokenTable<Model>
    ) throws(StoreError) {
        var start = 0
        while start < tokens.count {
            let batch = Array(tokens[start..<Swift.min(tokens.count, start + 10_000)])
            let json: String
            do {
                json = String(decoding: try JSONEncoder().encode(batch), as: UTF8.self)
            } catch {
                throw .encodingFailed(id: batch.first?.last ?? "", reason: "\(error)")
            }
            try rows(
                "INSERT INTO \(search.table) (\"token\", \"attribute\", \"_key\") "
                    + "SELECT e->>0, e->>1, e->>2 FROM jsonb_array_elements(CAST($1 AS jsonb)) "
                    + "AS e ON CONFLICT DO NOTHING", [.text(json)],
                operation: "write the search tokens")
            start += batch.count
        }
    }

    /// The declaration a model table's tokens were built for, or `nil` when none is
    /// recorded (or the schema records none at all).
    func recordedSearchDeclaration(ofTable table: String) throws(StoreError) -> String? {
        let known =
            try integer(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = "
                    + "current_schema() AND table_name = 'modelstorage_search'",
                operation: "read the search tokens") == 1
        guard known else { return nil }
        let found = try rows(
            "SELECT \"declaration\" FROM \(Self.searchDeclarations) WHERE \"table_name\" = $1",
            [.text(table)], operation: "read the search tokens")
        return found.first.flatMap { try? $0.decode(String.self) }
    }

    /// Makes a model's tokens match its declaration, inside the transaction that prepares
    /// the tables: builds them for every record when the schema records another declaration
    /// (or none), or the table was just migrated; drops them when the model declares no
    /// searchable attribute.
    ///
    /// - Parameters:
    ///   - layout: The model's table.
    ///   - rebuilding: Whether the records changed without their tokens (a migration).
    /// - Throws: ``StoreError`` when PostgreSQL cannot write, or a record does not decode.
    /// - Complexity: O(*n*) in the records when the tokens are built, O(1) otherwise.
    func prepareSearchTokens<Model>(
        for layout: TableLayout<Model>, rebuilding: Bool
    ) throws(StoreError) {
        let upkeep = SearchTokenUpkeep(
            layout.search, modelTable: layout.name,
            recorded: try recordedSearchDeclaration(ofTable: layout.name), rebuilding: rebuilding)
        if case .drop(let table) = upkeep {
            try rows("DROP TABLE IF EXISTS \(table)", operation: "drop the search tokens")
            try rows(
                "DELETE FROM \(Self.searchDeclarations) WHERE \"table_name\" = $1",
                [.text(layout.name)], operation: "drop the search tokens")
        }
        guard upkeep == .build, let search = layout.search else { return }
        try rows(
            "CREATE TABLE IF NOT EXISTS \(Self.searchDeclarations) (\"table_name\" text "
                + "PRIMARY KEY, \"declaration\" text NOT NULL)",
            operation: "build the search tokens")
        try rows("DROP TABLE IF EXISTS \(search.table)", operation: "build the search tokens")
        for statement in search.createStatements(keyType: "text", textType: "text COLLATE \"C\"") {
            try rows(statement, operation: "build the search tokens")
        }
        var tokens: [[String]] = []
        for row in try rows(
            "SELECT \"_key\", \"_record\" FROM \(layout.table) ORDER BY \"_order\"",
            operation: "build the search tokens")
        {
            guard let (key, json) = try? row.decode((String, String).self) else { continue }
            let record = try layout.record(from: json, database: database, row: "_key \(key)")
            for token in try search.rows(of: record, textHoldsNUL: false) {
                tokens.append([token.token, token.attribute, key])
            }
        }
        try insertSearchTokens(tokens, into: search)
        try rows(
            "INSERT INTO \(Self.searchDeclarations) VALUES ($1, $2) ON CONFLICT (\"table_name\") "
                + "DO UPDATE SET \"declaration\" = excluded.\"declaration\"",
            [.text(layout.name), .text(search.declaration)],
            operation: "build the search tokens")
    }
}
