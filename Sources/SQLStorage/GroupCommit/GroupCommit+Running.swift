import ModelStorage

extension GroupCommit {
    /// Runs and commits a group of writes in one transaction, each write in a savepoint of its
    /// own and counted as a commit of its own, with one durable commit for all.
    ///
    /// Each write's body runs over the records as the writes before it left them, with the
    /// version they reached. A write whose body throws, whose reads fail, or whose changes
    /// cannot be stored is rolled back to its savepoint alone. A write alone in its group
    /// needs no savepoint: the transaction is rolled back when it fails. When the group
    /// cannot begin or commit, or the database rolls the whole transaction back (a full
    /// disk, a lost connection), every write fails and nothing changes.
    ///
    /// - Parameters:
    ///   - writes: The writes, in order.
    ///   - writer: The writer's connection, on the thread that owns it.
    ///   - collectingChanges: Whether to read each changed record's value before the change,
    ///     for live queries.
    ///   - group: The group's number, unique on the connection: a transaction reads through
    ///     the connection only while this group runs.
    /// - Returns: Each write's outcome, the changes, and the versions before and after.
    /// - Complexity: The writes' bodies and stores, plus two statements per write in a
    ///   group of several, plus one commit.
    public static func run<Writer: GroupWriter>(
        _ writes: [QueuedWrite], on writer: Writer, collectingChanges: Bool,
        group: UInt64
    ) -> GroupCommit {
        let committedVersion: UInt64
        do {
            committedVersion = try writer.beginGroup()
        } catch {
            writer.rollBackGroup()
            return .failed(count: writes.count, with: error, at: 0)
        }
        var commit = GroupCommit(
            changes: CommittedChanges(keepingRecords: collectingChanges),
            startVersion: committedVersion, version: committedVersion)
        writer.connection.currentSession = group
        let inSavepoints = writes.count > 1
        for write in writes {
            let outcome = run(
                write, on: writer, into: &commit, group: group, inSavepoint: inSavepoints,
                collectingChanges: collectingChanges)
            commit.outcomes.append(outcome)
            // The database rolled the whole transaction back (SQLite after a full disk or an
            // I/O error, PostgreSQL with a lost connection): the writes after it must not run
            // (each would commit on its own), and the ones before it are undone, so every
            // write of the group fails with that error.
            if case .failure(let error) = outcome, inSavepoints, !writer.isInTransaction {
                writer.connection.currentSession = 0
                writer.rollBackGroup()
                return .failed(count: writes.count, with: error, at: committedVersion)
            }
        }
        writer.connection.currentSession = 0
        if !inSavepoints, case .failure = commit.outcomes.first {
            // The lone write failed: undo whatever it stored, with the transaction.
            writer.rollBackGroup()
            return GroupCommit(
                outcomes: commit.outcomes, startVersion: committedVersion,
                version: committedVersion)
        }
        do {
            try writer.commitGroup(
                version: commit.version,
                changed: commit.version == committedVersion
                    ? [] : writer.models.filter { commit.changes.contains($0) })
        } catch {
            writer.rollBackGroup()
            return .failed(count: writes.count, with: error, at: committedVersion)
        }
        return commit
    }

    /// Runs one write, in a savepoint when others share its group, and stores its changes.
    ///
    /// Without a savepoint, a write that fails leaves what it stored for the group to roll
    /// back with the transaction.
    private static func run<Writer: GroupWriter>(
        _ write: QueuedWrite, on writer: Writer, into commit: inout GroupCommit,
        group: UInt64, inSavepoint: Bool, collectingChanges: Bool
    ) -> Result<@Sendable () -> Void, any Error> {
        if inSavepoint {
            do {
                try writer.execute("SAVEPOINT write", operation: "begin a write")
            } catch {
                return .failure(error)
            }
        }
        writer.connection.readFailure = nil
        var transaction = DatabaseTransaction(
            version: commit.version, tables: writer.committedTables(group: group))
        var outcome = write.run(&transaction)
        // Records that refer to others go through the transaction, which checks them.
        let upserts = write.upserts.flatMap { $0.hasReferences ? nil : $0 }
        if let batch = write.upserts, batch.hasReferences { batch.upsert(&transaction) }
        var changes = CommittedChanges(keepingRecords: collectingChanges)
        var changeCount = 0
        if upserts == nil, let readFailure = writer.connection.readFailure {
            // The body saw a read fail (as `nil` or zero): whatever it did next rests on it.
            outcome = .failure(readFailure)
        } else if case .success = outcome {
            do {
                try transaction.checkModels(
                    in: writer.storeLocation,
                    models: writer.models.map { String(describing: $0) })
                if upserts == nil { try transaction.settleReferences(among: writer.models) }
                // The write is counted as a commit of its own: its records are written at
                // the version after it.
                for model in writer.models {
                    changeCount += try store(
                        model, upserts: upserts, from: transaction, on: writer,
                        version: commit.version + 1, collectingChanges: collectingChanges,
                        into: &changes)
                }
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
                    guard writer.isInTransaction else { return outcome }
                    try writer.execute(
                        "ROLLBACK TO SAVEPOINT write", operation: "roll back a write")
                }
                try writer.execute("RELEASE SAVEPOINT write", operation: "commit a write")
            } catch {
                return .failure(error)
            }
        }
        if case .success = outcome, changeCount > 0 {
            commit.version += 1
            commit.changes.append(contentsOf: changes, models: writer.models)
        }
        return outcome
    }

    /// Stores one write's changes to one model and returns how many records changed.
    ///
    /// The changes are the upserts as they are, in the place of each id's first (a later one
    /// with the same id wins, as in a transaction), or the body's.
    private static func store<Model: StorableModel, Writer: GroupWriter>(
        _ model: Model.Type, upserts: UpsertBatch?, from transaction: DatabaseTransaction,
        on writer: Writer, version: UInt64, collectingChanges: Bool,
        into changes: inout CommittedChanges
    ) throws(StoreError) -> Int {
        let net: [RecordChange<Model>]
        if let upserts {
            guard let records = upserts.records(of: model) else { return 0 }
            net = netUpserts(records)
        } else {
            net = transaction.changes(of: model)
        }
        guard !net.isEmpty else { return 0 }
        let stored = try writer.store(
            net, of: model, version: version, collectingChanges: collectingChanges)
        changes.append(stored, of: model)
        return stored.count
    }

    /// Upserts as the changes of a transaction would be: each id once, in its first place,
    /// with its last value.
    private static func netUpserts<Model: StorableModel>(
        _ upserts: [Model]
    ) -> [RecordChange<Model>] {
        var places: [Model.ID: Int] = [:]
        var net: [RecordChange<Model>] = []
        net.reserveCapacity(upserts.count)
        for record in upserts {
            if let place = places[record.id] {
                net[place] = .upsert(record)
            } else {
                places[record.id] = net.count
                net.append(.upsert(record))
            }
        }
        return net
    }
}
