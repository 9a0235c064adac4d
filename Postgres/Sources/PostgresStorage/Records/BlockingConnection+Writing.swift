import Foundation
import KeyPathQuery
import ModelStorage

/// Storing a write's changes on the writer's connection, inside its group's transaction
/// (`PostgresGroupWriter` runs the group).
extension BlockingConnection {
    /// Stores a write's changes, the records it writes at its version.
    ///
    /// Without live queries to tell, the changes go in a few statements: one `DELETE` for
    /// every deleted record, then the upserts in order, many rows to an `INSERT` (the
    /// changes name each record once, and an `INSERT` draws the identities of new rows in
    /// the order of its rows, so the store's order is kept). With live queries, each record's
    /// value before the change is read first, one record at a time.
    func store<Model>(
        _ changes: [RecordChange<Model>], layout: TableLayout<Model>, version: UInt64,
        encoder: RecordJSONEncoder, collectingChanges: Bool
    ) throws(StoreError) -> [(old: Model?, new: Model?)] {
        guard collectingChanges else {
            return try storeInBatches(changes, layout: layout, version: version, encoder: encoder)
        }
        var stored: [(old: Model?, new: Model?)] = []
        for change in changes {
            let key: String
            let new: Model?
            switch change {
            case .upsert(let record):
                key = try layout.key(of: record.id)
                new = record
            case .delete(let id):
                key = try layout.key(of: id)
                new = nil
            }
            let old: Model? = collectingChanges ? try record(withKey: key, in: layout) : nil
            if let new {
                try upsert(
                    try layout.row(of: new, version: version, encoder: encoder), layout: layout)
            } else {
                try rows(
                    "DELETE FROM \(layout.table) WHERE \"_key\" = $1", [.text(key)],
                    operation: "delete a record")
            }
            stored.append((old, new))
        }
        return stored
    }

    /// Writes one row (``TableLayout/row(of:version:encoder:)``) by the prepared
    /// ``TableLayout/preparedUpsert``, which the server plans once per connection: a single
    /// write, the most common, costs it less than parsing and planning an unnamed one.
    private func upsert<Model>(_ row: [SQLBinding], layout: TableLayout<Model>)
        throws(StoreError)
    {
        try preparedRows(
            layout.preparedUpsert, text: row.map(TableLayout<Model>.text(of:)),
            operation: "write a record")
    }

    /// Stores changes in as few statements as the server takes: see ``store``.
    private func storeInBatches<Model>(
        _ changes: [RecordChange<Model>], layout: TableLayout<Model>, version: UInt64,
        encoder: RecordJSONEncoder
    ) throws(StoreError) -> [(old: Model?, new: Model?)] {
        var deleted: [String] = []
        var upserted: [Model] = []
        for change in changes {
            switch change {
            case .upsert(let record): upserted.append(record)
            case .delete(let id): deleted.append(try layout.key(of: id))
            }
        }
        if let keys = try Self.exclusion(of: deleted, number: 1)?.binding {
            try rows(
                "DELETE FROM \(layout.table) WHERE \"_key\" IN "
                    + "(SELECT jsonb_array_elements_text(CAST($1 AS jsonb)))",
                [keys], operation: "delete records")
        }
        // PostgreSQL takes at most 65,535 bindings in a statement.
        let perRow = TableLayout<Model>.storeColumns.count - 1 + layout.columns.count
        let rowsPerStatement = Swift.max(1, Swift.min(1_000, 65_535 / perRow))
        var start = 0
        // The statement the server is running while the next one's rows are made: a record's
        // JSON and columns take about as long to make as the server takes to store them.
        var storing: Sent?
        while start < upserted.count {
            let batch = upserted[start..<Swift.min(upserted.count, start + rowsPerStatement)]
            var bindings: [SQLBinding] = []
            bindings.reserveCapacity(batch.count * perRow)
            for record in batch {
                bindings += try layout.row(of: record, version: version, encoder: encoder)
            }
            if upserted.count == 1 {
                try upsert(bindings, layout: layout)
            } else {
                let sent = try send(
                    layout.upsert(rowCount: batch.count), bindings, operation: "write records")
                if let storing { try finish(storing) }
                storing = sent
            }
            start += batch.count
        }
        if let storing { try finish(storing) }
        return changes.map { change in
            switch change {
            case .upsert(let record): (nil, record)
            case .delete: (nil, nil)
            }
        }
    }
}
