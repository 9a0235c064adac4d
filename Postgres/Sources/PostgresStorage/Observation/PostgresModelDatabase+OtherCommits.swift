import ModelStorage
@_spi(BackendInternals) import SQLStorage

// Live queries that hear other databases' commits, in other processes and on other machines:
// while the database has a live query, it follows `PostgresOtherCommits`, which `LISTEN`s on
// the schema's channel.
extension PostgresModelDatabase {
    /// Listens on the schema's channel while a live query exists (`SQLStoreDatabase`).
    ///
    /// - Parameter version: The database's version the live queries are current with.
    public func watchOtherCommits(from version: UInt64) {
        followOtherCommits(from: version)
    }

    /// Stops listening, and returns once the connection that listened is closed
    /// (`SQLStoreDatabase`).
    public func stopWatchingOtherCommits() async {
        await stopFollowingOtherCommits()
    }
}
