import ModelStorage

/// A write waiting for the next group commit: its transaction body, and how to fail its
/// caller.
struct QueuedWrite<Model: StorableModel>: Sendable {
    /// Runs the body; returns what resumes the caller with the body's result once the group
    /// is durable, or the body's error.
    let run: @Sendable (inout StoreTransaction<Model>) -> Result<@Sendable () -> Void, any Error>
    /// Resumes the caller with an error.
    let fail: @Sendable (any Error) -> Void
    /// Whether its group commits on the writer's own thread rather than the caller's: a
    /// large write, which must not hold a thread of the cooperative pool for long.
    let runsOnWriterThread: Bool
}

/// What a group commit did.
struct GroupCommit<Model: StorableModel>: Sendable {
    /// For each write, in order: how to resume its caller, or why it failed.
    var outcomes: [Result<@Sendable () -> Void, any Error>] = []
    /// Each changed record's value before and after, when asked for.
    var changes: [(old: Model?, new: Model?)] = []
    /// The version before the group.
    var startVersion: UInt64 = 0
    /// The version after the group.
    var version: UInt64 = 0
}
