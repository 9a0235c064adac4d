import InternalSupport
import KeyPathQuery
import ModelStorage
import SQLStorage

/// Live queries that see other connections' commits: while the store has a live query, a
/// task looks at `PRAGMA data_version` on a read connection of its own every
/// `SQLiteStoreOptions/observationInterval`.
///
/// SQLite offers no notification of another process's commit (its update and commit hooks
/// see only the connection's own), and file-system events differ on every platform, so the
/// store polls, which costs a read of the WAL index in shared memory and nothing from the
/// disk while nothing changed. When the data version changes, the store reads its table's
/// version: versions its own commits reached are already delivered; any other makes every
/// live query re-run, delivering the results that differ from the last.
extension SQLiteModelDatabase {
    /// Starts looking for other connections' commits, when a live query exists and no task
    /// looks yet (`SQLStoreDatabase`).
    ///
    /// - Parameter version: The table version the live queries are current with.
    public func watchOtherCommits(from version: UInt64) {
        guard !watch.isWatching, !isClosed, !liveQueries.isEmpty else { return }
        let interval = Swift.max(options.observationInterval, .milliseconds(1))
        let task = Task { [weak self] in
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval) } catch { return }
                guard let store = self, await store.lookForOtherCommits() else { return }
            }
        }
        watch.start(from: version, task: task)
    }

    /// Stops looking, closes the watch's connection and waits for its task to end
    /// (`SQLStoreDatabase`).
    public func stopWatchingOtherCommits() async {
        let (connection, task) = watch.end()
        await connection?.close()
        await task?.value
    }

    /// Looks once for other connections' commits, and marks the live queries stale when it
    /// finds one.
    ///
    /// - Returns: Whether to keep looking.
    private func lookForOtherCommits() async -> Bool {
        guard !Task.isCancelled, watch.isWatching else { return false }
        guard !isClosed, !liveQueries.isEmpty else {
            // Ended from its own task, which must not wait for itself.
            await watch.end().connection?.close()
            return false
        }
        let connection: ConnectionQueue
        if let open = watch.connection {
            connection = open
        } else {
            // A failure to open is tried again at the next look.
            guard
                let opened = try? ConnectionQueue(
                    path: path, writable: false, busyTimeout: options.lockTimeout)
            else { return true }
            watch.connection = opened
            connection = opened
        }
        guard let dataVersion = try? await connection.run({ try $0.dataVersion() }),
            dataVersion != watch.dataVersion,
            let version = try? await connection.run({ try $0.databaseVersion() })
        else { return !Task.isCancelled }
        // The watch may have ended (and another begun) while the connection read.
        guard !Task.isCancelled, watch.connection === connection else { return false }
        watch.dataVersion = dataVersion
        guard watch.othersCommitted(reaching: version) else { return true }
        writes.noteCommitted(version)
        liveQueries.noteUnknownCommit(refreshingWith: liveResults)
        return true
    }
}
