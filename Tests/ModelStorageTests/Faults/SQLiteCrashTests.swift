import Foundation
import InternalSupport
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import QueryTestSupport
import SQLiteStorage
import TestSupport
import Testing

/// A writer on an `SQLiteStore` killed with SIGKILL at random moments, many times over, never
/// costs a save it acknowledged, never leaves a save half applied, and always leaves a
/// database that opens.
///
/// The writer (`StoreCrashWriter write <file>.sqlite`) saves single records, batches, groups
/// of concurrent inserts (one SQLite transaction), deletes and transactions that insert and
/// delete at once. It is killed at a moment drawn from a seeded generator
/// (`STORE_CRASH_SEED`, 13 by default): while it opens, or up to 200 ms after it opened (a
/// save syncs the WAL, so a writer makes a few dozen of them in that time). After
/// each kill the database is opened read-only and checked, then the next writer starts on the
/// same file. `STORE_CRASH_ITERATIONS` sets how many kills (25 by default;
/// `Scripts/crash-harness.sh 1200 sqlite` runs 1,200).
///
/// Each kill must be what it claims: the writer ended by the test's SIGKILL, not on its own;
/// a kill after it opened comes after its first acknowledged save, and at least
/// ``CrashLedger/minimumMidSaveShare`` of those made at a random moment land with a save under
/// way. One kill in five is made just after a save of several records begins, so that at
/// least ``minimumWholeOrNothingChecks`` such saves are checked whole or not at all; those
/// kills land mid-save by construction, so they are counted apart
/// (``CrashLedger/targetedKills``) and do not raise the random kills' share.
@Suite("Crash safety on SQLite", .serialized)
struct SQLiteCrashTests {
    /// Iterations of the kill loop; `STORE_CRASH_ITERATIONS` raises it for a long run.
    static let iterations = CrashRun.iterations(default: 25)

    @Test func aKilledWriterNeverLosesAnAcknowledgedSave() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.sqlite")
            let started = ContinuousClock.now
            var ledger = CrashLedger()
            var generator = SplitMix64(seed: CrashRun.seed)
            var killedWhileOpening = 0
            var killedMidSave = 0
            var killedMidTransaction = 0
            var checks = CrashChecks()
            for iteration in 0..<Self.iterations {
                let child = try ChildProcess(["write", url.path, "\(ledger.highestID + 1)", "0"])
                // Whatever happens, the writer does not outlive its iteration.
                defer { child.kill() }
                // Now and then, kill it while it opens (and recovers the WAL); as often, just
                // after a save of several records begins, so that the check that such a save
                // is there whole or not at all runs in every run, however short.
                let whileOpening = iteration % 5 == 4
                let targeted = iteration % 5 == 2
                if targeted {
                    try await child.waitForLine(startingWith: "ack ")
                    child.kill(
                        atLineWhere: CrashLedger.beginsASaveOfSeveralRecords,
                        after: .microseconds(Int.random(in: 0...500, using: &generator)))
                    // Such a save begins every few saves: a writer not killed by then fails.
                    try await child.waitForExit(within: .seconds(30))
                } else {
                    try await child.waitForRandomMoment(
                        whileOpening: whileOpening, upTo: .milliseconds(200), using: &generator)
                    child.kill()
                    try await child.waitForExit()
                }
                child.expectKilled(iteration: iteration)
                ledger.read(child.lines, stop: nil)
                if !whileOpening {
                    ledger.noteKillAmongSaves(iteration: iteration, targeted: targeted)
                }
                if !child.lines.contains("ready") { killedWhileOpening += 1 }
                if !ledger.inFlight.isEmpty { killedMidSave += 1 }
                if ledger.inFlight.keys.contains(where: { $0.hasPrefix("tx") }) {
                    killedMidTransaction += 1
                }
                checks.read(child.lines)
                try await verify(url, ledger, into: &checks, iteration: iteration)
            }
            let seconds = (ContinuousClock.now - started).components.seconds
            print(
                """
                SQLite crash harness: \(Self.iterations) writers killed with SIGKILL \
                (seed \(CrashRun.seed), \(seconds) s)
                  while opening: \(killedWhileOpening); with a save under way: \(killedMidSave), \
                of which a transaction: \(killedMidTransaction)
                  at a random moment among saves: \(ledger.killsAmongSaves), of which with a \
                save under way: \(ledger.killsMidSave); just after a save of several records \
                began: \(ledger.targetedKills), of which with it under way: \
                \(ledger.targetedKillsMidSave)
                  acknowledged: \(ledger.ackedPuts.count) puts, \(ledger.ackedDeletes.count) \
                deletes
                  \(checks.summary)
                """)
            #expect(ledger.ackedPuts.count > Self.iterations, "the writer got to save")
            #expect(checks.acknowledgedTransactions > 0, "the writer got to commit transactions")
            #expect(checks.notesChecked > 0, "notes written by transactions were checked")
            ledger.expectKillsLandedMidSave()
            #expect(
                checks.wholeOrNothingChecks >= Self.minimumWholeOrNothingChecks,
                "saves of several records under way at a kill, checked whole or not at all")
        }
    }

    /// The least number of saves of several records (a batch, a bulk delete, a transaction)
    /// that must be under way at a kill over a run, so that the check that each is there
    /// whole or not at all runs (a save of one record cannot be half applied): half the
    /// kills made just after such a save begins (one in five), and at least one.
    static let minimumWholeOrNothingChecks = max(1, iterations / 10)

    /// Opens what the killed writer left and checks it against the acknowledgements.
    func verify(
        _ url: URL, _ ledger: CrashLedger, into checks: inout CrashChecks, iteration: Int
    ) async throws {
        let database = try await SQLiteModelDatabase.open(
            at: url, for: CrashChecks.models, options: .readOnly)
        try await checks.check(
            database, records: database.store(for: ConformanceRecord.self),
            notes: database.store(for: ConformanceNote.self), ledger: ledger, iteration: iteration)
    }
}
