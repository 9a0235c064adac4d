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
    /// `SQLiteStore.transaction(_:)`): on the thread of the write that forms the group,
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
        try await enqueue(isLarge: false) { resume in
            QueuedWrite(body, resume: resume)
        }
    }

    /// Commits one group on the writer's connection (`SQLStoreDatabase`): on the calling
    /// task's thread, with no thread switch before or after, unless the group holds a large
    /// write, which commits on the writer's own thread so that a long import never holds a
    /// thread of the cooperative pool.
    public nonisolated func commitGroup(
        _ batch: [QueuedWrite], group: UInt64, collectingChanges collecting: Bool
    ) async -> GroupCommit? {
        guard let writer else { return nil }
        let tables = tables
        let run = { @Sendable (connection: SQLiteConnection) in
            GroupCommit.run(
                batch,
                on: SQLiteGroupWriter(
                    connection: connection, queue: writer, tables: tables),
                collectingChanges: collecting, group: group)
        }
        if batch.contains(where: { $0.runsOnWriterThread }) {
            return await writer.run(run)
        }
        return writer.runHere(run)
    }

    /// Tells the live queries, and the watch of other connections, of one of the database's
    /// own commits (`SQLStoreDatabase`).
    public func noteOwnCommit(_ commit: GroupCommit) {
        otherCommits.noteOwnCommit(from: commit.startVersion, to: commit.version)
        liveQueries.noteCommit(commit.changes, refreshingWith: liveResults)
    }
}
