import InternalSupport
import KeyPathQuery
import ModelStorage
import SQLStorage

/// The live queries of every model, kept and refreshed by the shared `LiveQueries`: what is
/// SQLite's own is how a result is read (on a read connection, or through a transaction for
/// a reference SQL cannot answer) and how other connections' commits are found
/// (`SQLiteModelDatabase+OtherConnections.swift`).
extension SQLiteModelDatabase {
    /// How the live queries read their results: through this database.
    struct LiveResults: LiveQueryReading {
        let database: SQLiteModelDatabase

        var isClosed: Bool { database.isClosed }

        func result<Model: StorableModel>(
            of query: RecordQuery<Model>, compiled: CompiledQuery<Model>
        ) async throws -> QueryResult<Model> {
            try await database.liveResult(
                of: query, compiled: compiled, in: database.layout(of: Model.self))
        }
    }

    /// How the live queries read their results.
    nonisolated var liveResults: LiveResults { LiveResults(database: self) }

    /// A live query's result, as its plan answers it: read in SQL, or, for a condition that
    /// follows references SQL cannot answer alone, through a transaction of the database,
    /// which commits nothing.
    func liveResult<Model: StorableModel>(
        of query: RecordQuery<Model>, compiled: CompiledQuery<Model>,
        in layout: TableLayout<Model>
    ) async throws -> QueryResult<Model> {
        let plan = try layout.plan(for: query, compiled: compiled)
        return try await plan.answer {
            try await read(layout, orEmpty: QueryResult(records: [], totalCount: 0, version: 0)) {
                connection throws(StoreError) in
                try connection.result(of: query, plan: plan, in: layout)
            }
        } resolvingReferences: {
            try await resultResolvingReferences(of: query)
        }
    }

    /// A live query of one model (see ``SQLiteStore/observe(_:)``).
    func observe<Model: StorableModel>(
        _ query: RecordQuery<Model>, in layout: TableLayout<Model>
    ) async throws(StoreError) -> AsyncStream<QueryResult<Model>> {
        let compiled = try query.compiledForRefreshes(options: layout.options)
        let first: QueryResult<Model>
        do {
            first = try await liveResult(of: query, compiled: compiled, in: layout)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .invalidQuery(
                .unsupported(
                    operation: "a live query through a reference", target: .sql,
                    reason: "reading it through the database failed: \(error)"))
        }
        try checkOpen()
        let (id, stream) = liveQueries.add(query, compiled: compiled, current: first) {
            [weak self] id in
            guard let self else { return }
            Task { await self.removeLiveQuery(id) }
        }
        // Set under the lock the writing tasks read it under, with the version read after
        // it: either their commit sees this query, or this sees their commit's version.
        let committedVersion = writes.withLock { queue in
            queue.hasLiveQueries = true
            return queue.committedVersion
        }
        if first.version < committedVersion {
            // A commit landed while the first result was read.
            liveQueries.markStale(id, refreshingWith: liveResults)
        }
        startWatching(from: first.version)
        return stream
    }

    private func removeLiveQuery<Model: StorableModel>(_ id: LiveQueryRegistry<Model>.ID) async {
        guard liveQueries.remove(id) else { return }
        writes.withLock { $0.hasLiveQueries = false }
        await stopWatching()
    }
}
