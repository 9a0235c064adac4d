import KeyPathQuery

/// The live queries of a store: which results each keeps current, and which a commit made
/// stale.
///
/// A commit marks the observers whose results it can change; the store then refreshes them
/// in one pass, so a burst of commits costs one re-run of each query, not one per commit.
/// Streams buffer only their newest result, so a slow consumer skips to it.
struct ObserverRegistry<Model: StorableModel>: Sendable {
    private struct Observer: Sendable {
        let query: CompiledQuery<Model>
        let continuation: AsyncStream<QueryResult<Model>>.Continuation
        var isStale = false
    }

    private var observers: [UInt64: Observer] = [:]
    private var nextID: UInt64 = 0
    /// Whether a refresh is due and already scheduled.
    private(set) var isRefreshScheduled = false

    /// Starts a live query: makes its stream and yields the current result.
    ///
    /// - Parameters:
    ///   - query: The compiled query.
    ///   - current: Its result now.
    ///   - onTermination: Called with the observer's id when its consumer goes away; the
    ///     store then calls ``remove(_:)``.
    /// - Returns: The stream of results.
    mutating func add(
        _ query: CompiledQuery<Model>, current: QueryResult<Model>,
        onTermination: @escaping @Sendable (UInt64) -> Void
    ) -> AsyncStream<QueryResult<Model>> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: QueryResult<Model>.self, bufferingPolicy: .bufferingNewest(1))
        nextID += 1
        let id = nextID
        observers[id] = Observer(query: query, continuation: continuation)
        continuation.onTermination = { _ in onTermination(id) }
        continuation.yield(current)
        return stream
    }

    /// Stops a live query whose consumer went away.
    mutating func remove(_ id: UInt64) {
        observers.removeValue(forKey: id)?.continuation.finish()
    }

    /// Marks the observers a commit can affect.
    ///
    /// - Returns: Whether a refresh must be scheduled (none is yet, and one is needed).
    mutating func noteCommit(_ changes: [StoreState<Model>.AppliedChange]) -> Bool {
        guard !changes.isEmpty, !observers.isEmpty else { return false }
        let countChanged = changes.contains { ($0.old == nil) != ($0.new == nil) }
        var anyStale = false
        for (id, observer) in observers where !observer.isStale {
            let affected =
                countChanged
                || changes.contains { change in
                    change.old.map(observer.query.condition.evaluate) == true
                        || change.new.map(observer.query.condition.evaluate) == true
                }
            if affected {
                observers[id]?.isStale = true
                anyStale = true
            }
        }
        guard anyStale, !isRefreshScheduled else { return false }
        isRefreshScheduled = true
        return true
    }

    /// Yields a new result to every stale observer.
    mutating func refresh(from state: StoreState<Model>) {
        isRefreshScheduled = false
        for (id, observer) in observers where observer.isStale {
            observers[id]?.isStale = false
            observer.continuation.yield(state.result(of: observer.query))
        }
    }

    /// Ends every live query, when the store closes.
    mutating func finishAll() {
        for observer in observers.values { observer.continuation.finish() }
        observers.removeAll()
    }
}
