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
/// ``CrashLedger/minimumMidSaveShare`` of those land with a save under way. One kill in five
/// is made just after a save of several records begins, so that at least
/// ``minimumWholeOrNothingChecks`` such saves are checked whole or not at all.
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
            var ackedTransactions = 0
            var transactionPuts: Set<Int> = []
            var failures = Failures()
            for iteration in 0..<Self.iterations {
                let child = try ChildProcess(["write", url.path, "\(ledger.highestID + 1)", "0"])
                // Whatever happens, the writer does not outlive its iteration.
                defer { child.kill() }
                // Now and then, kill it while it opens (and recovers the WAL); as often, just
                // after a save of several records begins, so that the check that such a save
                // is there whole or not at all runs in every run, however short.
                let whileOpening = iteration % 5 == 4
                if iteration % 5 == 2 {
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
                if !whileOpening { ledger.noteKillAmongSaves(iteration: iteration) }
                if !child.lines.contains("ready") { killedWhileOpening += 1 }
                if !ledger.inFlight.isEmpty { killedMidSave += 1 }
                if ledger.inFlight.keys.contains(where: { $0.hasPrefix("tx") }) {
                    killedMidTransaction += 1
                }
                let acked = child.lines.filter { $0.hasPrefix("ack tx") }
                ackedTransactions += acked.count
                for line in acked { transactionPuts.formUnion(Self.puts(ofTransaction: line)) }
                failures.add(
                    try await verify(
                        url, ledger, transactionPuts: transactionPuts, iteration: iteration))
            }
            let seconds = (ContinuousClock.now - started).components.seconds
            print(
                """
                SQLite crash harness: \(Self.iterations) writers killed with SIGKILL \
                (seed \(CrashRun.seed), \(seconds) s)
                  while opening: \(killedWhileOpening); with a save under way: \(killedMidSave), \
                of which a transaction: \(killedMidTransaction)
                  acknowledged: \(ledger.ackedPuts.count) puts, \(ledger.ackedDeletes.count) \
                deletes, \(ackedTransactions) transactions
                  lost: \(failures.lost); deletes undone: \(failures.resurrected); \
                half-applied saves: \(failures.halfApplied) of \(failures.wholeOrNothingChecks) \
                saves of several records under way at a kill; notes checked against their \
                records: \(failures.notesChecked), broken: \(failures.brokenNotes)
                """)
            #expect(ledger.ackedPuts.count > Self.iterations, "the writer got to save")
            #expect(ackedTransactions > 0, "the writer got to commit transactions")
            #expect(failures.notesChecked > 0, "notes written by transactions were checked")
            ledger.expectKillsLandedMidSave()
            #expect(
                failures.wholeOrNothingChecks >= Self.minimumWholeOrNothingChecks,
                "saves of several records under way at a kill, checked whole or not at all")
        }
    }

    /// The least number of saves of several records (a batch, a bulk delete, a transaction)
    /// that must be under way at a kill over a run, so that the check that each is there
    /// whole or not at all runs (a save of one record cannot be half applied): half the
    /// kills made just after such a save begins (one in five), and at least one.
    static let minimumWholeOrNothingChecks = max(1, iterations / 10)

    /// What the checks after the kills found, added up.
    struct Failures {
        var lost = 0
        var resurrected = 0
        var halfApplied = 0
        /// Saves of several records under way at a kill, each checked whole or not at all.
        var wholeOrNothingChecks = 0
        /// Notes found, each checked against the record it was written with.
        var notesChecked = 0
        /// Notes without their record, records of a transaction without their note, or a
        /// reference to a record that is not there.
        var brokenNotes = 0

        mutating func add(_ other: Failures) {
            lost += other.lost
            resurrected += other.resurrected
            halfApplied += other.halfApplied
            wholeOrNothingChecks += other.wholeOrNothingChecks
            notesChecked += other.notesChecked
            brokenNotes += other.brokenNotes
        }
    }

    /// Opens what the killed writer left and checks it against the acknowledgements.
    func verify(
        _ url: URL, _ ledger: CrashLedger, transactionPuts: Set<Int>, iteration: Int
    ) async throws -> Failures {
        let database = try await SQLiteModelDatabase.open(
            at: url, for: [ConformanceRecord.self, ConformanceNote.self], options: .readOnly)
        let records = try await database.store(for: ConformanceRecord.self).fetch(.everyRecord)
        let notes = try await database.store(for: ConformanceNote.self).fetch(.everyRecord)
        try await database.close()
        let present = Set(records.map(\.id))
        let (lost, undone) = ledger.check(present, iteration: iteration)
        for record in records where record != expectedRecord(record.id) {
            Issue.record("iteration \(iteration): record \(record.id) is \(record)")
        }
        // A save under way when the writer was killed is there whole or not at all.
        var failures = Failures(lost: lost, resurrected: undone)
        failures.brokenNotes = checkNotes(
            notes, present: present, transactionPuts: transactionPuts, ledger: ledger,
            iteration: iteration)
        failures.notesChecked = notes.count
        for (line, save) in ledger.inFlight {
            if save.puts.count + save.deletes.count > 1 { failures.wholeOrNothingChecks += 1 }
            let applied =
                save.puts.allSatisfy(present.contains)
                && !save.deletes.contains(where: present.contains)
            let notApplied =
                !save.puts.contains(where: present.contains)
                && save.deletes.allSatisfy(present.contains)
            if !applied && !notApplied {
                failures.halfApplied += 1
                Issue.record("iteration \(iteration): \"\(line)\" is half applied")
            }
        }
        return failures
    }

    /// Checks the notes against the records: a transaction wrote record `n` and note `n`
    /// together, so each note is there with its record (or refers to nothing, its record
    /// deleted since), each acknowledged transaction's records have their notes, and a
    /// transaction under way at the kill left both models or neither.
    func checkNotes(
        _ notes: [ConformanceNote], present: Set<Int>, transactionPuts: Set<Int>,
        ledger: CrashLedger, iteration: Int
    ) -> Int {
        var broken: [String] = []
        let noted = Set(notes.map(\.id))
        for note in notes {
            switch note.recordID {
            case .some(let id) where id != note.id || !present.contains(id):
                broken.append("note \(note.id) refers to \(id), which is not there")
            case nil where present.contains(note.id):
                broken.append("note \(note.id) lost its reference to a record that is there")
            default: break
            }
        }
        for id in transactionPuts where !noted.contains(id) {
            broken.append("record \(id) of an acknowledged transaction has no note")
        }
        for (line, save) in ledger.inFlight where line.hasPrefix("tx") {
            for id in save.puts where present.contains(id) != noted.contains(id) {
                broken.append("\"\(line)\" left record \(id) without its note, or the reverse")
            }
        }
        for problem in broken { Issue.record("iteration \(iteration): \(problem)") }
        return broken.count
    }

    /// The ids a transaction line puts: `ack tx put 7 8 9 del 3` puts 7, 8 and 9.
    static func puts(ofTransaction line: String) -> [Int] {
        let words = line.split(separator: " ")
        guard let put = words.firstIndex(of: "put") else { return [] }
        return words[(put + 1)...].prefix { $0 != "del" }.compactMap { Int($0) }
    }

    func expectedRecord(_ id: Int) -> ConformanceRecord {
        ConformanceRecord(id: id, name: "r\(id)", attack: id % 1_000, favorite: id % 2 == 0)
    }
}
