import ModelStorage

/// A write waiting for the next group commit: its transaction body, and how to resume or
/// fail its caller.
///
/// A store queues one for each call of `transaction(_:)` (and of the writes built on it), and
/// hands the writes queued together to ``GroupCommit/run(_:on:collectingChanges:group:)``.
public struct QueuedWrite<Model: StorableModel>: Sendable {
    /// Runs the body; returns what resumes the caller with the body's result once the group
    /// is durable, or the body's error.
    public let run:
        @Sendable (inout StoreTransaction<Model>) -> Result<@Sendable () -> Void, any Error>
    /// Resumes the caller with an error.
    public let fail: @Sendable (any Error) -> Void
    /// Records to upsert as they are, without a transaction body (`upsert(contentsOf:)`):
    /// their changes need no read, so `run` only resumes the caller; `nil` for a body.
    public var upserts: [Model]?
    /// Whether the group should commit on the writer's own thread rather than the caller's: a
    /// large write, which must not hold a thread of Swift's cooperative pool for long.
    public var runsOnWriterThread: Bool

    /// A write that runs a transaction body and resumes its caller with the body's result.
    ///
    /// ```swift
    /// let write = QueuedWrite<Pokemon>(body) { result in continuation.resume(with: result) }
    /// ```
    ///
    /// - Parameters:
    ///   - body: The transaction's body.
    ///   - runsOnWriterThread: Whether its group commits on the writer's own thread.
    ///   - resume: Called once: with the body's result after the commit, or with the error
    ///     that failed the write.
    public init<Result: Sendable>(
        _ body: @escaping @Sendable (inout StoreTransaction<Model>) throws -> Result,
        runsOnWriterThread: Bool = false,
        resume: @escaping @Sendable (Swift.Result<Result, any Error>) -> Void
    ) {
        self.run = { transaction in
            do {
                let result = try body(&transaction)
                return .success { resume(.success(result)) }
            } catch {
                return .failure(error)
            }
        }
        self.fail = { resume(.failure($0)) }
        self.upserts = nil
        self.runsOnWriterThread = runsOnWriterThread
    }
}
