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
    /// - Throws: What `body` throws, with nothing changed; `StoreError/closed(at:)`,
    ///   `StoreError/readOnly(at:)` when the store was opened read-only, or
    ///   `StoreError/connectionFailed(at:operation:message:)` naming the database when the
    ///   connection is lost, or `StoreError/statementFailed(at:operation:message:)` when the
    ///   server refuses a statement, with nothing changed.
    /// - Complexity: The body's reads and writes (a round trip to the server for each read
    ///   and each record written), plus one commit shared by the group.
    public func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout StoreTransaction<Model>) throws -> Result
    ) async throws -> Result {
        try await database.enqueue { resume in QueuedWrite(of: Model.self, body, resume: resume) }
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
    /// - Throws: `StoreError/closed(at:)`, `StoreError/readOnly(at:)` when the store was
    ///   opened read-only, `StoreError/connectionFailed(at:operation:message:)` naming the
    ///   database when the connection is lost, or
    ///   `StoreError/statementFailed(at:operation:message:)` when the server refuses the records,
    ///   with nothing changed.
    /// - Complexity: O(*m*) in the number of records, in batches of up to 1,000 rows a
    ///   statement.
    public func upsert(contentsOf models: [Model]) async throws {
        guard !models.isEmpty else {
            // Nothing to write, but a closed or read-only store says so all the same.
            try await database.checkWritable()
            return
        }
        try await database.enqueue { resume in
            var write = QueuedWrite(of: Model.self, { _ in }, resume: resume)
            write.upserts = UpsertBatch(models)
            return write
        }
    }
}
