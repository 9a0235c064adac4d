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

    /// Commits one group on the writer's connection, through the driver
    /// (`SQLStoreDatabase`).
    public nonisolated func commitGroup(
        _ batch: [QueuedWrite], group: UInt64, collectingChanges collecting: Bool
    ) async -> GroupCommit? {
        await driver.commitGroup(
            batch, group: group, tables: tables, collectingChanges: collecting)
    }

    /// Tells the live queries, and the driver's source of other connections' commits, of one
    /// of the database's own commits (`SQLStoreDatabase`).
    public func noteOwnCommit(_ commit: GroupCommit) {
        driver.otherCommits.noteOwnCommit(from: commit.startVersion, to: commit.version)
        liveQueries.noteCommit(commit.changes, refreshingWith: liveResults)
    }
}
