import KeyPathQuery
import ModelStorage
import SQLStorage

extension PostgresStore {
    /// Runs reads and writes that commit together or not at all, grouped with concurrent
    /// writes into one PostgreSQL transaction.
    ///
    /// ```swift
    /// let released = try await store.transaction { transaction in
    ///     try transaction.delete(where: \.favorite == false && \.attack < 20)
    /// }
    /// ```
    ///
    /// The body runs on the writer's thread when the group it joins is formed, after every
    /// write queued before it, inside the group's PostgreSQL transaction: its reads (by id,
    /// counts, queries in SQL) block that thread — never a task — until the server answers,
    /// and see the committed records and the group's earlier writes. The call returns once
    /// the group is committed. A read in the body that fails makes the write fail with the
    /// read's error, changing nothing.
    ///
    /// - Parameter body: Reads and writes through the transaction.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, with nothing changed; `StoreError/closed(path:)`,
    ///   `StoreError/readOnly(path:)` when the store was opened read-only, or
    ///   `StoreError/connectionFailed(database:operation:message:)` naming the database when the
    ///   connection is lost, or `StoreError/statementFailed(database:operation:message:)` when the
    ///   server refuses a statement, with nothing changed.
    /// - Complexity: The body's reads and writes (a round trip to the server for each read
    ///   and each record written), plus one commit shared by the group.
    public func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout StoreTransaction<Model>) throws -> Result
    ) async throws -> Result {
        try checkWritable()
        return try await withCheckedThrowingContinuation { continuation in
            pending.append(QueuedWrite(body) { continuation.resume(with: $0) })
            if !isFlushing {
                isFlushing = true
                Task { await self.flush() }
            }
        }
    }

    /// Inserts or replaces several records in one commit, without reading them first.
    ///
    /// ```swift
    /// try await store.upsert(contentsOf: pokemon)
    /// ```
    ///
    /// A transaction's `upsert(contentsOf:)` asks the database, record by record, whether
    /// each one exists; this one writes them in a few multi-row `INSERT … ON CONFLICT`
    /// statements, grouped with concurrent writes as any write is.
    ///
    /// - Parameter models: The records; a later one with the same id wins (in the place of
    ///   the first).
    /// - Throws: `StoreError/closed(path:)`, `StoreError/readOnly(path:)` when the store was
    ///   opened read-only, `StoreError/connectionFailed(database:operation:message:)` naming the
    ///   database when the connection is lost, or
    ///   `StoreError/statementFailed(database:operation:message:)` when the server refuses the records,
    ///   with nothing changed.
    /// - Complexity: O(*m*) in the number of records, in batches of up to 1,000 rows a
    ///   statement.
    public func upsert(contentsOf models: [Model]) async throws {
        try checkWritable()
        guard !models.isEmpty else { return }
        try await withCheckedThrowingContinuation { continuation in
            var write = QueuedWrite<Model>({ _ in }) { continuation.resume(with: $0) }
            write.upserts = models
            pending.append(write)
            if !isFlushing {
                isFlushing = true
                Task { await self.flush() }
            }
        }
    }

    /// Commits the queued writes in groups until none is left.
    private func flush() async {
        while !pending.isEmpty {
            await commitPending()
        }
        isFlushing = false
        let waiters = flushWaiters
        flushWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    /// Commits the writes queued now as one group on the writer's thread, then tells the
    /// live queries and the callers.
    private func commitPending() async {
        let batch = pending
        pending.removeAll()
        lastGroup += 1
        let (layout, group, channel, tag) = (layout, lastGroup, channel, tag)
        let collecting = !liveQueries.isEmpty
        let writer = writer
        let commit: GroupCommit<Model>
        do {
            commit = try await writer.perform { connection in
                GroupCommit.run(
                    batch,
                    on: PostgresGroupWriter(
                        connection: connection, thread: writer, layout: layout, channel: channel,
                        tag: tag),
                    collectingChanges: collecting, group: group)
            }
        } catch {
            for write in batch { write.fail(error) }
            return
        }
        committedVersion = Swift.max(committedVersion, commit.version)
        refreshLiveQueries(needed: liveQueries.noteCommit(commit.changes))
        commit.resumeCallers(of: batch)
    }
}
