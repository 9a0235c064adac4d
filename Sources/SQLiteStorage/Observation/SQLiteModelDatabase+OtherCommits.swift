import ModelStorage
@_spi(BackendInternals) import SQLStorage

// Live queries that see other connections' commits, in other processes too: while the
// database has a live query, it follows `SQLiteOtherCommits`, which looks at
// `PRAGMA data_version` every `SQLiteStoreOptions/observationInterval`.
extension SQLiteModelDatabase {
    /// Starts looking for other connections' commits, when a live query exists and nothing
    /// looks yet (`SQLStoreDatabase`).
    ///
    /// - Parameter version: The database's version the live queries are current with.
    public func watchOtherCommits(from version: UInt64) {
        followOtherCommits(from: version)
    }

    /// Stops looking, and returns once the connection that looked is closed
    /// (`SQLStoreDatabase`).
    public func stopWatchingOtherCommits() async {
        await stopFollowingOtherCommits()
    }
}
