import ModelStorage

/// What a group commit did: each write's outcome, the records it changed, and the versions
/// before and after it.
///
/// Writes from concurrent tasks are grouped into one database transaction and one durable
/// commit, and each still counts as a commit of its own: each runs in a savepoint, over the
/// records as the writes before it left them, and a write that fails is rolled back alone.
/// ``run(_:on:collectingChanges:group:)`` runs that algorithm over any SQL database through
/// a ``GroupWriter``.
public struct GroupCommit: Sendable {
    /// For each write, in order: how to resume its caller, or why it failed.
    public var outcomes: [Result<@Sendable () -> Void, any Error>]
    /// Each changed record's value before and after the group, model by model, when asked
    /// for (the live queries' need); `old` is `nil` when not collected or for a new record.
    public var changes: CommittedChanges
    /// The version before the group.
    public var startVersion: UInt64
    /// The version after the group: ``startVersion`` plus the writes that changed something.
    public var version: UInt64

    /// A group commit's outcome.
    ///
    /// - Parameters:
    ///   - outcomes: Each write's outcome, in order.
    ///   - changes: The records changed, before and after.
    ///   - startVersion: The version before the group.
    ///   - version: The version after it.
    public init(
        outcomes: [Result<@Sendable () -> Void, any Error>] = [],
        changes: CommittedChanges = CommittedChanges(), startVersion: UInt64 = 0,
        version: UInt64 = 0
    ) {
        self.outcomes = outcomes
        self.changes = changes
        self.startVersion = startVersion
        self.version = version
    }

    /// A group in which every write failed with one error, and nothing changed.
    ///
    /// - Parameters:
    ///   - count: How many writes the group had.
    ///   - error: Why they failed.
    ///   - version: The version, before and after.
    /// - Returns: The outcome.
    public static func failed(count: Int, with error: any Error, at version: UInt64) -> Self {
        GroupCommit(
            outcomes: Array(repeating: .failure(error), count: count), changes: CommittedChanges(),
            startVersion: version, version: version)
    }

    /// Resumes each write's caller with its outcome: the body's result, or its error.
    ///
    /// - Parameter writes: The writes of the group, in the order they were committed.
    public func resumeCallers(of writes: [QueuedWrite]) {
        for (write, outcome) in zip(writes, outcomes) {
            switch outcome {
            case .success(let resume): resume()
            case .failure(let error): write.fail(error)
            }
        }
    }
}
