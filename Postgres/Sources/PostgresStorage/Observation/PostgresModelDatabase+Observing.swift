import Foundation
import KeyPathQuery
import ModelStorage
import PostgresNIO
import SQLStorage

/// The live queries of every model, kept and refreshed by the shared `LiveQueries`: what is
/// PostgreSQL's own is how a result is read (on a reader, or through a transaction for a
/// reference SQL cannot answer exactly) and how other databases' commits are heard (`LISTEN`
/// on the schema's channel).
extension PostgresModelDatabase {
    /// How the live queries read their results: through this database.
    struct LiveResults: LiveQueryReading {
        let database: PostgresModelDatabase

        var isClosed: Bool {
            get async { await database.isClosed }
        }

        func result<Model: StorableModel>(
            of query: RecordQuery<Model>, compiled: CompiledQuery<Model>
        ) async throws -> QueryResult<Model> {
            try await database.refreshedResult(of: query, compiled: compiled)
        }
    }

    /// How the live queries read their results.
    nonisolated var liveResults: LiveResults { LiveResults(database: self) }

    /// The records a query selects with the count and the version, as its plan answers it:
    /// read in SQL, or, for a condition that follows references SQL cannot answer exactly,
    /// through a transaction of the database, which commits nothing.
    ///
    /// - Parameters:
    ///   - query: The query.
    ///   - compiled: The query compiled already (a live query's refreshes), if it is.
    ///   - layout: The model's table.
    /// - Returns: The records, their count and the version they were read at.
    /// - Throws: `StoreError` when the records cannot be read.
    func result<Model: StorableModel>(
        of query: RecordQuery<Model>, compiled: CompiledQuery<Model>? = nil,
        in layout: TableLayout<Model>
    ) async throws -> QueryResult<Model> {
        let plan = try layout.plan(for: query, compiled: compiled)
        let tables = tableNames
        return try await plan.answer {
            try await read { connection -> QueryResult<Model>? in
                guard try connection.answersExactly(query, tables: tables) else { return nil }
                return try connection.result(of: query, plan: plan, in: layout)
            }
        } resolvingReferences: {
            try await resultResolvingReferences(of: query)
        }
    }

    /// A live query of one model (see ``PostgresStore/observe(_:)``).
    func observe<Model: StorableModel>(
        _ query: RecordQuery<Model>, in layout: TableLayout<Model>
    ) async throws -> AsyncStream<QueryResult<Model>> {
        let compiled = try query.compiledForRefreshes(options: layout.options)
        let first = try await result(of: query, compiled: compiled, in: layout)
        try checkOpen()
        let (id, stream) = liveQueries.add(query, compiled: compiled, current: first) {
            [weak self] id in
            guard let self else { return }
            Task { await self.removeLiveQuery(id) }
        }
        if first.version < committedVersion {
            // A commit landed while the first result was read.
            liveQueries.markStale(id, refreshingWith: liveResults)
        }
        startListening()
        return stream
    }

    private func removeLiveQuery<Model: StorableModel>(_ id: LiveQueryRegistry<Model>.ID) {
        guard liveQueries.remove(id) else { return }
        listener?.cancel()
        listener = nil
    }

    /// A stale live query's result, re-read as its plan answers it (see
    /// ``result(of:compiled:in:)``).
    private func refreshedResult<Model: StorableModel>(
        of query: RecordQuery<Model>, compiled: CompiledQuery<Model>
    ) async throws -> QueryResult<Model> {
        try await result(of: query, compiled: compiled, in: try layout(of: Model.self))
    }

    // MARK: Other databases' commits

    /// Listens on the schema's channel while a live query exists, on a connection of its
    /// own, connecting again after the connection is lost (a restarted server, say).
    private func startListening() {
        guard listener == nil else { return }
        let (configuration, logger, channel) = (configuration, options.logger, channel)
        listener = Task.detached { [weak self] in
            while !Task.isCancelled {
                do {
                    let connection = try await PostgresConnection.connect(
                        configuration: configuration, id: Int.random(in: 1...Int(Int32.max)),
                        logger: logger)
                    defer { Task { try? await connection.close() } }
                    try await connection.listen(on: channel) { notifications in
                        // Listening now: a commit made before is found by re-running.
                        await self?.noteOtherCommit(version: nil)
                        for try await notification in notifications {
                            guard let self else { return }
                            await self.noteNotification(notification.payload)
                        }
                    }
                } catch {
                    // Lost or refused: try again shortly.
                }
                try? await Task.sleep(nanoseconds: 200_000_000)
            }
        }
    }

    /// A notification: another database's commit, unless it carries this database's tag.
    private func noteNotification(_ payload: String) {
        let parts = payload.split(separator: " ")
        guard parts.count < 2 || String(parts[1]) != tag else { return }
        noteOtherCommit(version: parts.first.flatMap { UInt64($0) })
    }

    /// Marks every live query of every model stale after another database's commit, which
    /// may have changed any of the tables.
    ///
    /// Even a commit whose version is not above ``committedVersion``: this database's own
    /// later commit to one model may have raised it past another's commit to another model,
    /// whose live queries its own commit left alone.
    private func noteOtherCommit(version: UInt64?) {
        if let version { committedVersion = Swift.max(committedVersion, version) }
        liveQueries.noteUnknownCommit(refreshingWith: liveResults)
    }
}
