import InternalSupport
import KeyPathQuery
import ModelStorage
import SQLStorage

extension SQLiteModelDatabase {
    /// Runs reads and writes across the database's models that commit together or not at
    /// all, grouped with concurrent writes into one SQLite transaction.
    ///
    /// ```swift
    /// try await dex.transaction { transaction in
    ///     transaction[PokemonSpecies.self].upsert(bulbasaurSpecies)
    ///     transaction[Pokemon.self].upsert(bulbasaur)
    /// }
    /// ```
    ///
    /// The body runs as a store's transaction body does (see
    /// ``SQLiteStore/transaction(_:)``): on the thread of the write that forms the group,
    /// inside the group's SQLite transaction, with its reads in SQL on the writer's
    /// connection. Its changes to every model are stored in that transaction and made
    /// durable with the group's one sync.
    ///
    /// - Parameter body: Reads and writes through the transaction.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, with nothing changed;
    ///   `StoreError/unknownModel(_:at:models:)` when it reached a model the database
    ///   does not hold; `StoreError/closed(at:)`, `StoreError/readOnly(at:)`,
    ///   `StoreError/locked(at:pid:message:)` or `StoreError/io(at:operation:code:message:)`
    ///   as for a store's writes, with nothing changed.
    /// - Complexity: The body's reads and writes, plus one commit shared by the group.
    public nonisolated func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout DatabaseTransaction) throws -> Result
    ) async throws -> Result {
        try await enqueue(onWriterThread: false) { resume in
            QueuedWrite(body, resume: resume)
        }
    }

    /// Queues a write made by `makeWrite` and waits for its group's commit.
    nonisolated func enqueue<Result: Sendable>(
        onWriterThread: Bool,
        _ makeWrite: (
            @escaping @Sendable (Swift.Result<Result, any Error>) -> Void
        ) -> QueuedWrite
    ) async throws -> Result {
        let outcome = OutcomeSlot<Result>()
        var write = makeWrite { outcome.set($0) }
        write.runsOnWriterThread = onWriterThread
        let leads = try writes.withLock { (queue) throws(StoreError) -> Bool in
            guard !queue.isClosed else { throw .closed(at: .file(path)) }
            guard writer != nil else { throw .readOnly(at: .file(path)) }
            queue.pending.append(write)
            guard !queue.isCommitting else { return false }
            queue.isCommitting = true
            return true
        }
        if leads { await commitGroups(handingOff: true) }
        return try await outcome.value()
    }

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

    private nonisolated func commit(_ batch: [QueuedWrite], group: UInt64) async {
        guard let writer else { return }
        let collecting = writes.withLock { $0.hasLiveQueries }
        let commit: GroupCommit
        let (models, layouts) = (models, layouts)
        if batch.contains(where: { $0.runsOnWriterThread }) {
            commit = await writer.run { connection in
                GroupCommit.run(
                    batch,
                    on: SQLiteGroupWriter(
                        connection: connection, queue: writer, models: models, layouts: layouts),
                    collectingChanges: collecting, group: group)
            }
        } else {
            commit = writer.runHere { connection in
                GroupCommit.run(
                    batch,
                    on: SQLiteGroupWriter(
                        connection: connection, queue: writer, models: models, layouts: layouts),
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

    private func noteOwnCommit(_ commit: GroupCommit) {
        watch.noteOwnCommit(from: commit.startVersion, to: commit.version)
        liveQueries.noteCommit(commit.changes, refreshingWith: liveResults)
    }
}

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
