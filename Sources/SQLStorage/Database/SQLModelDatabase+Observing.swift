import ModelStorage

extension SQLModelDatabase {
    /// Starts following other connections' commits through the driver's
    /// ``SQLDriver/otherCommits`` source, unless it already is, it is closed, or no live
    /// query is left (`SQLStoreDatabase`).
    ///
    /// After each notice, the database notes the version its source reported, and marks
    /// every live query stale so that it reads its result again.
    ///
    /// - Parameter version: The version the newest live query's first result was read at.
    public func watchOtherCommits(from version: UInt64) {
        guard otherCommitsFollower == nil, !writes.isClosed, !liveQueries.isEmpty else {
            return
        }
        let source = driver.otherCommits
        // The follower holds the database weakly: a database released without `close()`
        // ends its follower from `deinit`.
        let notice: @Sendable (UInt64?) async -> Bool = { [weak self] version in
            guard let self else { return false }
            return await self.noteOtherCommit(version: version)
        }
        otherCommitsFollower = Task { await source.follow(from: version, notice: notice) }
    }

    /// Stops following other connections' commits, and returns once the driver's source has
    /// let go of its connections (`SQLStoreDatabase`).
    public func stopWatchingOtherCommits() async {
        guard let follower = otherCommitsFollower else { return }
        otherCommitsFollower = nil
        follower.cancel()
        await follower.value
    }

    /// Notes one notice of other connections' commits.
    ///
    /// - Returns: Whether the database still follows them.
    private func noteOtherCommit(version: UInt64?) -> Bool {
        guard otherCommitsFollower != nil, !writes.isClosed else { return false }
        if let version { writes.noteCommitted(version) }
        liveQueries.noteUnknownCommit(refreshingWith: liveResults)
        return true
    }
}
