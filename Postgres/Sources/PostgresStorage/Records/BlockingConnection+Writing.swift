import Foundation
import KeyPathQuery
import ModelStorage

/// Group commits: the writes queued together run one after the other in one PostgreSQL
/// transaction, each in a savepoint of its own and counted as a commit of its own, and the
/// transaction commits once. A write alone in its group needs no savepoint: the transaction
/// is rolled back when it fails.
///
/// The group first locks the table's row of the version table (`SELECT … FOR UPDATE`), so
/// that the groups of every store on the database — in this process or another, on this
/// machine or another — run one at a time, each over every commit before it: transactions
/// are serializable across stores, and `_order` (an identity drawn after the lock) grows in
/// commit order. The commit sends `NOTIFY` on the table's channel with the new version,
/// which PostgreSQL delivers to listeners only if the transaction commits.
extension BlockingConnection {
    /// Runs and commits a group of writes.
    ///
    /// - Parameters:
    ///   - writes: The writes, in order.
    ///   - thread: The thread the connection belongs to (the transactions' reads check it).
    ///   - layout: The model's table.
    ///   - collectingChanges: Whether to read each changed record's value before the change,
    ///     for live queries.
    ///   - group: The group's number, unique on this connection.
    ///   - channel: The channel to notify of the commit.
    ///   - tag: The store's tag, sent after the version so that it can leave out its own
    ///     notifications.
    /// - Returns: Each write's outcome, the changes, and the version after the group.
    func commit<Model>(
        _ writes: [QueuedWrite<Model>], thread: ConnectionThread, layout: TableLayout<Model>,
        collectingChanges: Bool, group: UInt64, channel: String, tag: String
    ) -> GroupCommit<Model> {
        var commit = GroupCommit<Model>()
        do {
            try rows("BEGIN", operation: "begin a write")
            let locked = try preparedRow(
                "SELECT CAST(\"version\" AS text) FROM \(Schema.versionTable) "
                    + "WHERE \"table_name\" = $1 FOR UPDATE", text: [layout.name],
                operation: "begin a write"
            ).map { (found) throws(StoreError) in
                try parsedInteger(found[0], operation: "begin a write")
            }
            commit.version = UInt64(Swift.max(0, locked ?? 0))
            commit.startVersion = commit.version
        } catch {
            _ = try? rows("ROLLBACK", operation: "begin a write")
            commit.outcomes = writes.map { _ in .failure(error) }
            return commit
        }
        let committedVersion = commit.version
        func failingAll(_ error: any Error) -> GroupCommit<Model> {
            _ = try? rows("ROLLBACK", operation: "roll back a write")
            return GroupCommit(
                outcomes: writes.map { _ in .failure(error) }, changes: [],
                startVersion: committedVersion, version: committedVersion)
        }
        let encoder = TableLayout<Model>.makeEncoder()
        let inSavepoints = writes.count > 1
        currentGroup = group
        for write in writes {
            let outcome = run(
                write, thread: thread, layout: layout, encoder: encoder, into: &commit,
                group: group, inSavepoint: inSavepoints, collectingChanges: collectingChanges)
            commit.outcomes.append(outcome)
            if case .failure(let error) = outcome, inSavepoints, !isInTransaction {
                // The connection was lost: the transaction went with it, and the writes
                // before this one with it.
                currentGroup = 0
                return failingAll(error)
            }
        }
        currentGroup = 0
        if !inSavepoints, case .failure = commit.outcomes.first {
            _ = try? rows("ROLLBACK", operation: "roll back a write")
            return GroupCommit(
                outcomes: commit.outcomes, changes: [], startVersion: committedVersion,
                version: committedVersion)
        }
        do {
            if commit.version != committedVersion {
                // The new version and its announcement in one statement: one round trip.
                try preparedRows(
                    "UPDATE \(Schema.versionTable) SET \"version\" = CAST(CAST($1 AS text) AS bigint) "
                        + "WHERE \"table_name\" = $2 RETURNING pg_notify($3, $4)",
                    text: [
                        String(commit.version), layout.name, channel, "\(commit.version) \(tag)",
                    ],
                    operation: "commit a write")
            }
            try rows("COMMIT", operation: "commit a write")
        } catch {
            return failingAll(error)
        }
        return commit
    }

    /// Whether the group's transaction is still open: false once the connection was lost.
    private var isInTransaction: Bool {
        (try? rows("SELECT 1", operation: "check the transaction")) != nil
    }

    /// Runs one write, in a savepoint when others share its group, and stores its changes.
    private func run<Model>(
        _ write: QueuedWrite<Model>, thread: ConnectionThread, layout: TableLayout<Model>,
        encoder: JSONEncoder, into commit: inout GroupCommit<Model>, group: UInt64,
        inSavepoint: Bool, collectingChanges: Bool
    ) -> Result<@Sendable () -> Void, any Error> {
        if inSavepoint {
            do {
                try rows("SAVEPOINT write", operation: "begin a write")
            } catch {
                return .failure(error)
            }
        }
        readFailure = nil
        var transaction = StoreTransaction(
            over: WriterRecords(thread: thread, connection: self, layout: layout, group: group),
            version: commit.version)
        var outcome = write.run(&transaction)
        var changes: [(old: Model?, new: Model?)] = []
        if let upserts = write.upserts {
            // Upserts need no read; a later one with the same id wins, in the first one's
            // place, as in a transaction.
            var places: [Model.ID: Int] = [:]
            var net: [RecordChange<Model>] = []
            for record in upserts {
                if let place = places[record.id] {
                    net[place] = .upsert(record)
                } else {
                    places[record.id] = net.count
                    net.append(.upsert(record))
                }
            }
            do {
                changes = try store(
                    net, layout: layout, version: commit.version + 1, encoder: encoder,
                    collectingChanges: collectingChanges)
            } catch {
                outcome = .failure(error)
            }
        } else if let readFailure {
            // The body saw a read fail (as `nil` or zero): whatever it did next rests on it.
            outcome = .failure(readFailure)
        } else if case .success = outcome {
            do {
                changes = try store(
                    transaction.changes, layout: layout, version: commit.version + 1,
                    encoder: encoder, collectingChanges: collectingChanges)
            } catch {
                outcome = .failure(error)
            }
        }
        if inSavepoint {
            do {
                if case .failure = outcome {
                    try rows("ROLLBACK TO SAVEPOINT write", operation: "roll back a write")
                }
                try rows("RELEASE SAVEPOINT write", operation: "commit a write")
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
    /// Without live queries to tell, the changes go in a few statements: one `DELETE` for
    /// every deleted record, then the upserts in order, many rows to an `INSERT` (the
    /// changes name each record once, and an `INSERT` draws the identities of new rows in
    /// the order of its rows, so the store's order is kept). With live queries, each record's
    /// value before the change is read first, one record at a time.
    private func store<Model>(
        _ changes: [RecordChange<Model>], layout: TableLayout<Model>, version: UInt64,
        encoder: JSONEncoder, collectingChanges: Bool
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
        encoder: JSONEncoder
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
