import KeyPathQuery
import ModelStorage

// The live queries every SQL database shares: registered in its `LiveQueries`, read as a
// store reads a result, and told of the database's own commits by the group commit. What
// is each driver's own is how it hears of other connections' commits.
extension SQLModelDatabase {
    /// A live query of one model: the current result, then a new one after every commit
    /// that can change it (see `SQLStore.observe(_:)`).
    ///
    /// - Parameter query: The query to keep current.
    /// - Returns: The results, current first; the sequence ends when the database closes.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated;
    ///   `StoreError/closed(at:)` when the database is closed.
    nonisolated func observe<Model: StorableModel>(
        _ query: RecordQuery<Model>
    ) async throws -> AsyncStream<QueryResult<Model>> {
        let store = try SQLStore(of: Model.self, in: self)
        let compiled = try query.compiledForRefreshes(options: store.table.options)
        let first: QueryResult<Model>
        do {
            first = try await store.result(of: query, compiled: compiled)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.invalidQuery(
                .unsupported(
                    operation: "a live query through a reference", target: .sql,
                    reason: "reading it through the database failed: \(error)"))
        }
        guard !writes.isClosed else { throw StoreError.closed(at: location) }
        let (id, stream) = liveQueries.add(query, compiled: compiled, current: first) {
            [weak self] id in
            guard let self else { return }
            Task { await self.endLiveQuery(id) }
        }
        // Noted under the lock the group commit reads it under, with the version read there:
        // either a commit running now sees this query, or this sees the commit's version.
        if first.version < writes.noteLiveQueries(true) {
            // A commit landed while the first result was read.
            liveQueries.markStale(id, refreshingWith: liveResults)
        }
        await watchOtherCommits(from: first.version)
        return stream
    }

    /// How the database's live queries read their results: as its stores read them.
    nonisolated var liveResults: SQLLiveResults<Driver> { SQLLiveResults(database: self) }

    /// Removes a live query whose consumer went away; with none left, the database stops
    /// watching for other connections' commits.
    private nonisolated func endLiveQuery<Model: StorableModel>(_ id: LiveQueryRegistry<Model>.ID)
        async
    {
        guard liveQueries.remove(id) else { return }
        writes.noteLiveQueries(false)
        await stopWatchingOtherCommits()
    }
}

// Following other connections' commits while a live query exists: through the driver's
// `OtherCommitSource`, which is all each driver adds here.
extension SQLModelDatabase {
    /// Starts following other connections' commits through the driver's
    /// ``SQLDriver/otherCommits`` source, unless it already is, it is closed, or no live
    /// query is left.
    ///
    /// After each notice, the database notes the version its source reported, and marks
    /// every live query stale so that it reads its result again.
    ///
    /// - Parameter version: The version the newest live query's first result was read at.
    func watchOtherCommits(from version: UInt64) {
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
    /// let go of its connections.
    func stopWatchingOtherCommits() async {
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

/// How an SQL database's live queries read their results (``LiveQueryReading``): through
/// the model's ``SQLStore``, planned as its fetches are.
struct SQLLiveResults<Driver: SQLDriver>: LiveQueryReading {
    /// The database whose live queries these are.
    let database: SQLModelDatabase<Driver>

    /// Whether the database is closed.
    var isClosed: Bool { database.writes.isClosed }

    /// A live query's result, as the model's store reads it.
    func result<Model: StorableModel>(
        of query: RecordQuery<Model>, compiled: CompiledQuery<Model>
    ) async throws -> QueryResult<Model> {
        try await SQLStore(of: Model.self, in: database).result(of: query, compiled: compiled)
    }
}
