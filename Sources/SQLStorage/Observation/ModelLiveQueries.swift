import KeyPathQuery
import ModelStorage

/// One model's live queries, as ``LiveQueries`` keeps them beside other models': what it
/// asks of every model's registry without knowing the model.
protocol ModelLiveQueries: Sendable {
    /// Whether the model has no live query.
    var isEmpty: Bool { get }

    /// Marks the queries a commit's changes to this model can change.
    ///
    /// - Returns: Whether a refresh pass must start.
    mutating func noteCommit(in changes: CommittedChanges) -> Bool

    /// Marks the queries that follow references into the models a commit changed.
    ///
    /// - Returns: Whether a refresh pass must start.
    mutating func noteCommit(toModels models: Set<ObjectIdentifier>) -> Bool

    /// Marks every query after a commit of unknown changes.
    ///
    /// - Returns: Whether a refresh pass must start.
    mutating func noteUnknownCommit() -> Bool

    /// Ends every query.
    mutating func finishAll()

    /// Starts a refresh pass over this model's stale queries.
    func startRefresh(in queries: LiveQueries, with reader: some LiveQueryReading)
}

extension LiveQueryRegistry: ModelLiveQueries {
    mutating func noteCommit(in changes: CommittedChanges) -> Bool {
        let changes = changes.changes(of: Model.self)
        return !changes.isEmpty && noteCommit(changes)
    }

    func startRefresh(in queries: LiveQueries, with reader: some LiveQueryReading) {
        queries.refresh(Model.self, with: reader)
    }
}
