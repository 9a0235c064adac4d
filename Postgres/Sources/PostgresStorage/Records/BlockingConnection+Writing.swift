import Foundation
import KeyPathQuery
import ModelStorage
import SQLStorage

/// Storing a write's changes on the writer's connection, inside its group's transaction
/// (`PostgresGroupWriter` runs the group).
extension BlockingConnection {
    /// Stores a write's changes, the records it writes at its version.
    ///
    /// The changes go in a few statements: one `DELETE` for every deleted record, then the
    /// upserts in order, many rows to an `INSERT` (the changes name each record once, and an
    /// `INSERT` draws the identities of new rows in the order of its rows, so the store's
    /// order is kept). With live queries to tell, the values before the change are read
    /// first, in one query.
    func store<Model>(
        _ changes: [RecordChange<Model>], layout: TableLayout<Model>, version: UInt64,
        encoder: SQLRecordEncoder, collectingChanges: Bool
    ) throws(StoreError) -> [(old: Model?, new: Model?)] {
        guard collectingChanges else {
            try storeInBatches(changes, layout: layout, version: version, encoder: encoder)
            return changes.map { (nil, $0.newRecord) }
        }
        var keys: [String] = []
        keys.reserveCapacity(changes.count)
        for change in changes { keys.append(try layout.key(of: change.id)) }
        // One record, the most common write, is read by the prepared lookup.
        let before =
            keys.count == 1
            ? try record(withKey: keys[0], in: layout).map { [keys[0]: $0] } ?? [:]
            : try records(withKeys: keys, in: layout)
        try storeInBatches(changes, layout: layout, version: version, encoder: encoder)
        return zip(changes, keys).map { change, key in (before[key], change.newRecord) }
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
        encoder: SQLRecordEncoder
    ) throws(StoreError) {
        var deleted: [String] = []
        var upserted: [Model] = []
        for change in changes {
            switch change {
            case .upsert(let record): upserted.append(record)
            case .delete(let id): deleted.append(try layout.key(of: id))
            }
        }
        if let keys = try Self.keyList(deleted) {
            try delete(keys: keys, in: layout, version: version)
        }
        if layout.history != nil, !upserted.isEmpty {
            var keys: [String] = []
            keys.reserveCapacity(upserted.count)
            for record in upserted { keys.append(try layout.key(of: record.id)) }
            try clearTombstones(keys: keys, in: layout)
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
        try storeSearchTokens(deleted: deleted, upserted: upserted, layout: layout)
    }
}

extension RecordChange {
    /// The record's value after the change: the upserted record, or `nil` for a deletion.
    fileprivate var newRecord: Model? {
        switch self {
        case .upsert(let record): record
        case .delete: nil
        }
    }
}
