import ModelStorage

extension SQLDriverDatabase {
    /// Starts following other connections' commits through the database's
    /// ``SQLDriverDatabase/otherCommits`` source, unless it already is, it is closed, or no
    /// live query is left (the body of `SQLStoreDatabase.watchOtherCommits(from:)`).
    ///
    /// After each notice, the database notes the version its source reported, and marks
    /// every live query stale so that it reads its result again.
    ///
    /// - Parameter version: The version the newest live query's first result was read at.
    public func followOtherCommits(from version: UInt64) {
        guard otherCommitsFollower == nil, !writes.isClosed, !liveQueries.isEmpty else {
            return
        }
        let source = otherCommits
        // The follower holds the database weakly: a database released without `close()`
        // ends its follower from `deinit`.
        let notice: @Sendable (UInt64?) async -> Bool = { [weak self] version in
            guard let self else { return false }
            return await self.noteOtherCommit(version: version)
        }
        otherCommitsFollower = Task { await source.follow(from: version, notice: notice) }
    }

    /// Stops following other connections' commits, and returns once the source has let go
    /// of its connections (the body of `SQLStoreDatabase.stopWatchingOtherCommits()`).
    public func stopFollowingOtherCommits() async {
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

extension SQLDriverDatabase {
    /// Closes the database: the body of `SQLStoreDatabase.close()`.
    ///
    /// It finishes the writes already queued, ends every live query, stops following other
    /// connections' commits, then closes the readers' connections and the writer's. Closing
    /// again does nothing.
    ///
    /// - Parameters:
    ///   - readers: The owners of the readers' connections.
    ///   - writer: The owner of the writer's connection, or `nil` when the database has none.
    public func closeConnections(
        readers: [some ConnectionOwner], writer: (some ConnectionOwner)?
    ) async {
        // No write joins from now on; the groups being committed finish first.
        guard await writes.close() else { return }
        liveQueries.finishAll()
        await stopFollowingOtherCommits()
        for reader in readers { await reader.close() }
        await writer?.close()
    }
}
