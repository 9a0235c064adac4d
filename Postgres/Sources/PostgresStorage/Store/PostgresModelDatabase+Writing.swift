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
    /// `PostgresStore.transaction(_:)`): on the writer's thread, inside the group's
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
        try await enqueue(isLarge: false) { resume in QueuedWrite(body, resume: resume) }
    }

    /// Commits one group on the writer's thread (`SQLStoreDatabase`); a group the writer
    /// cannot run at all (its thread stopped) fails every write in it.
    public nonisolated func commitGroup(
        _ batch: [QueuedWrite], group: UInt64, collectingChanges collecting: Bool
    ) async -> GroupCommit? {
        let (tables, channel, tag, writer) = (tables, channel, tag, writer)
        do {
            return try await writer.perform { connection in
                GroupCommit.run(
                    batch,
                    on: PostgresGroupWriter(
                        connection: connection, thread: writer, tables: tables,
                        channel: channel, tag: tag),
                    collectingChanges: collecting, group: group)
            }
        } catch {
            for write in batch { write.fail(error) }
            return nil
        }
    }

    /// Tells the live queries of one of the database's own commits (`SQLStoreDatabase`).
    public func noteOwnCommit(_ commit: GroupCommit) {
        liveQueries.noteCommit(commit.changes, refreshingWith: liveResults)
    }
}
