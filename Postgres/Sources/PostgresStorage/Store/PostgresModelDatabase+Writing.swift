import KeyPathQuery
import ModelStorage
import SQLStorage

extension PostgresModelDatabase {
    /// Runs reads and writes across the database's models that commit together or not at
    /// all, grouped with concurrent writes into one PostgreSQL transaction.
    ///
    /// ```swift
    /// try await dex.transaction { transaction in
    ///     transaction[PokemonSpecies.self].upsert(bulbasaurSpecies)
    ///     transaction[Pokemon.self].upsert(bulbasaur)
    /// }
    /// ```
    ///
    /// The body runs as a store's transaction body does (see
    /// ``PostgresStore/transaction(_:)``): on the writer's thread, inside the group's
    /// PostgreSQL transaction, with its reads in SQL on the writer's connection. Its changes
    /// to every model are stored in that transaction and committed with the group, at one
    /// version, or not at all.
    ///
    /// - Parameter body: Reads and writes through the transaction.
    /// - Returns: What `body` returns, once its changes are committed.
    /// - Throws: What `body` throws, with nothing changed;
    ///   `StoreError/unknownModel(_:at:models:)` when it reached a model the database
    ///   does not hold; `StoreError/closed(at:)`, `StoreError/readOnly(at:)`,
    ///   `StoreError/connectionFailed(at:operation:message:)` or
    ///   `StoreError/statementFailed(at:operation:message:)` as for a store's writes,
    ///   with nothing changed.
    /// - Complexity: The body's reads and writes (a round trip to the server for each read
    ///   and each record written), plus one commit shared by the group.
    public func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout DatabaseTransaction) throws -> Result
    ) async throws -> Result {
        try await enqueue { resume in QueuedWrite(body, resume: resume) }
    }

    /// Queues the write `makeWrite` makes and waits for its group's commit.
    func enqueue<Result: Sendable>(
        _ makeWrite:
            @Sendable (
                @escaping @Sendable (Swift.Result<Result, any Error>) -> Void
            ) -> QueuedWrite
    ) async throws -> Result {
        try checkWritable()
        return try await withCheckedThrowingContinuation { continuation in
            pending.append(makeWrite { continuation.resume(with: $0) })
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
    /// live queries of each model it changed, and the callers.
    private func commitPending() async {
        let batch = pending
        pending.removeAll()
        lastGroup += 1
        let (models, layouts, group, channel, tag) = (models, layouts, lastGroup, channel, tag)
        let collecting = !liveQueries.isEmpty
        let writer = writer
        let commit: GroupCommit
        do {
            commit = try await writer.perform { connection in
                GroupCommit.run(
                    batch,
                    on: PostgresGroupWriter(
                        connection: connection, thread: writer, models: models, layouts: layouts,
                        channel: channel, tag: tag),
                    collectingChanges: collecting, group: group)
            }
        } catch {
            for write in batch { write.fail(error) }
            return
        }
        committedVersion = Swift.max(committedVersion, commit.version)
        liveQueries.noteCommit(commit.changes, refreshingWith: liveResults)
        commit.resumeCallers(of: batch)
    }
}
