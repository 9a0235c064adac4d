import InternalSupport
import ModelStorage
@_spi(BackendInternals) import SQLStorage

/// How an SQLite database hears of other connections' commits (`OtherCommitSource`): it looks
/// at `PRAGMA data_version` on a read connection of its own every
/// `SQLiteStoreOptions/observationInterval`.
///
/// SQLite offers no notification of another process's commit (its update and commit hooks
/// see only the connection's own), and file-system events differ on every platform, so the
/// database polls, which costs a read of the WAL index in shared memory and nothing from the
/// disk while nothing changed. When the data version changes, it reads the database's
/// version. The database's own commits change the data version too, since the looking
/// connection is not the writer's, so each own commit is noted (``noteOwnCommit(from:to:)``)
/// as a step from one version to the next: a version that these steps do not reach from the
/// last one read was reached by another connection's commit.
@_spi(BackendInternals)
public final class SQLiteOtherCommits: OtherCommitSource {
    /// The database file.
    let path: String
    /// How long the looking connection waits for a lock.
    let lockTimeout: Duration
    /// How long it waits between looks.
    let interval: Duration
    /// The database's own commits since the last look, and the version the live queries are
    /// current with.
    private let steps = Mutex(OwnCommits())

    init(path: String, options: SQLiteStoreOptions) {
        self.path = path
        lockTimeout = options.lockTimeout
        interval = Swift.max(options.observationInterval, .milliseconds(1))
    }

    /// The database's own commits that a look may find, and the version looked at last.
    private struct OwnCommits {
        /// The number of the run of ``follow(from:notice:)`` that notes them, or `nil` while
        /// none runs: own commits are noted only then.
        var run: UInt64?
        /// The number of runs so far.
        var runs: UInt64 = 0
        /// The version the live queries are current with, as far as other connections go.
        var version: UInt64 = 0
        /// The version each own commit started from, and the version it reached.
        var steps: [UInt64: UInt64] = [:]

        /// Whether other connections committed to reach a version: whether the own commits'
        /// steps from the last version do not reach it.
        mutating func othersCommitted(reaching newVersion: UInt64) -> Bool {
            var reached = version
            while reached < newVersion, let end = steps.removeValue(forKey: reached) {
                reached = end
            }
            steps = steps.filter { $0.key >= newVersion }
            version = Swift.max(version, newVersion)
            return reached != newVersion
        }
    }

    /// Notes one of the database's own group commits, from the version it started at to the
    /// one it reached, while the database follows other commits (`OtherCommitSource`).
    public func noteOwnCommit(from start: UInt64, to end: UInt64) {
        steps.withLock { own in
            guard own.run != nil, end > start else { return }
            own.steps[start] = end
        }
    }

    /// Looks every interval until the calling task is cancelled or `notice` returns `false`,
    /// then closes the connection it looked through (`OtherCommitSource`).
    public func follow(
        from version: UInt64, notice: @escaping @Sendable (UInt64?) async -> Bool
    ) async {
        // A run that is ending, stopped a moment ago, must not end this one's notes.
        let run = steps.withLock { own in
            own.runs += 1
            own.run = own.runs
            own.version = version
            own.steps = [:]
            return own.runs
        }
        var connection: ConnectionQueue?
        var dataVersion: Int64?
        while !Task.isCancelled {
            do { try await Task.sleep(for: interval) } catch { break }
            if connection == nil {
                // A failure to open is tried again at the next look.
                connection = try? ConnectionQueue(
                    path: path, writable: false, busyTimeout: lockTimeout)
            }
            guard let connection,
                let looked = try? await connection.run({ try $0.dataVersion() }),
                looked != dataVersion,
                let version = try? await connection.run({ try $0.databaseVersion() })
            else { continue }
            dataVersion = looked
            guard !Task.isCancelled else { break }
            guard steps.withLock({ $0.othersCommitted(reaching: version) }) else { continue }
            guard await notice(version) else { break }
        }
        steps.withLock { own in
            guard own.run == run else { return }
            own.run = nil
            own.steps = [:]
        }
        await connection?.close()
    }
}
