import InternalSupport
import KeyPathQuery
import ModelStorage

extension SQLModelDatabase {
    /// Runs reads and writes across the database's models that commit together or not at
    /// all, grouped with concurrent writes into one SQL transaction.
    ///
    /// ```swift
    /// try await dex.transaction { transaction in
    ///     transaction[PokemonSpecies.self].upsert(bulbasaurSpecies)
    ///     transaction[Pokemon.self].upsert(bulbasaur)
    /// }
    /// ```
    ///
    /// The body runs as a store's transaction body does (see ``SQLStore/transaction(_:)``):
    /// on the writer's connection, inside the group's SQL transaction, in a savepoint of its
    /// own, with its reads in SQL. Its changes to every model are committed with the group,
    /// at one version, or not at all.
    ///
    /// - Parameter body: Reads and writes through the transaction.
    /// - Returns: What `body` returns, once its changes are committed.
    /// - Throws: What `body` throws, with nothing changed;
    ///   `StoreError/unknownModel(_:at:models:)` when it reached a model the database
    ///   does not hold; `StoreError/closed(at:)` or `StoreError/readOnly(at:)`, or the
    ///   driver's errors of a commit, as for a store's writes, with nothing changed.
    /// - Complexity: The body's reads and writes, plus one commit shared by the group.
    public nonisolated func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout DatabaseTransaction) throws -> Result
    ) async throws -> Result {
        try await enqueue(isLarge: false) { resume in QueuedWrite(body, resume: resume) }
    }

    /// Tells the live queries, and the driver's source of other connections' commits, of one
    /// of the database's own commits.
    func noteOwnCommit(_ commit: GroupCommit) {
        driver.otherCommits.noteOwnCommit(from: commit.startVersion, to: commit.version)
        if commit.changes.keepsRecords {
            liveQueries.noteCommit(commit.changes, refreshingWith: liveResults)
        } else if !commit.changes.isEmpty {
            // A live query began while a commit that kept no records ran: refresh them all.
            liveQueries.noteUnknownCommit(refreshingWith: liveResults)
        }
    }
}

// The write side every SQL database shares: writes queue in the database's `WriteQueue`,
// and the write that finds no group being committed leads, committing the groups through
// the driver's `commitGroup(_:group:tables:collectingChanges:)`.
extension SQLModelDatabase {
    /// Queues a write made by `makeWrite` and waits for its group's commit.
    ///
    /// A write made while no group is being committed forms a group and commits it on the
    /// calling task, which waits for the commit as a synchronous save does (the driver
    /// decides the thread: SQLite commits on the caller's own unless the group holds a large
    /// write). Writes made meanwhile join the next group, which a task of their own commits
    /// once this one is durable; their callers are suspended, not blocked.
    ///
    /// - Parameters:
    ///   - isLarge: Whether the write is large (an import), which the driver may commit off
    ///     the caller's thread.
    ///   - makeWrite: Makes the write around the callback that resumes its caller.
    /// - Returns: What the write's body returned.
    /// - Throws: `StoreError/closed(at:)` or `StoreError/readOnly(at:)` without running the
    ///   write; what the write or its commit threw.
    nonisolated func enqueue<Result: Sendable>(
        isLarge: Bool,
        _ makeWrite:
            @Sendable (
                @escaping @Sendable (Swift.Result<Result, any Error>) -> Void
            ) -> QueuedWrite
    ) async throws -> Result {
        let outcome = OutcomeSlot<Result>()
        var write = makeWrite { outcome.set($0) }
        write.runsOnWriterThread = isLarge
        if try writes.add(write, isReadOnly: isReadOnly) {
            await commitGroups(handingOff: true)
        }
        return try await outcome.value()
    }

    /// Throws when the database cannot take a write: `StoreError/closed(at:)` or
    /// `StoreError/readOnly(at:)`.
    nonisolated func checkWritable() throws(StoreError) {
        try writes.checkWritable(isReadOnly: isReadOnly)
    }

    /// Commits the queued groups until none is left; a leader that finds writes queued
    /// after its own group hands them to a task of their own.
    private nonisolated func commitGroups(handingOff: Bool) async {
        while true {
            let next = writes.nextGroup()
            guard !next.writes.isEmpty else {
                for waiter in next.idleWaiters { waiter.resume() }
                return
            }
            await commit(next.writes, group: next.group)
            if handingOff, writes.hasPending {
                Task { await self.commitGroups(handingOff: false) }
                return
            }
        }
    }

    /// Commits one group through the driver, then tells the live queries and the callers.
    private nonisolated func commit(_ batch: [QueuedWrite], group: UInt64) async {
        guard
            let commit = await driver.commitGroup(
                batch, group: group, tables: tables, collectingChanges: writes.hasLiveQueries)
        else { return }
        writes.noteCommitted(commit.version)
        if writes.hasLiveQueries { await noteOwnCommit(commit) }
        commit.resumeCallers(of: batch)
    }
}

/// Where a write's outcome waits for its caller: set once by the group commit, read once by
/// the caller, in either order.
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
