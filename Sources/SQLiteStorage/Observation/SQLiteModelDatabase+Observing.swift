import InternalSupport
import KeyPathQuery
import ModelStorage
import SQLStorage

extension SQLiteModelDatabase {
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

    /// The records a query selects with the count and the version, read at one moment;
    /// `nil` for a condition that follows a reference which SQL cannot answer exactly now
    /// (the caller then reads through a transaction).
    func result<Model: StorableModel>(
        of query: RecordQuery<Model>, compiled: CompiledQuery<Model>,
        in layout: TableLayout<Model>
    ) async throws(StoreError) -> QueryResult<Model>? {
        try await read(layout, orEmpty: QueryResult(records: [], totalCount: 0, version: 0)) {
            connection throws(StoreError) in
            try connection.result(of: query, compiled: compiled, in: layout)
        }
    }

    /// A live query's result: read in SQL, or, for a condition that follows references SQL
    /// cannot answer alone, through a transaction of the database, which commits nothing.
    private func liveResult<Model: StorableModel>(
        of query: RecordQuery<Model>, compiled: CompiledQuery<Model>,
        in layout: TableLayout<Model>
    ) async throws -> QueryResult<Model> {
        if query.readsWithSQL(options: layout.options),
            let result = try await result(of: query, compiled: compiled, in: layout)
        {
            return result
        }
        return try await resultResolvingReferences(of: query)
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
        let (id, stream) = withLiveQueries(of: Model.self) {
            $0.add(query, compiled: compiled, current: first) { [weak self] id in
                guard let self else { return }
                Task { await self.removeLiveQuery(id) }
            }
        }
        // Set under the lock the writing tasks read it under, with the version read after
        // it: either their commit sees this query, or this sees their commit's version.
        let committedVersion = writes.withLock { queue in
            queue.hasLiveQueries = true
            return queue.committedVersion
        }
        if first.version < committedVersion {
            // A commit landed while the first result was read.
            refreshLiveQueries(
                of: Model.self, needed: withLiveQueries(of: Model.self) { $0.markStale(id) })
        }
        startWatching(from: first.version)
        return stream
    }

    private func removeLiveQuery<Model: StorableModel>(_ id: LiveQueryRegistry<Model>.ID) async {
        withLiveQueries(of: Model.self) { $0.remove(id) }
        guard !hasLiveQueries else { return }
        writes.withLock { $0.hasLiveQueries = false }
        await stopWatching()
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

    /// Tells every model's live queries about a commit another connection made.
    func noteUnknownCommit() {
        for model in models { noteUnknownCommit(of: model) }
    }

    private func noteUnknownCommit<Model: StorableModel>(of model: Model.Type) {
        let needed = withLiveQueries(of: model) { $0.noteUnknownCommit() }
        refreshLiveQueries(of: model, needed: needed)
    }

    func refreshLiveQueries<Model: StorableModel>(of model: Model.Type, needed: Bool) {
        guard needed, let layout = try? layout(of: model) else { return }
        Task {
            while !isClosed, let stale = withLiveQueries(of: model, { $0.nextStale() }) {
                let result = try? await liveResult(
                    of: stale.query, compiled: stale.compiled, in: layout)
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
}
