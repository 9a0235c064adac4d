import InternalSupport
import KeyPathQuery
import ModelStorage

// The checks of `ModelDatabase.read(_:)`: every model at one moment, nothing written.
extension DatabaseConformance {
    static let readsNeverSeeHalfATransaction = DatabaseConformanceCheck(
        name: "readsNeverSeeHalfATransaction",
        summary: "reads taken while transactions commit a record and a note each see both "
            + "writes of a transaction or neither, with the version of the commits they see, "
            + "and never fewer commits than had ended when they began"
    ) { makeDatabase in
        try await onFreshDatabase(makeDatabase) { made in
            let progress = PairProgress()
            let (starts, starting) = AsyncStream.makeStream(of: Int.self)
            let (acknowledgements, acknowledged) = AsyncStream.makeStream(of: Void.self)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    defer { starting.finish() }
                    try await commitPairs(
                        to: made.database, progress, announcing: starting,
                        pacedBy: acknowledgements)
                }
                group.addTask {
                    defer { acknowledged.finish() }
                    try await readPairs(
                        of: made.database, progress, during: starts, acknowledging: acknowledged)
                }
                try await group.waitForAll()
            }
            let counts = progress.counts { $0 }
            // Reads that overlapped no commit would prove nothing about them.
            try expect(
                counts.readsDuringCommits >= minimumReadsDuringCommits,
                "only \(counts.readsDuringCommits) of \(counts.reads) reads began while one of "
                    + "\(counts.commits) transactions was committing; at least "
                    + "\(minimumReadsDuringCommits) must")
            let last = try await made.database.read { PairSnapshot($0) }
            let all = PairSnapshot(
                version: UInt64(counts.commits), records: counts.commits, notes: counts.commits)
            try expectEqual(last, all, "the read after the transactions")
        }
    }

    /// How long the transactions of ``readsNeverSeeHalfATransaction`` go on at most, however
    /// slow the database, once ``minimumReadsDuringCommits`` of them have committed.
    private static let pairTimeLimit: Duration = .seconds(60)

    /// The fewest reads of ``readsNeverSeeHalfATransaction`` that must begin while a
    /// transaction commits.
    private static let minimumReadsDuringCommits = 20

    /// The most reads ``readsNeverSeeHalfATransaction`` takes during one commit: a reader that
    /// never paused could starve the writer on a loaded machine (a whole run under
    /// AddressSanitizer once took 535,120 reads in its 60 s while the JSON store's first
    /// commit waited for a thread).
    private static let readsPerCommit = 50

    /// Commits transactions, the `k`th writing record `k` and a note on it: at least 200, and
    /// then until 100 reads overlapped one (or 1,000 commits, or the time limit).
    ///
    /// Each commit is announced, and begins once the reader has acknowledged it, just before
    /// its first read: that read and the commit are issued together, neither waiting for the
    /// other, whatever the scheduling. (A reader left to read at its own pace took all its
    /// reads between two commits in a loaded run, and one that waited to see a commit in
    /// flight saw none: the writer, once scheduled, ended each commit before the reader ran.)
    private static func commitPairs(
        to database: any ModelDatabase, _ progress: PairProgress,
        announcing starting: AsyncStream<Int>.Continuation,
        pacedBy acknowledgements: AsyncStream<Void>
    ) async throws {
        let deadline = ContinuousClock.now.advanced(by: pairTimeLimit)
        var reader = acknowledgements.makeAsyncIterator()
        for id in 1...1_000 {
            try Task.checkCancellation()
            progress.counts { $0.committing = id }
            starting.yield(id)
            // The reader ended (it failed, or was cancelled): nothing more to overlap.
            guard await reader.next() != nil else { return }
            try await database.transaction { transaction in
                transaction[ConformanceRecord.self].upsert(.sample(id))
                transaction[ConformanceNote.self].upsert(
                    ConformanceNote(id: id, recordID: id, text: "on \(id)"))
            }
            let enough = progress.counts { counts in
                counts.committing = nil
                counts.commits = id
                return id >= 200 && counts.readsDuringCommits >= 100
            }
            if enough || (ContinuousClock.now >= deadline && id >= minimumReadsDuringCommits) {
                return
            }
        }
    }

    /// Reads both models while each commit that ``commitPairs(to:_:announcing:pacedBy:)``
    /// announces is in flight (at most ``readsPerCommit`` reads), and fails at the first read
    /// that sees part of a transaction or fewer commits than had ended when it began.
    ///
    /// A read overlapped a commit when it began between the commit's announcement and its
    /// end, the commit's transaction issued or about to be, as the first read after each
    /// acknowledgement always is.
    private static func readPairs(
        of database: any ModelDatabase, _ progress: PairProgress, during starts: AsyncStream<Int>,
        acknowledging acknowledged: AsyncStream<Void>.Continuation
    ) async throws {
        for await id in starts {
            acknowledged.yield()
            var reads = 0
            while reads < readsPerCommit {
                let before = progress.counts { ($0.committing, $0.commits) }
                // This commit has ended: wait for the next one's announcement.
                if before.1 >= id { break }
                let seen = try await database.read { PairSnapshot($0) }
                reads += 1
                try expect(
                    seen.isWhole,
                    "a read taken while transactions committed saw part of one: \(seen)")
                try expect(
                    seen.records >= before.1,
                    "a read begun after \(before.1) commits had ended saw \(seen.records)")
                progress.counts { counts in
                    counts.reads += 1
                    // A commit was announced, and had not ended, when the read began.
                    if before.0 != nil { counts.readsDuringCommits += 1 }
                }
            }
        }
    }

    static let readsSeeEveryModelAtOneMoment = DatabaseConformanceCheck(
        name: "readsSeeEveryModelAtOneMoment",
        summary: "a read sees both models as of the latest commit, with its version, follows "
            + "references, commits nothing (a write to a copy is not stored), and throws "
            + "unknownModel for a model the database does not hold"
    ) { makeDatabase in
        try await onFreshDatabase(makeDatabase) { made in
            try await made.records.upsert(contentsOf: [.sample(1), .sample(2), .sample(3)])
            try await made.notes.upsert(contentsOf: [
                ConformanceNote(id: 10, recordID: 1, text: "on a favorite? no"),
                ConformanceNote(id: 11, recordID: 3, text: "on a favorite"),
            ])
            let seen = try await made.database.read { snapshot in
                var copy = snapshot
                copy[ConformanceRecord.self].upsert(.sample(4))
                return (
                    version: snapshot.version,
                    records: snapshot[ConformanceRecord.self].count,
                    onFavorites: try snapshot[ConformanceNote.self].fetch(
                        RecordQuery(
                            where: .reference(
                                \.recordID, to: ConformanceRecord.self,
                                where: \.favorite == true))
                    ).map(\.id)
                )
            }
            try expectEqual(seen.version, 2, "the version the read saw")
            try expectEqual(seen.records, 3, "the records the read counted")
            try expectEqual(seen.onFavorites, [11], "the notes on a favorite")
            try expectEqual(try await made.records.count(where: .true), 3, "the records after")
            try expectEqual(
                try await made.records.fetchResult(RecordQuery()).version, 2,
                "the version after the read")
            try await expectError(
                where: { error in
                    let error = error as? StoreError
                    return error?.code == .unknownModel
                        && error?.modelName == String(describing: ConformanceStray.self)
                },
                "a read of a model the database does not hold"
            ) {
                try await made.database.read { snapshot in snapshot[ConformanceStray.self].count }
            }
        }
    }
}

