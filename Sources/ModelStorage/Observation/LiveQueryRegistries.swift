import KeyPathQuery

/// The live queries of a database of several models: a ``LiveQueryRegistry`` per model, kept
/// in a ``PerModelValues``, for a backend's actor to hold.
///
/// It is `package` so that every database backend keeps its models' live queries alike.
package struct LiveQueryRegistries: Sendable {
    /// Each model's registry.
    private var registries = PerModelValues()

    package init() {}

    /// Runs a body on one model's registry, made empty when the model has none yet.
    private mutating func withRegistry<Model: StorableModel, Result>(
        of _: Model.Type, _ body: (inout LiveQueryRegistry<Model>) -> Result
    ) -> Result {
        body(&registries[LiveQueryRegistry<Model>.self, default: LiveQueryRegistry()])
    }

    /// Adds a live query of one model (see ``LiveQueryRegistry/add(_:compiled:current:onTermination:)``).
    ///
    /// - Returns: The query's id and the stream of its results, `current` first.
    package mutating func add<Model: StorableModel>(
        _ query: RecordQuery<Model>, compiled: CompiledQuery<Model>, current: QueryResult<Model>,
        onTermination: @escaping @Sendable (LiveQueryRegistry<Model>.ID) -> Void
    ) -> (id: LiveQueryRegistry<Model>.ID, results: AsyncStream<QueryResult<Model>>) {
        withRegistry(of: Model.self) {
            $0.add(query, compiled: compiled, current: current, onTermination: onTermination)
        }
    }

    /// Removes a live query of one model and finishes its stream.
    package mutating func remove<Model: StorableModel>(_ id: LiveQueryRegistry<Model>.ID) {
        withRegistry(of: Model.self) { $0.remove(id) }
    }

    /// Marks the queries of one model a commit can change.
    ///
    /// - Returns: Whether a refresh pass must start.
    package mutating func noteCommit<Model: StorableModel>(
        _ changes: [(old: Model?, new: Model?)], of _: Model.Type
    ) -> Bool {
        guard !changes.isEmpty, registries.contains(LiveQueryRegistry<Model>.self) else {
            return false
        }
        return withRegistry(of: Model.self) { $0.noteCommit(changes) }
    }

    /// Notes, in one model's live queries, a commit that changed some models of the database
    /// (see `LiveQueryRegistry.noteCommit(toModels:)`).
    package mutating func noteCommit<Model: StorableModel>(
        toModels models: Set<ObjectIdentifier>, of _: Model.Type
    ) -> Bool {
        guard registries.contains(LiveQueryRegistry<Model>.self) else { return false }
        return withRegistry(of: Model.self) { $0.noteCommit(toModels: models) }
    }

    /// Delivers fresh results to one model's stale queries: re-runs them over its committed
    /// records, resolving the
    /// conditions that follow references through `tables`, every model's committed records.
    package mutating func refresh<Model: StorableModel>(
        from state: StoreState<Model>, tables: CommittedTables
    ) {
        guard registries.contains(LiveQueryRegistry<Model>.self) else { return }
        withRegistry(of: Model.self) { $0.refresh(from: state, tables: tables) }
    }

    /// Finishes every live query of one model.
    package mutating func finishAll<Model: StorableModel>(of _: Model.Type) {
        guard registries.contains(LiveQueryRegistry<Model>.self) else { return }
        withRegistry(of: Model.self) { $0.finishAll() }
    }
}
