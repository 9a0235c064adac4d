import InternalSupport
import ModelStorage

/// The writes of a database waiting for the group commit, and what the database's writers
/// and live queries read under the same lock: whether a group is being committed, the last
/// committed version, whether the database has live queries, and whether it is closed.
///
/// A write that finds no group being committed leads: it commits the writes queued so far as
/// one group, on its own task (`SQLModelDatabase`'s `enqueue(isLarge:_:)` says how). Writes
/// made meanwhile join the next group, which a task of their own commits once this one is
/// durable, so a leader waits for one group only.
///
/// ```swift
/// let writes = WriteQueue(committedVersion: version, location: .file(path))
/// ```
public final class WriteQueue: Sendable {
    private struct State {
        var pending: [QueuedWrite] = []
        var isCommitting = false
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
        var lastGroup: UInt64 = 0
        var isClosed = false
        var committedVersion: UInt64
        var hasLiveQueries = false
    }

    private let state: Mutex<State>

    /// The database's location, as the queue's errors name it.
    public let location: StoreLocation

    /// A queue with no write, after the commit of `committedVersion`.
    ///
    /// - Parameters:
    ///   - committedVersion: The database's version when it opened.
    ///   - location: The database's location, for errors.
    public init(committedVersion: UInt64, location: StoreLocation) {
        state = Mutex(State(committedVersion: committedVersion))
        self.location = location
    }

    /// Whether the database is closed: no write joins the queue any more.
    public var isClosed: Bool { state.withLock { $0.isClosed } }

    /// The version of the last commit the database knows of, its own or another
    /// connection's.
    public var committedVersion: UInt64 { state.withLock { $0.committedVersion } }

    /// Whether the database has live queries, which the group commit then collects the
    /// changes for.
    public var hasLiveQueries: Bool { state.withLock { $0.hasLiveQueries } }

    /// Notes that the database has a live query, or none left, and returns the committed
    /// version read under the same lock: either a commit running now sees the new query, or
    /// the caller sees that commit's version.
    @discardableResult
    public func noteLiveQueries(_ present: Bool) -> UInt64 {
        state.withLock { state in
            state.hasLiveQueries = present
            return state.committedVersion
        }
    }

    /// Raises the committed version to a commit's, when it is newer.
    public func noteCommitted(_ version: UInt64) {
        state.withLock { $0.committedVersion = Swift.max($0.committedVersion, version) }
    }

    /// Throws unless a write may join: `StoreError/closed(at:)`, or
    /// `StoreError/readOnly(at:)` for a read-only database.
    public func checkWritable(isReadOnly: Bool) throws(StoreError) {
        try state.withLock { (state) throws(StoreError) in
            guard !state.isClosed else { throw .closed(at: location) }
            guard !isReadOnly else { throw .readOnly(at: location) }
        }
    }

    // MARK: Writes and groups

    /// Adds a write; `true` when the caller leads, and commits the groups until none is left
    /// (``nextGroup()``).
    func add(_ write: QueuedWrite, isReadOnly: Bool) throws(StoreError) -> Bool {
        try state.withLock { (state) throws(StoreError) -> Bool in
            guard !state.isClosed else { throw .closed(at: location) }
            guard !isReadOnly else { throw .readOnly(at: location) }
            state.pending.append(write)
            guard !state.isCommitting else { return false }
            state.isCommitting = true
            return true
        }
    }

    /// The writes queued now, as the next group, with its number; with none, the leader is
    /// done and gets the waiters for an idle queue to resume.
    func nextGroup() -> (
        writes: [QueuedWrite], group: UInt64, idleWaiters: [CheckedContinuation<Void, Never>]
    ) {
        state.withLock { state in
            guard !state.pending.isEmpty else {
                state.isCommitting = false
                defer { state.idleWaiters.removeAll() }
                return ([], 0, state.idleWaiters)
            }
            defer { state.pending.removeAll() }
            state.lastGroup += 1
            return (state.pending, state.lastGroup, [])
        }
    }

    /// Whether writes are waiting for the next group.
    var hasPending: Bool { state.withLock { !$0.pending.isEmpty } }

    // MARK: Closing

    /// Closes the queue and waits until no group is being committed; `false` when it was
    /// closed already.
    public func close() async -> Bool {
        let wasClosed = state.withLock { state in
            defer { state.isClosed = true }
            return state.isClosed
        }
        guard !wasClosed else { return false }
        // No write joins from now on: wait for the groups being committed.
        await withCheckedContinuation { continuation in
            let idle = state.withLock { state in
                if state.isCommitting { state.idleWaiters.append(continuation) }
                return !state.isCommitting
            }
            if idle { continuation.resume() }
        }
        return true
    }
}
