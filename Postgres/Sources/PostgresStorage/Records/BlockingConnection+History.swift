import Foundation
@_spi(BackendInternals) import ModelStorage
import PostgresNIO
@_spi(BackendInternals) import SQLStorage

/// A model's change history on a connection (see ``PostgresHistory``): made ready with the
/// tables, kept by each write, read in one snapshot, and pruned on the writer.
extension BlockingConnection {
    /// Makes the tables of a model's change history when absent, and starts its horizon.
    ///
    /// A model without a horizon starts it at the database's version: the deletions before
    /// are not known. Run in the transaction that prepares the tables.
    func prepareHistory<Model>(of layout: TableLayout<Model>) throws(StoreError) {
        for statement in PostgresHistory.createTables {
            try rows(statement, operation: "keep the change history")
        }
        try rows(
            "INSERT INTO \(PostgresHistory.horizonTable) VALUES ($1, $2) ON CONFLICT DO NOTHING",
            [
                .text(layout.name),
                .integer(Int64(clamping: try databaseVersion(operation: "keep the history"))),
            ], operation: "keep the change history")
    }

    /// A model's history horizon, or `nil` when the schema keeps no history of it.
    func historyHorizon(of table: String) throws(StoreError) -> UInt64? {
        let exists = try integer(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = "
                + "current_schema() AND table_name = 'modelstorage_history'",
            operation: "read the change history")
        guard exists == 1 else { return nil }
        return try integer(
            "SELECT \"horizon\" FROM \(PostgresHistory.horizonTable) WHERE \"table_name\" = $1",
            [.text(table)], operation: "read the change history"
        ).map { UInt64(Swift.max(0, $0)) }
    }

    /// Deletes rows by key, keeping a tombstone for each row deleted when the model keeps a
    /// history.
    func delete<Model>(
        keys: SQLBinding, in layout: TableLayout<Model>, version: UInt64
    ) throws(StoreError) {
        guard let history = layout.history else {
            try rows(
                "DELETE FROM \(layout.table) WHERE \"_key\" IN "
                    + "(SELECT jsonb_array_elements_text(CAST($1 AS jsonb)))",
                [keys], operation: "delete records")
            return
        }
        try rows(
            history.deleteKeepingTombstones,
            [
                keys, .text(history.name), .integer(Int64(clamping: version)),
                .real(Date().timeIntervalSince1970),
            ], operation: "delete records")
    }

    /// Drops the tombstones of keys written again, when the model keeps a history.
    func clearTombstones<Model>(keys: [String], in layout: TableLayout<Model>) throws(StoreError) {
        guard let history = layout.history, let list = try Self.keyList(keys) else { return }
        try rows(history.clearTombstones, [.text(history.name), list], operation: "write records")
    }

    /// The model's changes after a cursor, in one snapshot (see
    /// `ModelStore.changes(since:limit:)`).
    func changes<Model>(
        since cursor: ChangeCursor, limit: Int, in layout: TableLayout<Model>,
        at location: StoreLocation
    ) throws(StoreError) -> ChangePage<Model> {
        let model = String(describing: Model.self)
        guard let history = layout.history else { throw .historyNotKept(model, at: location) }
        return try inSnapshot { () throws(StoreError) in
            try history.queries.page(
                since: cursor, limit: limit, horizon: try historyHorizon(of: history.name),
                version: try databaseVersion(operation: "read the changes"), location: location,
                rows: { (sql, bindings) throws(StoreError) in try records(sql, bindings, layout) },
                tombstones: { (sql, bindings) throws(StoreError) in
                    try tombstones(sql, bindings, layout)
                })
        }
    }

    /// Drops a model's tombstones of deletions before a time, and moves its horizon past
    /// them, in one transaction.
    ///
    /// - Returns: How many were dropped.
    func pruneHistory(table name: String, deletedBefore date: Date) throws(StoreError) -> Int {
        guard try historyHorizon(of: name) != nil else { return 0 }
        let cutoff = SQLBinding.real(date.timeIntervalSince1970)
        try rows("BEGIN", operation: "prune the change history")
        do {
            var dropped = 0
            if let newest = try integer(
                "SELECT max(\"version\") FROM \(PostgresHistory.tombstoneTable) "
                    + "WHERE \"table_name\" = $1 AND \"deleted_at\" < $2",
                [.text(name), cutoff], operation: "prune the change history")
            {
                try rows(
                    "UPDATE \(PostgresHistory.horizonTable) SET \"horizon\" = "
                        + "greatest(\"horizon\", $1) WHERE \"table_name\" = $2",
                    [.integer(newest), .text(name)], operation: "prune the change history")
                dropped =
                    try integer(
                        "WITH gone AS (DELETE FROM \(PostgresHistory.tombstoneTable) "
                            + "WHERE \"table_name\" = $1 AND \"deleted_at\" < $2 RETURNING 1) "
                            + "SELECT count(*) FROM gone", [.text(name), cutoff],
                        operation: "prune the change history"
                    ).map(Int.init) ?? 0
            }
            try rows("COMMIT", operation: "prune the change history")
            return dropped
        } catch {
            _ = try? rows("ROLLBACK", operation: "prune the change history")
            throw error
        }
    }

    /// The records of a statement's rows (version and JSON, as text), each with its version.
    private func records<Model>(
        _ sql: String, _ bindings: [SQLBinding], _ layout: TableLayout<Model>
    ) throws(StoreError) -> [ChangePage<Model>.Change] {
        var changes: [ChangePage<Model>.Change] = []
        for row in try rows(sql, bindings, operation: "read the changes") {
            let (version, json) = try texts(row)
            let record = try layout.record(
                from: json, database: database, row: "_version \(version)")
            changes.append(
                ChangePage.Change(
                    id: record.id, record: record,
                    version: UInt64(try parsedInteger(version, operation: "read the changes"))))
        }
        return changes
    }

    /// The tombstones of a statement's rows (version as text, and key).
    private func tombstones<Model>(
        _ sql: String, _ bindings: [SQLBinding], _ layout: TableLayout<Model>
    ) throws(StoreError) -> [ChangePage<Model>.Change] {
        var changes: [ChangePage<Model>.Change] = []
        for row in try rows(sql, bindings, operation: "read the changes") {
            let (version, key) = try texts(row)
            guard let id = try? JSONDecoder().decode(Model.ID.self, from: Data(key.utf8)) else {
                throw .corruptFile(
                    at: .database(database),
                    problem: "a tombstone of table \(layout.name) holds the key \(key), which "
                        + "does not decode as \(Model.self)'s id",
                    location: .wholeFile)
            }
            changes.append(
                ChangePage.Change(
                    id: id, record: nil,
                    version: UInt64(try parsedInteger(version, operation: "read the changes"))))
        }
        return changes
    }

    /// A row of two text columns.
    private func texts(_ row: PostgresRow) throws(StoreError) -> (String, String) {
        do {
            return try row.decode((String, String).self)
        } catch {
            throw .statementFailed(
                at: .database(database), operation: "read the changes", message: "\(error)")
        }
    }
}
