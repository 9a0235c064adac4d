import InternalSupport
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
        guard !isFlushing else {
            // A group is being committed: join the next one.
            return try await withCheckedThrowingContinuation { continuation in
                pending.append(Self.queued(body) { continuation.resume(with: $0) })
            }
        }
        // No group is being committed: this call commits its own group on its own task, and
        // leaves the writes queued meanwhile to a task of their own, so that it returns as
        // soon as its group is durable.
        isFlushing = true
        let outcome = OutcomeSlot<Result>()
        pending.append(Self.queued(body, resume: outcome.set))
        await commitPending()
        if pending.isEmpty {
            finishFlushing()
        } else {
            Task { await self.flush() }
        }
        guard let result = outcome.take() else { throw StoreError.closed(path: path) }
        return try result.get()
    }

    /// A write for the queue: runs the body, and resumes the caller with its result once the
    /// group is durable, or with the error that failed it.
    private static func queued<Result: Sendable>(
        _ body: @escaping @Sendable (inout StoreTransaction<Model>) throws -> Result,
        resume: @escaping @Sendable (Swift.Result<Result, any Error>) -> Void
    ) -> QueuedWrite<Model> {
        QueuedWrite(
            run: { transaction in
                do {
                    let result = try body(&transaction)
                    return .success { resume(.success(result)) }
                } catch {
                    return .failure(error)
                }
            },
            fail: { resume(.failure($0)) })
    }

    /// Commits the queued writes in groups until none is left.
    private func flush() async {
        while !pending.isEmpty, writer != nil {
            await commitPending()
        }
        finishFlushing()
    }

    /// Commits the writes queued now as one group, then tells the live queries and the
    /// callers.
    private func commitPending() async {
        guard let writer, !pending.isEmpty else { return }
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

    /// Ends a run of group commits and wakes those waiting for it (``close()``).
    private func finishFlushing() {
        isFlushing = false
        let waiters = flushWaiters
        flushWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }
}

/// Where the call that commits its own group finds its write's outcome once the group is
/// durable.
private final class OutcomeSlot<Value: Sendable>: Sendable {
    private let outcome = Mutex<Result<Value, any Error>?>(nil)

    /// Keeps the outcome.
    @Sendable func set(_ result: Result<Value, any Error>) {
        outcome.withLock { $0 = result }
    }

    /// The outcome, once set.
    func take() -> Result<Value, any Error>? {
        outcome.withLock { $0 }
    }
}
