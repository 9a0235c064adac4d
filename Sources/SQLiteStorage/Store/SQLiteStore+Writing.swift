import KeyPathQuery
import ModelStorage

extension SQLiteStore {
    /// Runs reads and writes that commit together or not at all, grouped with concurrent
    /// writes into one durable SQLite transaction.
    ///
    /// ```swift
    /// let released = try await store.transaction { transaction in
    ///     try transaction.delete(where: \.favorite == false && \.attack < 20)
    /// }
    /// ```
    ///
    /// The body runs on the writer's thread when the group it joins is formed, after every
    /// write queued before it, inside the group's SQLite transaction: its reads see the
    /// committed records and the group's earlier writes, through the writer's connection
    /// (by id, counts, and queries in SQL). The call returns once the group's commit is in
    /// the WAL and synced. A read in the body that fails makes the write fail with the
    /// read's error, changing nothing.
    ///
    /// - Parameter body: Reads and writes through the transaction.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, with nothing changed; `StoreError/readOnly(path:)`,
    ///   `StoreError/closed(path:)`, `StoreError/locked(path:pid:message:)`
    ///   past the busy timeout, or `StoreError/io(path:operation:code:message:)`
    ///   when the commit cannot be stored, with nothing changed.
    /// - Complexity: The body's reads and writes (an indexed lookup for each record written),
    ///   plus one commit and sync shared by the group.
    public func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout StoreTransaction<Model>) throws -> Result
    ) async throws -> Result {
        try checkOpen()
        guard writer != nil else { throw StoreError.readOnly(path: path) }
        return try await withCheckedThrowingContinuation { continuation in
            pending.append(
                QueuedWrite(
                    run: { transaction in
                        do {
                            let result = try body(&transaction)
                            return .success { continuation.resume(returning: result) }
                        } catch {
                            return .failure(error)
                        }
                    },
                    fail: { continuation.resume(throwing: $0) }))
            if !isFlushing {
                isFlushing = true
                Task { await self.flush() }
            }
        }
    }

    /// Commits the queued writes in groups until none is left, then tells the live queries
    /// and the callers.
    private func flush() async {
        while !pending.isEmpty, let writer {
            let batch = pending
            pending.removeAll()
            lastGroup += 1
            let commit = await writer.commit(
                batch, layout: layout, collectingChanges: !liveQueries.isEmpty, group: lastGroup)
            committedVersion = Swift.max(committedVersion, commit.version)
            watch.noteOwnCommit(from: commit.startVersion, to: commit.version)
            refreshLiveQueries(needed: liveQueries.noteCommit(commit.changes))
            for (write, outcome) in zip(batch, commit.outcomes) {
                switch outcome {
                case .success(let resume): resume()
                case .failure(let error): write.fail(error)
                }
            }
        }
        isFlushing = false
        let waiters = flushWaiters
        flushWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }
}
