import Foundation
import KeyPathQuery
import ModelStorage

/// A store's live queries: each query with its stream, and which ones a commit made stale.
///
/// A commit of the store marks the queries whose results it can change; a commit of another
/// store (heard of through `NOTIFY`), whose changes the store does not know, marks them all,
/// to be delivered only when their results differ. The store then re-runs them on a reader,
/// one pass for a burst of commits. Streams keep only their newest result, so a slow
/// consumer skips to it.
struct LiveQueries<Model: StorableModel>: Sendable {
    struct Entry: Sendable {
        let query: RecordQuery<Model>
        let compiled: CompiledQuery<Model>
        let continuation: AsyncStream<QueryResult<Model>>.Continuation
        var isStale = false
        /// Whether the next result is delivered only when it differs from the last: the
        /// query is stale for another store's commit alone.
        var deliversOnlyChanges = false
        /// The last result delivered, as ``ObservedResult/fingerprint``.
        var fingerprint: Data
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
        _ query: RecordQuery<Model>, compiled: CompiledQuery<Model>,
        first: ObservedResult<Model>, onTermination: @escaping @Sendable (UInt64) -> Void
    ) -> (id: UInt64, stream: AsyncStream<QueryResult<Model>>) {
        let (stream, continuation) = AsyncStream.makeStream(
            of: QueryResult<Model>.self, bufferingPolicy: .bufferingNewest(1))
        lastID += 1
        let id = lastID
        entries[id] = Entry(
            query: query, compiled: compiled, continuation: continuation,
            fingerprint: first.fingerprint)
        continuation.onTermination = { _ in onTermination(id) }
        continuation.yield(first.result)
        return (id, stream)
    }

    mutating func remove(_ id: UInt64) {
        entries.removeValue(forKey: id)?.continuation.finish()
    }

    /// Marks a query stale, when it missed commits.
    mutating func markStale(_ id: UInt64) {
        entries[id]?.isStale = true
        entries[id]?.deliversOnlyChanges = false
    }

    /// Marks the queries a commit can change: every one when the count changed, otherwise
    /// those a changed record matched before or matches after.
    ///
    /// - Returns: Whether a refresh pass must start.
    mutating func noteCommit(_ changes: [(old: Model?, new: Model?)]) -> Bool {
        guard !changes.isEmpty else { return false }
        let countChanged = changes.contains { ($0.old == nil) != ($0.new == nil) }
        for (id, entry) in entries where !entry.isStale || entry.deliversOnlyChanges {
            let condition = entry.compiled.condition
            let affected =
                countChanged
                || changes.contains {
                    $0.old.map(condition.evaluate) == true || $0.new.map(condition.evaluate) == true
                }
            if affected { markStale(id) }
        }
        return !isRefreshing && entries.values.contains(where: \.isStale)
    }

    /// Marks every query stale after another store's commit, whose changes are not
    /// known: each result is delivered only when it differs from the last.
    ///
    /// - Returns: Whether a refresh pass must start.
    mutating func noteOtherCommit() -> Bool {
        for (id, entry) in entries where !entry.isStale {
            entries[id]?.isStale = true
            entries[id]?.deliversOnlyChanges = true
        }
        return !isRefreshing && !entries.isEmpty
    }

    /// Takes the next stale query to re-run, marking it fresh.
    mutating func nextStale() -> (id: UInt64, entry: Entry)? {
        guard let (id, entry) = entries.first(where: { $0.value.isStale }) else { return nil }
        entries[id]?.isStale = false
        entries[id]?.deliversOnlyChanges = false
        return (id, entry)
    }

    /// Yields a new result to a query, if it is still live.
    ///
    /// - Parameters:
    ///   - observed: The result, with its fingerprint.
    ///   - id: The query's id.
    ///   - onlyChanges: Whether to leave out a result equal to the last one delivered.
    mutating func yield(_ observed: ObservedResult<Model>, to id: UInt64, onlyChanges: Bool) {
        guard let entry = entries[id] else { return }
        if onlyChanges, entry.fingerprint == observed.fingerprint { return }
        entries[id]?.fingerprint = observed.fingerprint
        entry.continuation.yield(observed.result)
    }

    /// Ends every live query, when the store closes.
    mutating func finishAll() {
        for entry in entries.values { entry.continuation.finish() }
        entries.removeAll()
    }
}

/// A live query's result with a fingerprint of what it shows: its records and total count,
/// so that a re-run after another store's commit is delivered only when it differs.
struct ObservedResult<Model: StorableModel>: Sendable {
    let result: QueryResult<Model>
    /// The records' JSON, keys sorted, and the total count; the version is left out.
    let fingerprint: Data

    init(_ result: QueryResult<Model>) {
        self.result = result
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var fingerprint = withUnsafeBytes(of: Int64(result.totalCount).littleEndian) { Data($0) }
        // A record that does not encode is never equal to the last result: it is delivered.
        fingerprint += (try? encoder.encode(result.records)) ?? Data(UUID().uuidString.utf8)
        self.fingerprint = fingerprint
    }
}
