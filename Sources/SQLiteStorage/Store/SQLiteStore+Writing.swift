import InternalSupport
import KeyPathQuery
import ModelStorage
import SQLStorage

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
    /// The body runs when the group it joins is formed, after every write queued before it,
    /// inside the group's SQLite transaction: its reads see the committed records and the
    /// group's earlier writes, through the writer's connection (by id, counts, and queries
    /// in SQL). The call returns once the group's commit is in the WAL and synced. A read in
    /// the body that fails makes the write fail with the read's error, changing nothing.
    ///
    /// A write made while no group is being committed forms a group and commits it on the
    /// calling task's thread, which waits for the sync as a synchronous save does: no thread
    /// switch stands between the call and its commit. Writes made meanwhile join the next
    /// group, which a task of their own commits once this one is durable; their callers are
    /// suspended, not blocked. A large write (``upsert(contentsOf:)`` of 128 records or more)
    /// commits on the writer's own thread instead, so that a long import never holds a thread
    /// of the cooperative pool.
    ///
    /// - Parameter body: Reads and writes through the transaction.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, with nothing changed; `StoreError/readOnly(path:)`,
    ///   `StoreError/closed(path:)`, `StoreError/locked(path:pid:message:)`
    ///   past the lock timeout, or `StoreError/io(path:operation:code:message:)`
    ///   when the commit cannot be stored, with nothing changed.
    /// - Complexity: The body's reads and writes (an indexed lookup for each record written),
    ///   plus one commit and sync shared by the group.
    public nonisolated func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout StoreTransaction<Model>) throws -> Result
    ) async throws -> Result {
        try await transaction(onWriterThread: false, body)
    }

    /// Inserts or replaces several records in one transaction.
    ///
    /// From 128 records on, the group commits on the writer's own thread, not the caller's
    /// (see ``transaction(_:)``).
    ///
    /// - Parameter models: The records.
    /// - Throws: `StoreError` when the changes cannot be stored, with nothing changed.
    /// - Complexity: O(*m*) in the number of records, plus storing them.
    public nonisolated func upsert(contentsOf models: [Model]) async throws {
        try await transaction(onWriterThread: models.count >= RowPipeline<Model>.threshold) {
            $0.upsert(contentsOf: models)
        }
    }

    /// Queues a write and, when no group is being committed, commits its group.
    private nonisolated func transaction<Result: Sendable>(
        onWriterThread: Bool,
        _ body: @escaping @Sendable (inout StoreTransaction<Model>) throws -> Result
    ) async throws -> Result {
        let outcome = OutcomeSlot<Result>()
        let write = QueuedWrite<Model>(body, runsOnWriterThread: onWriterThread) {
            outcome.set($0)
        }
        let leads = try writes.withLock { (queue) throws(StoreError) -> Bool in
            guard !queue.isClosed else { throw .closed(path: path) }
            guard writer != nil else { throw .readOnly(path: path) }
            queue.pending.append(write)
            guard !queue.isCommitting else { return false }
            queue.isCommitting = true
            return true
        }
        if leads { await commitGroups(handingOff: true) }
        return try await outcome.value()
    }

    /// Commits the queued writes in groups until none is left.
    ///
    /// - Parameter handingOff: Whether to commit one group only, and leave the writes queued
    ///   meanwhile to a task of their own, so that the caller returns as soon as its group
    ///   is durable.
    private nonisolated func commitGroups(handingOff: Bool) async {
        while true {
            let next = writes.withLock { $0.nextGroup() }
            guard !next.writes.isEmpty else {
                for waiter in next.waiters { waiter.resume() }
                return
            }
            await commit(next.writes, group: next.group)
            if handingOff, writes.withLock({ !$0.pending.isEmpty }) {
                Task { await self.commitGroups(handingOff: false) }
                return
            }
        }
    }

    /// Commits a group of writes, then tells the live queries and the callers.
    private nonisolated func commit(_ batch: [QueuedWrite<Model>], group: UInt64) async {
        guard let writer else { return }
        let collecting = writes.withLock { $0.hasLiveQueries }
        let commit: GroupCommit<Model>
        if batch.contains(where: { $0.runsOnWriterThread }) {
            commit = await writer.run { [layout] connection in
                GroupCommit.run(
                    batch,
                    on: SQLiteGroupWriter(connection: connection, queue: writer, layout: layout),
                    collectingChanges: collecting, group: group)
            }
        } else {
            commit = writer.runHere { connection in
                GroupCommit.run(
                    batch,
                    on: SQLiteGroupWriter(connection: connection, queue: writer, layout: layout),
                    collectingChanges: collecting, group: group)
            }
        }
        let observed = writes.withLock { queue in
            queue.committedVersion = Swift.max(queue.committedVersion, commit.version)
            return queue.hasLiveQueries
        }
        if observed { await noteOwnCommit(commit) }
        commit.resumeCallers(of: batch)
    }

    /// Tells the watch and the live queries about a commit of the store's own.
    private func noteOwnCommit(_ commit: GroupCommit<Model>) {
        watch.noteOwnCommit(from: commit.startVersion, to: commit.version)
        refreshLiveQueries(needed: liveQueries.noteCommit(commit.changes))
    }
}

/// Where a write's caller finds its outcome once its group is durable: at once when its
/// own task committed the group, or after waiting for the task that did.
private final class OutcomeSlot<Value: Sendable>: Sendable {
    private enum State {
        case empty
        case waiting(CheckedContinuation<Value, any Error>)
        case set(Result<Value, any Error>)
    }

    private let state = Mutex<State>(.empty)

    /// Keeps the outcome, or hands it to the caller waiting for it.
    @Sendable func set(_ result: Result<Value, any Error>) {
        let waiting = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            guard case .waiting(let continuation) = state else {
                state = .set(result)
                return nil
            }
            state = .set(result)
            return continuation
        }
        waiting?.resume(with: result)
    }

    /// The outcome: at once when it is set, or once it is.
    func value() async throws -> Value {
        if let result = state.withLock({ state -> Result<Value, any Error>? in
            guard case .set(let result) = state else { return nil }
            return result
        }) {
            return try result.get()
        }
        return try await withCheckedThrowingContinuation { continuation in
            let result = state.withLock { state -> Result<Value, any Error>? in
                guard case .set(let result) = state else {
                    state = .waiting(continuation)
                    return nil
                }
                return result
            }
            if let result { continuation.resume(with: result) }
        }
    }
}