/// What a read of ``DatabaseConformance/readsNeverSeeHalfATransaction`` saw.
private struct PairSnapshot: Equatable, Sendable, CustomStringConvertible {
    var version: UInt64
    var records: Int
    var notes: Int

    init(version: UInt64, records: Int, notes: Int) {
        self.version = version
        self.records = records
        self.notes = notes
    }

    /// Reads the version, then the records, then the notes.
    init(_ snapshot: DatabaseTransaction) {
        version = snapshot.version
        records = snapshot[ConformanceRecord.self].count
        notes = snapshot[ConformanceNote.self].count
    }

    /// Whether it saw whole transactions: as many records as notes, one per commit.
    var isWhole: Bool { records == notes && version == UInt64(records) }

    var description: String { "version \(version), \(records) records, \(notes) notes" }
}

/// What the writer and the reader of ``DatabaseConformance/readsNeverSeeHalfATransaction``
/// share.
private final class PairProgress: Sendable {
    struct Counts: Sendable {
        /// The transactions committed so far.
        var commits = 0
        /// The transaction being committed, if one is.
        var committing: Int?
        /// The reads taken.
        var reads = 0
        /// The reads that began while a transaction was being committed.
        var readsDuringCommits = 0
    }

    private let state = Mutex(Counts())

    /// Reads or changes the counts.
    func counts<Result: Sendable>(_ body: (inout Counts) -> Result) -> Result {
        state.withLock { counts in body(&counts) }
    }
}
