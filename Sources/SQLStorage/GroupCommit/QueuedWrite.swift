import ModelStorage

/// A write waiting for the next group commit: its transaction body, and how to resume or
/// fail its caller.
///
/// A database queues one for each call of `transaction(_:)` — its own, or one of its stores'
/// (and of the writes built on them) — and hands the writes queued together to
/// ``GroupCommit/run(_:on:collectingChanges:group:)``.
public struct QueuedWrite: Sendable {
    /// Runs the body; returns what resumes the caller with the body's result once the group
    /// is durable, or the body's error.
    public let run: @Sendable (inout DatabaseTransaction) -> Result<@Sendable () -> Void, any Error>

    /// Resumes the caller with an error.
    public let fail: @Sendable (any Error) -> Void

    /// Records of one model to upsert as they are, without a transaction body
    /// (`upsert(contentsOf:)`): their changes need no read, so `run` only resumes the
    /// caller; `nil` for a body.
    public var upserts: UpsertBatch?

    /// Whether the group should commit on the writer's own thread rather than the caller's: a
    /// large write, which must not hold a thread of Swift's cooperative pool for long.
    public var runsOnWriterThread: Bool

    /// A write that runs a transaction body across the database's models and resumes its
    /// caller with the body's result.
    ///
    /// ```swift
    /// let write = QueuedWrite(body) { result in continuation.resume(with: result) }
    /// ```
    ///
    /// - Parameters:
    ///   - body: The transaction's body.
    ///   - runsOnWriterThread: Whether its group commits on the writer's own thread.
    ///   - resume: Called once: with the body's result after the commit, or with the error
    ///     that failed the write.
    public init<Result: Sendable>(
        _ body: @escaping @Sendable (inout DatabaseTransaction) throws -> Result,
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

    /// A write that runs a transaction body over one model's records: what a store of the
    /// database queues.
    ///
    /// ```swift
    /// let write = QueuedWrite(of: Pokemon.self, body) { continuation.resume(with: $0) }
    /// ```
    ///
    /// - Parameters:
    ///   - model: The model the body reads and writes.
    ///   - body: The transaction's body.
    ///   - runsOnWriterThread: Whether its group commits on the writer's own thread.
    ///   - resume: Called once, as for ``init(_:runsOnWriterThread:resume:)``.
    public init<Model: StorableModel, Result: Sendable>(
        of model: Model.Type,
        _ body: @escaping @Sendable (inout StoreTransaction<Model>) throws -> Result,
        runsOnWriterThread: Bool = false,
        resume: @escaping @Sendable (Swift.Result<Result, any Error>) -> Void
    ) {
        self.init(
            { transaction in try body(&transaction[model]) },
            runsOnWriterThread: runsOnWriterThread, resume: resume)
    }
}

/// Records of one model that a write upserts as they are, without reading them first.
public struct UpsertBatch: Sendable {
    let model: ObjectIdentifier
    let records: any Sendable
    /// Whether the records refer to others, which a write must check in its transaction.
    let hasReferences: Bool
    /// Upserts the records in a transaction, as a body would.
    let upsert: @Sendable (inout DatabaseTransaction) -> Void

    /// The records to upsert; a later one with the same id wins, in the place of the first.
    ///
    /// - Parameter records: The records.
    public init<Model: StorableModel>(_ records: [Model]) {
        model = ObjectIdentifier(Model.self)
        self.records = records
        hasReferences = !Model.declaredReferences.isEmpty
        upsert = { $0[Model.self].upsert(contentsOf: records) }
    }

    /// The records, when they are of this model.
    func records<Model: StorableModel>(of model: Model.Type) -> [Model]? {
        guard self.model == ObjectIdentifier(model) else { return nil }
        return records as? [Model]
    }
}
