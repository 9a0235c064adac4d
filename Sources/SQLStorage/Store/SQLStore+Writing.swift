import KeyPathQuery
import ModelStorage

// Writing, observing and closing: through the database's group commit and live queries.
extension SQLStore {
    // MARK: Observing

    /// A live query: the current results, then new results after every commit that can
    /// change them, this store's or another connection's.
    ///
    /// ```swift
    /// for await result in try await store.observe(RecordQuery(where: \.favorite == true)) {
    ///     print(result.records.map(\.name))
    /// }
    /// ```
    ///
    /// The store's own commits reach the query at once; how the commits of other
    /// connections and processes reach it is the backend's (SQLite looks at
    /// `PRAGMA data_version`, PostgreSQL listens for a notification). A new result is
    /// delivered when it differs from the last.
    ///
    /// - Parameter query: The query to keep current.
    /// - Returns: The results, current first; the sequence ends when the store closes.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated;
    ///   `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: Each result re-runs the query in the database and encodes its records
    ///   once, to tell a changed result from the last.
    public func observe(_ query: RecordQuery<Model>) async throws
        -> AsyncStream<QueryResult<Model>>
    {
        try await database.observe(query)
    }

    // MARK: Writing

    /// Runs reads and writes that commit together or not at all, grouped with concurrent
    /// writes into one durable database transaction.
    ///
    /// ```swift
    /// let released = try await store.transaction { transaction in
    ///     try transaction.delete(where: \.favorite == false && \.attack < 20)
    /// }
    /// ```
    ///
    /// The body runs when the group it joins is formed, after every write queued before it,
    /// inside the group's database transaction: its reads see the committed records and the
    /// group's earlier writes, through the writer's connection (by id, counts, and queries
    /// in SQL). The call returns once the group's commit is durable. A read in the body
    /// that fails makes the write fail with the read's error, changing nothing.
    ///
    /// - Parameter body: Reads and writes through the transaction.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, with nothing changed; `StoreError/readOnly(at:)`,
    ///   `StoreError/closed(at:)`, `StoreError/locked(at:pid:message:)` past the lock
    ///   timeout, or the `StoreError` of a commit that cannot be stored, with nothing
    ///   changed.
    /// - Complexity: The body's reads and writes (an indexed lookup for each record
    ///   written), plus one commit shared by the group.
    public func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout StoreTransaction<Model>) throws -> Result
    ) async throws -> Result {
        try await database.enqueue(isLarge: false) { resume in
            QueuedWrite(of: Model.self, body, resume: resume)
        }
    }

    /// Inserts or replaces several records in one transaction.
    ///
    /// A large batch (128 records or more) may commit off the caller's thread: on SQLite,
    /// on the writer's own thread (see ``transaction(_:)``).
    ///
    /// - Parameter models: The records.
    /// - Throws: `StoreError` when the changes cannot be stored, with nothing changed;
    ///   `StoreError/readOnly(at:)` and `StoreError/closed(at:)` even for no record.
    /// - Complexity: O(*m*) in the number of records, plus storing them.
    public func upsert(contentsOf models: [Model]) async throws {
        guard !models.isEmpty else {
            try database.checkWritable()
            return
        }
        try await database.enqueue(isLarge: models.count >= Self.largeWrite) { resume in
            var write = QueuedWrite(of: Model.self, { _ in }, resume: resume)
            write.upserts = UpsertBatch(models)
            return write
        }
    }

    /// The number of records from which an upsert is a large write.
    static var largeWrite: Int { 128 }

    // MARK: Closing

    /// Closes the store's database: finishes the writes already made, ends every live query
    /// of every model, and closes the database's connections.
    ///
    /// Later calls, on this store and every other store of the database, throw
    /// `StoreError/closed(at:)`; closing again does nothing.
    ///
    /// - Throws: What the database's `close()` throws.
    /// - Complexity: That of the writes still queued.
    public func close() async throws {
        try await database.close()
    }
}
