import InternalSupport
import KeyPathQuery
import ModelStorage

/// Every live query of a SQL database, a `LiveQueryRegistry` per model, and the passes
/// that refresh them after commits; safe to share between the database and its tasks.
///
/// The database adds each model's queries, tells the live queries of every commit — its own
/// with the records it changed, another connection's without — and closes them when it
/// closes. Each model whose queries a commit made stale gets one refresh pass, which re-runs
/// them through the backend's ``LiveQueryReading`` until none is stale:
///
/// ```swift
/// let (id, results) = liveQueries.add(query, compiled: compiled, current: first) { id in
///     Task { await database.removeLiveQuery(id) }
/// }
/// // After a group commit of this database's own:
/// liveQueries.noteCommit(commit.changes, refreshingWith: LiveResults(database: database))
/// // After another connection's commit, whose changes the database does not know:
/// liveQueries.noteUnknownCommit(refreshingWith: LiveResults(database: database))
/// ```
public final class LiveQueries: Sendable {
    /// Each model's registry, under the model's identifier.
    private let registries = Mutex<[ObjectIdentifier: any ModelLiveQueries]>([:])

    /// No live query yet.
    public init() {}

    /// Whether no model has a live query.
    public var isEmpty: Bool {
        registries.withLock { registries in registries.values.allSatisfy { $0.isEmpty } }
    }

    /// Runs a body on one model's registry, made empty when the model has none yet.
    private func withRegistry<Model: StorableModel, Value: Sendable>(
        of model: Model.Type, _ body: (inout LiveQueryRegistry<Model>) -> Value
    ) -> Value {
        registries.withLock { registries in
            let key = ObjectIdentifier(model)
            var registry =
                registries.removeValue(forKey: key) as? LiveQueryRegistry<Model>
                ?? LiveQueryRegistry()
            defer { registries[key] = registry }
            return body(&registry)
        }
    }

    /// Adds a live query of one model (see `LiveQueryRegistry.add(_:compiled:current:onTermination:)`).
    ///
    /// - Parameters:
    ///   - query: The query.
    ///   - compiled: The query compiled for refreshes.
    ///   - current: Its result now, the stream's first.
    ///   - onTermination: Called with the query's id when the stream's consumer goes away;
    ///     the database then calls ``remove(_:)``.
    /// - Returns: The query's id and the stream of its results.
    public func add<Model: StorableModel>(
        _ query: RecordQuery<Model>, compiled: CompiledQuery<Model>, current: QueryResult<Model>,
        onTermination: @escaping @Sendable (LiveQueryRegistry<Model>.ID) -> Void
    ) -> (id: LiveQueryRegistry<Model>.ID, results: AsyncStream<QueryResult<Model>>) {
        withRegistry(of: Model.self) {
            $0.add(query, compiled: compiled, current: current, onTermination: onTermination)
        }
    }

    /// Removes a live query and finishes its stream.
    ///
    /// - Parameter id: The query's id; one already removed is ignored.
    /// - Returns: Whether no model has a live query now, so that the database can stop
    ///   looking for other connections' commits.
    @discardableResult
    public func remove<Model: StorableModel>(_ id: LiveQueryRegistry<Model>.ID) -> Bool {
        withRegistry(of: Model.self) { $0.remove(id) }
        return isEmpty
    }

    /// Marks a query stale, its first result having missed a commit, and refreshes it.
    ///
    /// - Parameters:
    ///   - id: The query's id.
    ///   - reader: How the database reads a query's result.
    public func markStale<Model: StorableModel>(
        _ id: LiveQueryRegistry<Model>.ID, refreshingWith reader: some LiveQueryReading
    ) {
        if withRegistry(of: Model.self, { $0.markStale(id) }) { refresh(Model.self, with: reader) }
    }

    /// Tells the live queries of a commit of the database's own: each model's, of its
    /// records' changes, and every model's, of which models changed (for the queries that
    /// follow references into them); then refreshes the queries the commit made stale.
    ///
    /// - Parameters:
    ///   - changes: The records the commit changed, model by model.
    ///   - reader: How the database reads a query's result.
    public func noteCommit(
        _ changes: CommittedChanges, refreshingWith reader: some LiveQueryReading
    ) {
        let changed = changes.changedModels
        let stale = registries.withLock { registries in
            var stale: [any ModelLiveQueries] = []
            for key in Array(registries.keys) {
                guard var registry = registries[key] else { continue }
                let own = changed.contains(key) && registry.noteCommit(in: changes)
                let referenced = registry.noteCommit(toModels: changed)
                registries[key] = registry
                if own || referenced { stale.append(registry) }
            }
            return stale
        }
        for registry in stale { registry.startRefresh(in: self, with: reader) }
    }

    /// Tells every live query of a commit whose changes the database does not know (another
    /// connection's), and refreshes them all; each delivers a result only when it differs
    /// from its last.
    ///
    /// - Parameter reader: How the database reads a query's result.
    public func noteUnknownCommit(refreshingWith reader: some LiveQueryReading) {
        let stale = registries.withLock { registries in
            var stale: [any ModelLiveQueries] = []
            for key in Array(registries.keys) {
                guard var registry = registries[key] else { continue }
                let needed = registry.noteUnknownCommit()
                registries[key] = registry
                if needed { stale.append(registry) }
            }
            return stale
        }
        for registry in stale { registry.startRefresh(in: self, with: reader) }
    }

    /// Ends every live query of every model, when the database closes.
    public func finishAll() {
        registries.withLock { registries in
            for key in Array(registries.keys) { registries[key]?.finishAll() }
        }
    }

    /// Starts a pass that re-runs a model's stale live queries, one at a time, until none is
    /// stale or the database closed, delivering each result.
    func refresh<Model: StorableModel>(_ model: Model.Type, with reader: some LiveQueryReading) {
        Task {
            while !(await reader.isClosed),
                let stale = withRegistry(of: model, { $0.nextStale() })
            {
                guard
                    let result = try? await reader.result(
                        of: stale.query, compiled: stale.compiled)
                else { continue }
                withRegistry(of: model) { $0.deliver(result, for: stale) }
            }
        }
    }
}
