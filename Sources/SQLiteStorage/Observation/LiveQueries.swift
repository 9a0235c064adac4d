import KeyPathQuery
import ModelStorage

/// A store's live queries: each query with its stream, and which ones a commit made stale.
///
/// A commit marks the queries whose results it can change; the store then re-runs them on a
/// reader, one pass for a burst of commits. Streams keep only their newest result, so a slow
/// consumer skips to it.
struct LiveQueries<Model: StorableModel>: Sendable {
    struct Entry: Sendable {
        let query: RecordQuery<Model>
        let compiled: CompiledQuery<Model>
        let continuation: AsyncStream<QueryResult<Model>>.Continuation
        var isStale = false
    }

    private var entries: [UInt64: Entry] = [:]
    private var lastID: UInt64 = 0
    /// Whether a refresh pass is running (it picks up queries made stale meanwhile).
    var isRefreshing = false

    /// Whether any query is live: commits then read the values they replace.
    var isEmpty: Bool { entries.isEmpty }

    /// Adds a live query and yields its first result.
    ///
    /// - Returns: The query's id and its stream.
    mutating func add(
        _ query: RecordQuery<Model>, compiled: CompiledQuery<Model>, first: QueryResult<Model>,
        onTermination: @escaping @Sendable (UInt64) -> Void
    ) -> (id: UInt64, stream: AsyncStream<QueryResult<Model>>) {
        let (stream, continuation) = AsyncStream.makeStream(
            of: QueryResult<Model>.self, bufferingPolicy: .bufferingNewest(1))
        lastID += 1
        let id = lastID
        entries[id] = Entry(query: query, compiled: compiled, continuation: continuation)
        continuation.onTermination = { _ in onTermination(id) }
        continuation.yield(first)
        return (id, stream)
    }

    mutating func remove(_ id: UInt64) {
        entries.removeValue(forKey: id)?.continuation.finish()
    }

    /// Marks a query stale, when it missed commits.
    mutating func markStale(_ id: UInt64) {
        entries[id]?.isStale = true
    }

    /// Marks the queries a commit can change: every one when the count changed, otherwise
    /// those a changed record matched before or matches after.
    ///
    /// - Returns: Whether a refresh pass must start.
    mutating func noteCommit(_ changes: [(old: Model?, new: Model?)]) -> Bool {
        guard !changes.isEmpty else { return false }
        let countChanged = changes.contains { ($0.old == nil) != ($0.new == nil) }
        for (id, entry) in entries where !entry.isStale {
            let condition = entry.compiled.condition
            entries[id]?.isStale =
                countChanged
                || changes.contains {
                    $0.old.map(condition.evaluate) == true || $0.new.map(condition.evaluate) == true
                }
        }
        return !isRefreshing && entries.values.contains(where: \.isStale)
    }

    /// Takes the next stale query to re-run, marking it fresh.
    mutating func nextStale() -> (id: UInt64, entry: Entry)? {
        guard let (id, entry) = entries.first(where: { $0.value.isStale }) else { return nil }
        entries[id]?.isStale = false
        return (id, entry)
    }

    /// Yields a new result to a query, if it is still live.
    func yield(_ result: QueryResult<Model>, to id: UInt64) {
        entries[id]?.continuation.yield(result)
    }

    /// Ends every live query, when the store closes.
    mutating func finishAll() {
        for entry in entries.values { entry.continuation.finish() }
        entries.removeAll()
    }
}
