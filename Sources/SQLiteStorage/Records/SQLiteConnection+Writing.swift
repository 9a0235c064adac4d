import Foundation
import KeyPathQuery
import ModelStorage

/// Group commits: the writes queued together run one after the other in one SQLite
/// transaction, each in a savepoint of its own and counted as a commit of its own, and the
/// transaction commits once — one sync of the WAL for the whole group. A write alone in its
/// group needs no savepoint: the transaction is rolled back when it fails.
///
/// The statements that control the transaction are prepared once, as every other is.
extension SQLiteConnection {
    /// Runs and commits a group of writes.
    ///
    /// Each write's body runs over the records as the writes before it left them, with the
    /// version they reached. A write whose body throws, whose reads fail, or whose changes
    /// cannot be stored is rolled back to its savepoint alone. When the group cannot begin or
    /// commit, every write fails and nothing changes.
    ///
    /// - Parameters:
    ///   - writes: The writes, in order.
    ///   - layout: The model's table.
    ///   - collectingChanges: Whether to read each changed record's value before the change,
    ///     for live queries.
    ///   - group: The group's number, unique on this connection: a transaction reads through
    ///     the connection only while this group runs, and nothing once it is over.
    ///   - queue: The queue that lends this connection, which the writes' transactions read
    ///     through.
    /// - Returns: Each write's outcome, the changes, and the version after the group.
    func commit<Model>(
        _ writes: [QueuedWrite<Model>], layout: TableLayout<Model>, collectingChanges: Bool,
        group: UInt64, through queue: ConnectionQueue
    ) -> GroupCommit<Model> {
        var commit = GroupCommit<Model>()
        do {
            try run("BEGIN IMMEDIATE", operation: "begin a write")
            commit.version = try version(of: layout)
            commit.startVersion = commit.version
        } catch {
            commit.outcomes = writes.map { _ in .failure(error) }
            return commit
        }
        let committedVersion = commit.version
        let encoder = TableLayout<Model>.makeEncoder()
        currentGroup = group
        let inSavepoints = writes.count > 1
        for write in writes {
            let outcome = run(
                write, layout: layout, encoder: encoder, into: &commit,
                reading: WriterRecords(connection: queue, layout: layout, group: group),
                inSavepoint: inSavepoints, collectingChanges: collectingChanges)
            commit.outcomes.append(outcome)
            // SQLite may roll the whole transaction back after a full disk or an I/O error:
            // the writes after it must not run (each would commit on its own), and the ones
            // before it are undone, so every write of the group fails with that error.
            if case .failure(let error) = outcome, !isInTransaction {
                currentGroup = 0
                return GroupCommit(
                    outcomes: writes.map { _ in .failure(error) }, changes: [],
                    startVersion: committedVersion, version: committedVersion)
            }
        }
        currentGroup = 0
        if !inSavepoints, case .failure = commit.outcomes.first {
            // The lone write failed: undo whatever it stored, with the transaction.
            try? run("ROLLBACK", operation: "roll back a write")
            return GroupCommit(
                outcomes: commit.outcomes, changes: [], startVersion: committedVersion,
                version: committedVersion)
        }
        do {
            if commit.version != committedVersion {
                try run(
                    "UPDATE \(Schema.versionTable) SET \"version\" = ? WHERE \"table_name\" = ?",
                    [.integer(Int64(commit.version)), .text(layout.name)],
                    operation: "commit a write")
            }
            try run("COMMIT", operation: "commit a write")
        } catch {
            try? run("ROLLBACK", operation: "commit a write")
            return GroupCommit(
                outcomes: commit.outcomes.map { _ in .failure(error) }, changes: [],
                startVersion: committedVersion, version: committedVersion)
        }
        return commit
    }

    /// Runs one write, in a savepoint when others share its group, and stores its changes.
    ///
    /// Without a savepoint, a write that fails leaves what it stored for the group's commit
    /// to roll back with the transaction.
    private func run<Model>(
        _ write: QueuedWrite<Model>, layout: TableLayout<Model>, encoder: RecordJSONEncoder,
        into commit: inout GroupCommit<Model>, reading records: WriterRecords<Model>,
        inSavepoint: Bool, collectingChanges: Bool
    ) -> Result<@Sendable () -> Void, any Error> {
        if inSavepoint {
            do {
                try run("SAVEPOINT write", operation: "begin a write")
            } catch {
                return .failure(error)
            }
        }
        readFailure = nil
        var transaction = StoreTransaction(over: records, version: commit.version)
        var outcome = write.run(&transaction)
        var changes: [(old: Model?, new: Model?)] = []
        if let readFailure {
            // The body saw a read fail (as `nil` or zero): whatever it did next rests on it.
            outcome = .failure(readFailure)
        } else if case .success = outcome {
            do {
                // The write is counted as a commit of its own: its records are written at
                // the version after it.
                changes = try store(
                    transaction.changes, layout: layout, version: commit.version + 1,
                    encoder: encoder, collectingChanges: collectingChanges)
            } catch {
                outcome = .failure(error)
            }
        }
        if case .failure = outcome, !inSavepoint { return outcome }
        if inSavepoint {
            do {
                if case .failure = outcome {
                    // Rolled back with the whole transaction already: the write's own error
                    // says why, not the missing savepoint's.
                    guard isInTransaction else { return outcome }
                    try run("ROLLBACK TO write", operation: "roll back a write")
                }
                try run("RELEASE write", operation: "commit a write")
            } catch {
                return .failure(error)
            }
        }
        if case .success = outcome, !changes.isEmpty {
            commit.version += 1
            commit.changes += changes
        }
        return outcome
    }

    /// Stores a write's changes, the records it writes at its version.
    ///
    /// The rows of a large write are made on a second thread while this one stores them
    /// (``RowPipeline``); a small write's are made here, each as it is stored.
    ///
    /// - Returns: Each change with the record's value before it (when collecting changes)
    ///   and after.
    private func store<Model>(
        _ changes: [RecordChange<Model>], layout: TableLayout<Model>, version: UInt64,
        encoder: RecordJSONEncoder, collectingChanges: Bool
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
                        change, row: row, layout: layout, collectingChanges: collectingChanges))
            }
            return stored
        }
        defer { pipeline.cancel() }
        for index in 0..<pipeline.count {
            let chunk = pipeline.next()
            for (offset, position) in pipeline.range(ofChunk: index).enumerated() {
                guard offset < chunk.rows.count else {
                    throw chunk.failure ?? .closed(path: path)
                }
                stored.append(
                    try store(
                        changes[position], row: chunk.rows[offset], layout: layout,
                        collectingChanges: collectingChanges))
            }
        }
        return stored
    }

    /// Stores one change: its row, or the deletion of its record.
    private func store<Model>(
        _ change: RecordChange<Model>, row: [SQLBinding]?, layout: TableLayout<Model>,
        collectingChanges: Bool
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
        } else {
            try run(layout.delete, [key], operation: "delete a record")
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
