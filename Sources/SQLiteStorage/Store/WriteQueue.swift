import ModelStorage
import SQLStorage

/// What the tasks that write to a store share without going through the store's actor: the
/// writes waiting for a group commit, whether a group is being committed, and the version
/// the store's commits reached.
///
/// A store keeps it in a `Mutex`, so that a save forms and commits its group on its own
/// thread (see `SQLiteStore+Writing.swift`).
struct WriteQueue: Sendable {
    /// The writes waiting for the next group, in order.
    var pending: [QueuedWrite] = []
    /// Whether a task is committing groups: the writes queued meanwhile join its next one.
    var isCommitting = false
    /// The calls waiting for the groups to be done (`close()`).
    var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// The number of the last group formed.
    var lastGroup: UInt64 = 0
    /// Whether the store is closed: later writes are refused.
    var isClosed = false
    /// The version of the latest commit the store made or read.
    var committedVersion: UInt64
    /// Whether the store has a live query, whose refresh needs each commit's changes.
    var hasLiveQueries = false

    /// Takes the queued writes as the next group, or ends the run of group commits when none
    /// is queued.
    ///
    /// - Returns: The group's writes and number, or `nil` and the calls to wake when the run
    ///   ends.
    mutating func nextGroup() -> (
        writes: [QueuedWrite], group: UInt64, waiters: [CheckedContinuation<Void, Never>]
    ) {
        guard !pending.isEmpty else {
            isCommitting = false
            defer { idleWaiters.removeAll() }
            return ([], 0, idleWaiters)
        }
        defer { pending.removeAll() }
        lastGroup += 1
        return (pending, lastGroup, [])
    }
}
