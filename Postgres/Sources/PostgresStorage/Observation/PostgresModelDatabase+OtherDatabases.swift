import Foundation
import KeyPathQuery
import ModelStorage
import PostgresNIO
import SQLStorage

/// Live queries that hear other databases' commits: the shared `SQLStoreDatabase`
/// implementation keeps them, and what is PostgreSQL's own is how the commits of other
/// databases on the schema are heard: `LISTEN` on the schema's channel.
extension PostgresModelDatabase {
    /// Listens on the schema's channel while a live query exists (`SQLStoreDatabase`).
    ///
    /// It listens on a connection of its own, connecting again after the connection is lost
    /// (a restarted server, say). The version is not needed: a notification carries its
    /// commit's.
    public func watchOtherCommits(from version: UInt64) {
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

    /// Stops listening, once no live query is left (`SQLStoreDatabase`).
    public func stopWatchingOtherCommits() {
        listener?.cancel()
        listener = nil
    }

    /// A notification: another database's commit, unless it carries this database's tag.
    private func noteNotification(_ payload: String) {
        let parts = payload.split(separator: " ")
        guard parts.count < 2 || String(parts[1]) != tag else { return }
        noteOtherCommit(version: parts.first.flatMap { UInt64($0) })
    }

    /// Marks every live query of every model stale after another database's commit, which
    /// may have changed any of the tables.
    ///
    /// Even a commit whose version is not above the committed version: this database's own
    /// later commit to one model may have raised it past another's commit to another model,
    /// whose live queries its own commit left alone.
    private func noteOtherCommit(version: UInt64?) {
        if let version { writes.noteCommitted(version) }
        liveQueries.noteUnknownCommit(refreshingWith: liveResults)
    }
}
