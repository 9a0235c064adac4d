import Foundation
import KeyPathQuery
import ModelStorage
import PostgresNIO

extension PostgresStore {
    /// A live query: the current results, then new results after every commit that can
    /// change them, this store's or another store's on the same database.
    ///
    /// ```swift
    /// for await result in try await store.observe(RecordQuery(where: \.favorite == true)) {
    ///     print(result.records.map(\.name))
    /// }
    /// ```
    ///
    /// The store's own commits reach the query at once. Every commit also sends a `NOTIFY`
    /// on the table's channel (`modelstorage_<table>`) with the new version; while the store
    /// has a live query, a connection of its own `LISTEN`s there, so that a commit through
    /// another `PostgresStore` on the database — in another process, on another machine —
    /// re-runs the query, and its new result is delivered when it differs from the last.
    ///
    /// - Parameter query: The query to keep current.
    /// - Returns: The results, current first; the sequence ends when the store closes.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated;
    ///   `StoreError/closed(path:)` when the store is closed.
    /// - Complexity: Each result re-runs the query in PostgreSQL and encodes its records
    ///   once, to tell a changed result from the last.
    public func observe(_ query: RecordQuery<Model>) async throws
        -> AsyncStream<QueryResult<Model>>
    {
        try checkOpen()
        let compiled = try Self.compile(query)
        let layout = layout
        let first = try await reader().perform { connection in
            try connection.result(of: query, compiled: compiled, in: layout)
        }
        try checkOpen()
        let (id, stream) = liveQueries.add(query, compiled: compiled, current: first) {
            [weak self] id in
            guard let self else { return }
            Task { await self.removeLiveQuery(id) }
        }
        if first.version < committedVersion {
            // A commit landed while the first result was read.
            refreshLiveQueries(needed: liveQueries.markStale(id))
        }
        startListening()
        return stream
    }

    private func removeLiveQuery(_ id: LiveQueryRegistry<Model>.ID) {
        liveQueries.remove(id)
        if liveQueries.isEmpty {
            listener?.cancel()
            listener = nil
        }
    }

    /// Starts a pass that re-runs the stale live queries on a reader, until none is stale.
    func refreshLiveQueries(needed: Bool) {
        guard needed else { return }
        Task {
            let layout = layout
            while !isClosed, let stale = liveQueries.nextStale() {
                let result = try? await reader().perform { connection in
                    try connection.result(of: stale.query, compiled: stale.compiled, in: layout)
                }
                if let result { liveQueries.deliver(result, for: stale) }
            }
        }
    }

    // MARK: Other stores' commits

    /// Listens on the table's channel while a live query exists, on a connection of its own,
    /// connecting again after the connection is lost (a restarted server, say).
    private func startListening() {
        guard listener == nil else { return }
        let (configuration, logger, channel) = (configuration, options.logger, channel)
        listener = Task.detached { [weak self] in
            while !Task.isCancelled {
                do {
                    let connection = try await PostgresConnection.connect(
                        configuration: configuration, id: Int.random(in: 1...Int(Int32.max)),
                        logger: logger)
                    defer { Task { try? await connection.close() } }
                    try await connection.listen(on: channel) { notifications in
                        // Listening now: a commit made before is found by re-running.
                        await self?.noteOtherCommit(version: nil)
                        for try await notification in notifications {
                            guard let self else { return }
                            await self.noteNotification(notification.payload)
                        }
                    }
                } catch {
                    // Lost or refused: try again shortly.
                }
                try? await Task.sleep(nanoseconds: 200_000_000)
            }
        }
    }

    /// A notification: another store's commit, unless it carries this store's tag.
    private func noteNotification(_ payload: String) {
        let parts = payload.split(separator: " ")
        guard parts.count < 2 || String(parts[1]) != tag else { return }
        noteOtherCommit(version: parts.first.flatMap { UInt64($0) })
    }

    /// Marks every live query stale after another store's commit.
    private func noteOtherCommit(version: UInt64?) {
        if let version {
            guard version > committedVersion else { return }
            committedVersion = version
        }
        refreshLiveQueries(needed: liveQueries.noteUnknownCommit())
    }
}
