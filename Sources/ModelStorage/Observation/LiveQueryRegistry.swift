import Foundation
import KeyPathQuery

/// A store's live queries, for the authors of backends: each query with its stream, and which
/// ones a commit made stale.
///
/// Every backend in this package keeps its ``ModelStore/observe(_:)`` streams in one of these,
/// and a backend of your own can too. The store owns the registry (an actor's stored
/// property, say) and tells it of each commit; the registry says when a refresh pass must
/// start, and the store then re-runs each stale query, one pass for a burst of commits:
///
/// ```swift
/// public func observe(_ query: RecordQuery<Model>) async throws
///     -> AsyncStream<QueryResult<Model>>
/// {
///     let compiled = try query.compiled()
///     let (_, results) = liveQueries.add(
///         query, compiled: compiled, current: try await result(of: query)
///     ) { [weak self] id in
///         Task { await self?.liveQueries.remove(id) }
///     }
///     return results
/// }
///
/// // After each commit, with each changed record's value before and after:
/// if liveQueries.noteCommit(changes) {
///     Task {
///         while let stale = liveQueries.nextStale() {
///             liveQueries.deliver(try await result(of: stale.query), for: stale)
///         }
///     }
/// }
/// ```
///
/// A commit the store made itself marks the queries it can change: every query when a record
/// was added or removed (the total count changed), otherwise those that a changed record
/// matched before or matches after. A commit the store only heard of (another process's,
/// whose changes it does not know) marks every query, and each re-run result is then
/// delivered only when its records or total count differ from the last one delivered.
///
/// Streams keep only their newest result (`bufferingNewest(1)`), so a slow consumer skips
/// to it.
public struct LiveQueryRegistry<Model: StorableModel>: Sendable {
    /// A live query's identity in its registry.
    public struct ID: Hashable, Sendable {
        fileprivate let rawValue: UInt64
    }

    /// A live query to re-run, as ``nextStale()`` hands it out.
    public struct StaleQuery: Sendable {
        /// The live query's identity.
        public let id: ID
        /// The query, as given to ``add(_:compiled:current:onTermination:)``.
        public let query: RecordQuery<Model>
        /// The query, compiled.
        public let compiled: CompiledQuery<Model>
        /// Whether only a commit the store does not know the changes of made it stale, so
        /// that a result equal to the last one is left out.
        fileprivate let deliversOnlyChanges: Bool
    }

    private struct Entry: Sendable {
        let query: RecordQuery<Model>
        let compiled: CompiledQuery<Model>
        let continuation: AsyncStream<QueryResult<Model>>.Continuation
        var isStale = false
        /// Whether the next result is delivered only when it differs from the last: the query
        /// is stale for commits of unknown changes alone.
        var deliversOnlyChanges = false
        /// The last result delivered, to tell a changed result from it.
        var last: QueryResult<Model>
        /// ``last``'s fingerprint, made when first compared.
        var lastFingerprint: Data?
        /// The models whose records the query's condition reads through references, its own
        /// with them; empty for a condition that follows none.
        var referencedModels: Set<ObjectIdentifier> = []
    }

    private var entries: [UInt64: Entry] = [:]
    private var lastID: UInt64 = 0

    /// Whether a refresh pass is owed or running: from the call that asked for one (it
    /// returned `true`) until ``nextStale()`` finds no stale query.
    public private(set) var isRefreshing = false

    /// Creates a registry without live queries.
    public init() {}

    /// Whether no query is live; a store need not collect a commit's changes then.
    public var isEmpty: Bool { entries.isEmpty }

    /// Adds a live query and yields its current result to its new stream.
    ///
    /// - Parameters:
    ///   - query: The query.
    ///   - compiled: The query, compiled (`RecordQuery.compiled()`).
    ///   - current: The query's result now.
    ///   - onTermination: Called with the query's id when the stream's consumer goes away;
    ///     the store then calls ``remove(_:)`` (on its own isolation).
    /// - Returns: The query's id and the stream of its results, `current` first.
    public mutating func add(
        _ query: RecordQuery<Model>, compiled: CompiledQuery<Model>, current: QueryResult<Model>,
        onTermination: @escaping @Sendable (ID) -> Void
    ) -> (id: ID, results: AsyncStream<QueryResult<Model>>) {
        let (stream, continuation) = AsyncStream.makeStream(
            of: QueryResult<Model>.self, bufferingPolicy: .bufferingNewest(1))
        lastID += 1
        let id = ID(rawValue: lastID)
        entries[lastID] = Entry(
            query: query, compiled: compiled, continuation: continuation, last: current,
            referencedModels: query.condition.followsReferences
                ? query.condition.referencedModels.union([ObjectIdentifier(Model.self)]) : [])
        continuation.onTermination = { _ in onTermination(id) }
        continuation.yield(current)
        return (id, stream)
    }

    /// Removes a live query and finishes its stream.
    ///
    /// - Parameter id: The query's id; an id already removed is ignored.
    public mutating func remove(_ id: ID) {
        entries.removeValue(forKey: id.rawValue)?.continuation.finish()
    }

    /// Marks a query stale: its current result may have missed a commit (one that landed
    /// while the result was read, say).
    ///
    /// - Parameter id: The query's id.
    /// - Returns: Whether the store must start a refresh pass.
    public mutating func markStale(_ id: ID) -> Bool {
        guard entries[id.rawValue] != nil else { return false }
        entries[id.rawValue]?.isStale = true
        entries[id.rawValue]?.deliversOnlyChanges = false
        return startsRefresh()
    }

