import Foundation
import KeyPathQuery
import ModelStorage
import SQLStorage

/// Storing a write's changes on the writer's connection, inside its group's transaction
/// (`SQLiteGroupWriter` runs the group).
extension SQLiteConnection {
    /// Stores a write's changes, the records it writes at its version.
    ///
    /// The rows of a large write are made on a second thread while this one stores them
    /// (``RowPipeline``); a small write's are made here, each as it is stored.
    ///
    /// - Returns: Each change with the record's value before it (when collecting changes)
    ///   and after.
    func store<Model>(
        _ changes: [RecordChange<Model>], layout: TableLayout<Model>, version: UInt64,
        encoder: SQLRecordEncoder, collectingChanges: Bool
    ) throws(StoreError) -> [(old: Model?, new: Model?)] {
        var stored: [(old: Model?, new: Model?)] = []
        stored.reserveCapacity(changes.count)
        guard let pipeline = RowPipeline<Model>.start(changes, layout: layout, version: version)
        else {
            for change in changes {
                let row: [SQLBinding]? =
                    switch change {
                    case .upsert(let record):
                        try layout.row(of: record, version: version, encoder: encoder)
                    case .delete: nil
                    }
                stored.append(
                    try store(
                        change, row: row, layout: layout, version: version,
                        collectingChanges: collectingChanges))
            }
            return stored
        }
        defer { pipeline.cancel() }
        for index in 0..<pipeline.count {
            let chunk = pipeline.next()
            for (offset, position) in pipeline.range(ofChunk: index).enumerated() {
                guard offset < chunk.rows.count else {
                    throw chunk.failure ?? .closed(at: .file(path))
                }
                stored.append(
                    try store(
                        changes[position], row: chunk.rows[offset], layout: layout,
                        version: version, collectingChanges: collectingChanges))
            }
        }
        return stored
    }

    /// Stores one change: its row, or the deletion of its record, and for a model with a
    /// change history, its tombstone: kept for a deletion, dropped for a write.
    private func store<Model>(
        _ change: RecordChange<Model>, row: [SQLBinding]?, layout: TableLayout<Model>,
        version: UInt64, collectingChanges: Bool
    ) throws(StoreError) -> (old: Model?, new: Model?) {
        let key: SQLBinding
        let new: Model?
        switch change {
        case .upsert(let record):
            if let stored = row?.first { key = stored } else { key = try layout.key(of: record.id) }
            new = record
        case .delete(let id):
            key = try layout.key(of: id)
            new = nil
        }
        let old: Model? = collectingChanges ? try record(withKey: key, in: layout) : nil
        if new != nil {
            try write(row ?? [], layout: layout)
            try storeSearchTokens(of: new, key: key, layout: layout)
            if let history = layout.history {
                try run(
                    history.clearTombstone, [.text(history.name), key],
                    operation: "write a record")
            }
        } else {
            try run(layout.delete, [key], operation: "delete a record")
            if let history = layout.history, changedRowCount > 0, case .delete(let id) = change {
                try run(
                    history.addTombstone,
                    [
                        .text(history.name), key, .text(try layout.model.jsonKey(of: id)),
                        .integer(Int64(clamping: version)),
                        .real(Date().timeIntervalSince1970),
                    ], operation: "delete a record")
            }
            try storeSearchTokens(of: nil as Model?, key: key, layout: layout)
        }
        return (old, new)
    }

    /// Writes a record's row: inserts it, or updates the row with its key in place (keeping
    /// its `_order`), writing only the attributes' columns whose values change.
    ///
    /// SQLite rewrites an index's entry for every column an `UPDATE` sets, even to the value
    /// it holds: a save that changes one attribute would also write a page of every other
    /// indexed attribute's index to the WAL, and sync it.
    ///
    /// - Parameters:
    ///   - row: The row, as ``TableLayout/row(of:version:encoder:)`` makes it.
    ///   - layout: The model's table.
    /// - Throws: ``StoreError`` when SQLite cannot read or write the row.
    private func write<Model>(_ row: [SQLBinding], layout: TableLayout<Model>) throws(StoreError) {
        let attributes = layout.columns.count
        guard row.count == attributes + 3 else {
            return try run(layout.upsert, row, operation: "write a record")
        }
        var order: Int64?
        var changed: [Int] = []
        try run(
            layout.unchangedColumnsByKey, Array(row[3...]) + [row[0]], operation: "write a record"
        ) { statement in
            order = statement.integer(at: 0)
            for column in 0..<attributes where statement.integer(at: Int32(column + 1)) == 0 {
                changed.append(column)
            }
            return false
        }
        guard let order else {
            return try run(layout.upsert, row, operation: "write a record")
        }
        try run(
            updateStatement(changing: changed, in: layout),
            [row[1], row[2]] + changed.map { row[$0 + 3] } + [.integer(order)],
            operation: "write a record")
    }

    /// The text of ``TableLayout/update(changing:)``, made once for each set of columns.
    private func updateStatement<Model>(
        changing changed: [Int], in layout: TableLayout<Model>
    ) -> String {
        let shape = UpdateShape(table: layout.name, changed: changed)
        if let sql = updateStatements[shape] { return sql }
        if updateStatements.count >= 256 { updateStatements.removeAll() }
        let sql = layout.update(changing: changed)
        updateStatements[shape] = sql
        return sql
    }
}

/// A table and the attributes' columns an update of one of its rows sets.
struct UpdateShape: Hashable {
    let table: String
    let changed: [Int]
}
