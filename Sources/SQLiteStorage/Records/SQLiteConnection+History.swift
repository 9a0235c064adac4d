import Foundation
@_spi(BackendInternals) import ModelStorage
@_spi(BackendInternals) import SQLStorage

/// Reading a model's change feed on a connection, for a model with a change history (see
/// ``HistoryStatements``): its rows written after a cursor through the index on `_version`,
/// and its tombstones, in one read transaction.
extension SQLiteConnection {
    /// The model's changes after a cursor (see `ModelStore.changes(since:limit:)`).
    ///
    /// - Throws: `StoreError.historyNotKept` when the model or the database keeps no history;
    ///   the errors of the feed's check; `StoreError.corruptFile` for a row or tombstone that
    ///   does not decode.
    func changes<Model>(
        since cursor: ChangeCursor, limit: Int, in layout: TableLayout<Model>,
        at location: StoreLocation
    ) throws(StoreError) -> ChangePage<Model> {
        let model = String(describing: Model.self)
        guard let history = layout.history else { throw .historyNotKept(model, at: location) }
        return try reading { () throws(StoreError) in
            try history.queries.page(
                since: cursor, limit: limit, horizon: try historyHorizon(of: history.name),
                version: try databaseVersionIfAny(), location: location,
                rows: { (sql, bindings) throws(StoreError) in try rows(sql, bindings, layout) },
                tombstones: { (sql, bindings) throws(StoreError) in
                    try tombstones(sql, bindings, layout)
                })
        }
    }

    /// The records of a statement's rows, each with its write version.
    private func rows<Model>(
        _ sql: String, _ bindings: [SQLBinding], _ layout: TableLayout<Model>
    ) throws(StoreError) -> [ChangePage<Model>.Change] {
        var changes: [ChangePage<Model>.Change] = []
        var values: [SQLBinding] = []
        try run(sql, bindings, operation: "read the changes") { (row) throws(StoreError) in
            let record = try layout.record(
                in: row, at: 2, path: path, order: row.integer(at: 1), values: &values)
            changes.append(
                ChangePage.Change(
                    id: record.id, record: record,
                    version: UInt64(Swift.max(0, row.integer(at: 0)))))
            return true
        }
        return changes
    }

    /// The tombstones of a statement's rows.
    private func tombstones<Model>(
        _ sql: String, _ bindings: [SQLBinding], _ layout: TableLayout<Model>
    ) throws(StoreError) -> [ChangePage<Model>.Change] {
        var changes: [ChangePage<Model>.Change] = []
        try run(sql, bindings, operation: "read the changes") { (row) throws(StoreError) in
            let text = row.text(at: 1) ?? ""
            guard let id = try? JSONDecoder().decode(Model.ID.self, from: Data(text.utf8)) else {
                throw .corruptFile(
                    at: .file(path),
                    problem: "a tombstone of table \(layout.name) holds the id \(text), which "
                        + "does not decode as \(Model.self)'s id",
                    location: .wholeFile)
            }
            changes.append(
                ChangePage.Change(
                    id: id, record: nil, version: UInt64(Swift.max(0, row.integer(at: 0)))))
            return true
        }
        return changes
    }

    /// Drops a model's tombstones of deletions before a time, and moves its horizon past
    /// them, in one write transaction.
    ///
    /// - Returns: How many were dropped.
    func pruneHistory(table name: String, deletedBefore date: Date) throws(StoreError) -> Int {
        guard try historyHorizon(of: name) != nil else { return 0 }
        var dropped = 0
        try inImmediateTransaction(operation: "prune the change history") {
            () throws(StoreError) in
            let cutoff = SQLBinding.real(date.timeIntervalSince1970)
            guard
                let newest = try integer(
                    "SELECT max(\"version\") FROM \(HistoryStatements.tombstoneTable) "
                        + "WHERE \"table_name\" = ? AND \"deleted_at\" < ?",
                    [.text(name), cutoff], operation: "prune the change history")
            else { return }
            try run(
                "UPDATE \(HistoryStatements.horizonTable) SET \"horizon\" = max(\"horizon\", ?) "
                    + "WHERE \"table_name\" = ?", [.integer(newest), .text(name)],
                operation: "prune the change history")
            try run(
                "DELETE FROM \(HistoryStatements.tombstoneTable) "
                    + "WHERE \"table_name\" = ? AND \"deleted_at\" < ?", [.text(name), cutoff],
                operation: "prune the change history")
            dropped = changedRowCount
        }
        return dropped
    }
}