    /// Marks the queries a commit of the store's own can change: every one when a record was
    /// added or removed, otherwise those a changed record matched before or matches after.
    ///
    /// - Parameter changes: Each changed record's value before and after the commit: `nil`
    ///   before for a record added, `nil` after for one removed.
    /// - Returns: Whether the store must start a refresh pass.
    /// - Complexity: O(*q* × *c*) condition evaluations for *q* live queries and *c* changes.
    public mutating func noteCommit(_ changes: [(old: Model?, new: Model?)]) -> Bool {
        guard !changes.isEmpty, !entries.isEmpty else { return false }
        let countChanged = changes.contains { ($0.old == nil) != ($0.new == nil) }
        for (key, entry) in entries where !entry.isStale || entry.deliversOnlyChanges {
            let condition = entry.compiled.condition
            // A condition that follows references was compiled as resolved when the query
            // began (or not at all, in SQL): any change of the model may affect it.
            let affected =
                countChanged || !entry.referencedModels.isEmpty
                || changes.contains {
                    $0.old.map(condition.evaluate) == true || $0.new.map(condition.evaluate) == true
                }
            if affected {
                entries[key]?.isStale = true
                entries[key]?.deliversOnlyChanges = false
            }
        }
        return startsRefresh()
    }

    /// Notes a commit that changed some models of the database, and whether a refresh pass
    /// is needed: each live query whose condition follows a reference into one of them is
    /// stale, and delivers its next result only if it changed.
    ///
    /// A backend calls it on every model's live queries after each commit, with the models
    /// the commit changed, so that a query refreshes when the records it reads through a
    /// reference change.
    ///
    /// - Parameter models: The models the commit changed, by `ObjectIdentifier`.
    /// - Returns: Whether the caller should start a refresh pass.
    public mutating func noteCommit(toModels models: Set<ObjectIdentifier>) -> Bool {
        guard !models.isEmpty else { return false }
        for (key, entry) in entries
        where !entry.isStale && !entry.referencedModels.isDisjoint(with: models) {
            entries[key]?.isStale = true
            entries[key]?.deliversOnlyChanges = true
        }
        return startsRefresh()
    }

    /// Marks every query stale after a commit whose changes the store does not know (another
    /// process's or another connection's): each re-run result is delivered only when it
    /// differs from the last one delivered.
    ///
    /// - Returns: Whether the store must start a refresh pass.
    public mutating func noteUnknownCommit() -> Bool {
        for (key, entry) in entries where !entry.isStale {
            entries[key]?.isStale = true
            entries[key]?.deliversOnlyChanges = true
        }
        return startsRefresh()
    }

    /// Takes the next stale query to re-run, and marks it fresh: a commit after this call
    /// marks it stale again.
    ///
    /// - Returns: The query, or `nil` when none is stale, which ends the refresh pass.
    public mutating func nextStale() -> StaleQuery? {
        guard let (key, entry) = entries.first(where: { $0.value.isStale }) else {
            isRefreshing = false
            return nil
        }
        entries[key]?.isStale = false
        entries[key]?.deliversOnlyChanges = false
        return StaleQuery(
            id: ID(rawValue: key), query: entry.query, compiled: entry.compiled,
            deliversOnlyChanges: entry.deliversOnlyChanges)
    }

    /// Delivers a stale query's new result, if the query is still live; a result equal to
    /// the last one is left out when only commits of unknown changes made it stale.
    ///
    /// - Parameters:
    ///   - result: The query's result, read after ``nextStale()`` handed it out.
    ///   - stale: The query, as ``nextStale()`` handed it out.
    /// - Complexity: O(1) after a commit of the store's own; after one of unknown changes,
    ///   encoding the new result's records (and the last one's, once) to compare them.
    public mutating func deliver(_ result: QueryResult<Model>, for stale: StaleQuery) {
        guard var entry = entries[stale.id.rawValue] else { return }
        var fingerprint: Data?
        if stale.deliversOnlyChanges {
            let last = entry.lastFingerprint ?? Self.fingerprint(of: entry.last)
            let new = Self.fingerprint(of: result)
            entry.lastFingerprint = last
            guard new != last else {
                entries[stale.id.rawValue] = entry
                return
            }
            fingerprint = new
        }
        entry.last = result
        entry.lastFingerprint = fingerprint
        entries[stale.id.rawValue] = entry
        entry.continuation.yield(result)
    }

    /// Ends every live query, when the store closes.
    public mutating func finishAll() {
        for entry in entries.values { entry.continuation.finish() }
        entries.removeAll()
        isRefreshing = false
    }

    /// Whether a pass must start: a query is stale and no pass is owed or running.
    private mutating func startsRefresh() -> Bool {
        guard !isRefreshing, entries.values.contains(where: { $0.isStale }) else { return false }
        isRefreshing = true
        return true
    }

    /// What a result shows: its total count and its records' JSON, keys sorted.
    ///
    /// The version is left out. A record that does not encode is never equal to the last
    /// result.
    private static func fingerprint(of result: QueryResult<Model>) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var fingerprint = withUnsafeBytes(of: Int64(result.totalCount).littleEndian) { Data($0) }
        fingerprint += (try? encoder.encode(result.records)) ?? Data(UUID().uuidString.utf8)
        return fingerprint
    }
}
