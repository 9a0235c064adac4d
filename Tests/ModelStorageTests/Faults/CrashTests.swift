import FileSystemSupport
import Foundation
import InternalSupport
import JSONFileStorage
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import QueryTestSupport
import TestSupport
import Testing

/// A writer killed with SIGKILL at random moments, many times over, never costs a save it
/// acknowledged, never leaves a transaction across two models in part, and always leaves a
/// store that opens.
///
/// The writer (`StoreCrashWriter write <file>.json`) writes a `JSONFileModelDatabase` of
/// records and notes: single records, batches, groups of concurrent inserts, deletes, and
/// transactions that insert records with a note referring to each and delete a record. After
/// each kill the database is opened read-only and checked (``CrashChecks``): every
/// acknowledged save there, every save under way whole or not at all, every note with its
/// record.
///
/// Two kinds of kill alternate: at a random moment after the writer opened (or while it
/// opens), and at a chosen file-system call, where the writer stops for good until it is
/// killed — between the new document's write and its rename, among others. The random
/// moments come from a seeded generator (`STORE_CRASH_SEED`, 13 by default), the same one
/// `SQLiteCrashTests` draws from. Each kill is classed by what the writer was doing;
/// `STORE_CRASH_ITERATIONS` sets how many (60 by default; `Scripts/crash-harness.sh` runs
/// 1,200).
///
/// Each kill must be what it claims: the writer ended by the test's SIGKILL, not on its own;
/// a kill at a chosen call reached the call; a kill at a random moment after the writer
/// opened comes after its first acknowledged save, at least
/// ``CrashLedger/minimumMidSaveShare`` of those land with a save under way, and at least
/// ``CrashLedger/minimumFileWriteShare`` of them while the writer writes a file (a journal
/// append or a document rewrite, as its traced calls tell).
@Suite("Crash safety", .serialized)
struct CrashTests {
    /// Iterations of the kill loop; `STORE_CRASH_ITERATIONS` raises it for a long run.
    static let iterations = CrashRun.iterations(default: 60)

    @Test func aKilledWriterNeverLosesAnAcknowledgedSave() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            var ledger = CrashLedger()
            var checks = CrashChecks()
            var generator = SplitMix64(seed: CrashRun.seed)
            let stops = CrashStop.all(directory: directory)
            for iteration in 0..<Self.iterations {
                // Every third kill is at a chosen call, the others at a random moment.
                let stop = iteration % 3 == 2 ? stops[(iteration / 3) % stops.count] : nil
                var environment = ["STORE_CRASH_TRACE": "1"]
                if let stop {
                    environment["STORE_CRASH_STOP"] =
                        "\(stop.call):\(stop.suffix):\(Int.random(in: 0...2, using: &generator))"
                }
                let child = try ChildProcess(
                    [
                        "write", url.path, "\(ledger.highestID + 1)",
                        "\([512, 2_048, 8_192][iteration % 3])",
                    ], environment: environment)
                // Whatever happens, the writer does not outlive its iteration.
                defer { child.kill() }
                // Now and then, kill it while it opens (and recovers, and compacts).
                let whileOpening = stop == nil && iteration % 5 == 4
                if let stop {
                    let reached = try await child.line(startingWith: "stop", within: .seconds(30))
                    if reached == nil { ledger.unreachedStops[stop.name, default: 0] += 1 }
                } else {
                    try await child.waitForRandomMoment(
                        whileOpening: whileOpening, upTo: .milliseconds(25), using: &generator)
                }
                child.kill()
                try await child.waitForExit()
                child.expectKilled(iteration: iteration)
                ledger.read(child.lines, stop: stop)
                if stop == nil && !whileOpening { ledger.noteKillAmongSaves(iteration: iteration) }
                checks.read(child.lines)
                try await verify(url, ledger, into: &checks, iteration: iteration)
            }
            print(
                ledger.summary(iterations: Self.iterations, seed: CrashRun.seed) + "\n  "
                    + checks.summary)
            #expect(ledger.ackedPuts.count > Self.iterations, "the writer got to save")
            #expect(checks.acknowledgedTransactions > 0, "the writer got to commit transactions")
            #expect(checks.notesChecked > 0, "notes written by transactions were checked")
            #expect(ledger.kills[.journalAppend, default: 0] > 0, "kills during journal appends")
            #expect(ledger.kills[.documentRewrite, default: 0] > 0, "kills during rewrites")
            #expect(ledger.stopsBeforeRename > 0, "kills between the write and the rename")
            #expect(ledger.unreachedStops.isEmpty, "every kill at a chosen call reached it")
            ledger.expectKillsLandedMidSave()
            ledger.expectKillsLandedDuringFileWrites()
        }
    }

    /// Opens what the killed writer left and checks it against the acknowledgements.
    func verify(
        _ url: URL, _ ledger: CrashLedger, into checks: inout CrashChecks, iteration: Int
    ) async throws {
        let database = try await JSONFileModelDatabase.open(
            at: url, for: CrashChecks.models, options: .readOnly)
        try await checks.check(
            database, records: database.store(for: ConformanceRecord.self),
            notes: database.store(for: ConformanceNote.self), ledger: ledger, iteration: iteration)
    }
}

/// A file-system call a writer is stopped at for good, before it is killed.
struct CrashStop: Sendable {
    /// The call, as `FileSystem.Call` names it.
    let call: String
    /// The end of the path it is made on.
    let suffix: String
    /// What it is, for the summary.
    let name: String
    /// Whether the new document is written but not yet renamed over the old one.
    let isBeforeRename: Bool

    /// Every stop, in the order a document rewrite and a journal append make the calls.
    static func all(directory: URL) -> [CrashStop] {
        [
            CrashStop(
                call: "write", suffix: ".json.tmp", name: "new document created, not written",
                isBeforeRename: false),
            CrashStop(
                call: "sync", suffix: ".json.tmp", name: "new document written, not synced",
                isBeforeRename: true),
            CrashStop(
                call: "link", suffix: ".json.backup.tmp", name: "synced, no backup yet",
                isBeforeRename: true),
            CrashStop(
                call: "rename", suffix: ".json.backup", name: "backup made, not named",
                isBeforeRename: true),
            CrashStop(
                call: "rename", suffix: ".json", name: "written and synced, not renamed",
                isBeforeRename: true),
            CrashStop(
                call: "sync", suffix: directory.lastPathComponent,
                name: "renamed, directory not synced", isBeforeRename: false),
            CrashStop(
                call: "write", suffix: ".journal", name: "journal line not written",
                isBeforeRename: false),
            CrashStop(
                call: "sync", suffix: ".journal", name: "journal line written, not synced",
                isBeforeRename: false),
            CrashStop(
                call: "truncate", suffix: ".journal", name: "journal being started over",
                isBeforeRename: false),
        ]
    }
}
