import Foundation
import KeyPathQuery
import ModelStorage
import PostgresNIO
import SQLStorage

extension PostgresModelDatabase {
    /// Runs `body` on one model's live queries.
    func withLiveQueries<Model: StorableModel, Value>(
        of model: Model.Type, _ body: (inout LiveQueryRegistry<Model>) -> Value
    ) -> Value {
        let key = ObjectIdentifier(model)
        var registry =
            liveQueries.removeValue(forKey: key) as? LiveQueryRegistry<Model>
            ?? LiveQueryRegistry()
        defer { liveQueries[key] = registry }
        return body(&registry)
    }

    /// Whether any model has a live query.
    var hasLiveQueries: Bool {
        models.contains { hasLiveQueries(of: $0) }
    }

    private func hasLiveQueries<Model: StorableModel>(of model: Model.Type) -> Bool {
        (liveQueries[ObjectIdentifier(model)] as? LiveQueryRegistry<Model>).map { !$0.isEmpty }
            ?? false
    }

    /// The records a query selects with the count and the version: read in SQL, or, for a
    /// condition that follows references SQL cannot answer exactly, through a transaction of
    /// the database, which commits nothing.
    func result<Model: StorableModel>(
        of query: RecordQuery<Model>, in layout: TableLayout<Model>
    ) async throws -> QueryResult<Model> {
        try await result(
            of: query, compiled: try query.compiledForSQL(options: layout.options), in: layout)
    }

    /// The records a query selects with the count and the version, given the query as
    /// `compiledForSQL(options:)` compiles it: `nil` reads through a transaction.
    private func result<Model: StorableModel>(
        of query: RecordQuery<Model>, compiled: CompiledQuery<Model>?,
        in layout: TableLayout<Model>
    ) async throws -> QueryResult<Model> {
        let tables = tableNames
        let found = try await read { connection -> QueryResult<Model>? in
            guard let compiled, try connection.answersExactly(query, tables: tables) else {
                return nil
            }
            return try connection.result(of: query, compiled: compiled, in: layout)
        }
        if let found { return found }
        return try await resultResolvingReferences(of: query)
    }

    /// A live query of one model (see ``PostgresStore/observe(_:)``).
    func observe<Model: StorableModel>(
        _ query: RecordQuery<Model>, in layout: TableLayout<Model>
    ) async throws -> AsyncStream<QueryResult<Model>> {
        let compiled = try query.compiledForRefreshes(options: layout.options)
        let first = try await result(of: query, in: layout)
        try checkOpen()
        let (id, stream) = withLiveQueries(of: Model.self) {
            $0.add(query, compiled: compiled, current: first) { [weak self] id in
                guard let self else { return }
                Task { await self.removeLiveQuery(id) }
            }
        }
        if first.version < committedVersion {
            // A commit landed while the first result was read.
            refreshLiveQueries(
                of: Model.self, needed: withLiveQueries(of: Model.self) { $0.markStale(id) })
        }
        startListening()
        return stream
    }

    private func removeLiveQuery<Model: StorableModel>(_ id: LiveQueryRegistry<Model>.ID) {
        withLiveQueries(of: Model.self) { $0.remove(id) }
        guard !hasLiveQueries else { return }
        listener?.cancel()
        listener = nil
    }

    /// Tells a model's live queries about a commit of this database.
    func noteCommit<Model: StorableModel>(_ changes: CommittedChanges, of model: Model.Type) {
        let needed = withLiveQueries(of: model) { $0.noteCommit(changes.changes(of: model)) }
        refreshLiveQueries(of: model, needed: needed)
    }

    /// Tells every model's live queries which models a commit of this database changed, so
    /// that those following references into them refresh.
    func noteCommit(toModels changed: Set<ObjectIdentifier>) {
        for model in models { noteCommit(toModels: changed, of: model) }
    }

    private func noteCommit<Model: StorableModel>(
        toModels changed: Set<ObjectIdentifier>, of model: Model.Type
    ) {
        let needed = withLiveQueries(of: model) { $0.noteCommit(toModels: changed) }
        refreshLiveQueries(of: model, needed: needed)
    }

    private func noteUnknownCommit<Model: StorableModel>(of model: Model.Type) {
        let needed = withLiveQueries(of: model) { $0.noteUnknownCommit() }
        refreshLiveQueries(of: model, needed: needed)
    }

    /// Starts a pass that re-runs a model's stale live queries on a reader, until none is
    /// stale.
    private func refreshLiveQueries<Model: StorableModel>(of model: Model.Type, needed: Bool) {
        guard needed, let layout = try? layout(of: model) else { return }
        Task {
            while !isClosed, let stale = withLiveQueries(of: model, { $0.nextStale() }) {
                let result =
                    stale.query.condition.followsReferences
                    ? try? await result(
                        of: stale.query,
                        compiled: stale.query.readsWithSQL(options: layout.options)
                            ? stale.compiled : nil,
                        in: layout)
                    : try? await reader().perform { connection in
                        try connection.result(
                            of: stale.query, compiled: stale.compiled, in: layout)
                    }
                if let result { withLiveQueries(of: model) { $0.deliver(result, for: stale) } }
            }
        }
    }

    /// Ends every model's live queries.
    func finishLiveQueries() {
        for model in models { finishLiveQueries(of: model) }
    }

    private func finishLiveQueries<Model: StorableModel>(of model: Model.Type) {
        withLiveQueries(of: model) { $0.finishAll() }
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
        for model in models { noteUnknownCommit(of: model) }
    }
}
