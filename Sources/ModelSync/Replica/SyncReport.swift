/// What one ``Replica/sync()`` did.
public struct SyncReport: Hashable, Sendable {
    /// What became of each pushed write, in the order pushed.
    public var pushResults: [PushResult]
    /// How many changes were pulled and applied (or found superseded by a local write).
    public var pulledChanges: Int

    /// A report.
    ///
    /// - Parameters:
    ///   - pushResults: The results of the pushed writes.
    ///   - pulledChanges: How many changes were pulled.
    public init(pushResults: [PushResult], pulledChanges: Int) {
        self.pushResults = pushResults
        self.pulledChanges = pulledChanges
    }

    /// The pushed writes the server did not take as sent.
    ///
    /// Each was kept (the server's record won) or rejected (a conflict under the merge
    /// policy `error`). The replica holds the server's record for each now.
    public var overruled: [PushResult] {
        pushResults.filter { $0.outcome == .kept || $0.outcome == .rejected }
    }
}
