/// What a store knows while it watches for other connections' commits: the connection it
/// looks through, the task that looks, and which of the versions it sees are its own.
///
/// The store's table version counts commits, whoever makes them. The store notes each of
/// its own group commits as a step from one version to the next; a version the watch reads
/// that these steps do not reach from the last one it read was reached by another
/// connection's commit.
struct ConnectionWatch: Sendable {
    /// The read connection kept for looking, opened at the first look.
    var connection: ConnectionQueue?
    /// The task that looks every interval, while the store has a live query.
    var task: Task<Void, Never>?
    /// The `PRAGMA data_version` of the last look, or `nil` before the first.
    var dataVersion: Int64?
    /// The table version the live queries are current with, as far as other connections go.
    private(set) var version: UInt64 = 0
    /// The store's own commits since the last look: the version each started from, and the
    /// version it reached.
    private var ownCommits: [UInt64: UInt64] = [:]

    /// Whether a task is looking.
    var isWatching: Bool { task != nil }

    /// Starts over from a version the live queries are current with.
    mutating func start(from version: UInt64, task: Task<Void, Never>) {
        self.version = version
        self.task = task
        dataVersion = nil
        ownCommits.removeAll()
    }

    /// Ends the watch: cancels the task and hands back what is left to close and wait for.
    mutating func end() -> (connection: ConnectionQueue?, task: Task<Void, Never>?) {
        let ended = (connection, task)
        task?.cancel()
        task = nil
        connection = nil
        dataVersion = nil
        ownCommits.removeAll()
        return ended
    }

    /// Notes a commit of the store's own, from one version to another.
    mutating func noteOwnCommit(from start: UInt64, to end: UInt64) {
        guard task != nil, end > start else { return }
        ownCommits[start] = end
    }

    /// Takes in the table version a look read.
    ///
    /// - Returns: Whether another connection committed since the last look: the store's
    ///   own commits do not lead from the last version to this one.
    mutating func othersCommitted(reaching newVersion: UInt64) -> Bool {
        var reached = version
        while reached < newVersion, let end = ownCommits.removeValue(forKey: reached) {
            reached = end
        }
        ownCommits = ownCommits.filter { $0.key >= newVersion }
        version = Swift.max(version, newVersion)
        return reached != newVersion
    }
}
