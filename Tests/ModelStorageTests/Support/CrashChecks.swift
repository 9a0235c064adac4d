import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import Testing

/// What a crash harness checks after each kill, the same for every backend: the records
/// against the acknowledgements (``CrashLedger``), each save under way whole or not at all,
/// and the notes the writer's transactions wrote beside their records; added up over a run.
///
/// The writer (`StoreCrashWriter write`) writes a database of records and notes: record `n`
/// is always ``expectedRecord(_:)``, and a transaction that puts record `n` puts note `n`,
/// referring to it, in the same commit.
struct CrashChecks {
    /// Acknowledged saves lost.
    var lost = 0
    /// Acknowledged deletes undone.
    var resurrected = 0
    /// Saves under way at a kill found half applied.
    var halfApplied = 0
    /// Saves of several records under way at a kill, each checked whole or not at all.
    var wholeOrNothingChecks = 0
    /// Notes found, each checked against the record it was written with.
    var notesChecked = 0
    /// Notes without their record, records of a transaction without their note, or a
    /// reference to a record that is not there.
    var brokenNotes = 0
    /// Transactions acknowledged, over every run.
    private(set) var acknowledgedTransactions = 0
    /// The records acknowledged transactions put: each must have its note.
    private(set) var transactionPuts: Set<Int> = []

    /// The records acknowledged purges deleted with their notes: none of those notes may be
    /// left.
    private(set) var purged: Set<Int> = []

    /// Reads one run's output for the transactions it acknowledged.
    mutating func read(_ lines: [String]) {
        for line in lines where line.hasPrefix("ack tx") {
            acknowledgedTransactions += 1
            transactionPuts.formUnion(Self.puts(ofTransaction: line))
            let gone = Self.purges(ofTransaction: line)
            transactionPuts.subtract(gone)
            purged.formUnion(gone)
        }
    }

    /// The models of the writer's database.
    static let models: [any StorableModel.Type] = [ConformanceRecord.self, ConformanceNote.self]

    /// Reads what a killed writer left through the stores of a database opened read-only,
    /// closes the database, and checks what it read as
    /// ``check(records:notes:ledger:iteration:sourceLocation:)`` does.
    mutating func check(
        _ database: some ModelDatabase, records: some ModelStore<ConformanceRecord>,
        notes: some ModelStore<ConformanceNote>, ledger: CrashLedger, iteration: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let records = try await records.fetch(.everyRecord)
        let notes = try await notes.fetch(.everyRecord)
        try await database.close()
        check(
            records: records, notes: notes, ledger: ledger, iteration: iteration,
            sourceLocation: sourceLocation)
    }

    /// Checks what a killed writer left against the acknowledgements, recording an issue
    /// for each problem and adding it up.
    mutating func check(
        records: [ConformanceRecord], notes: [ConformanceNote], ledger: CrashLedger,
        iteration: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let present = Set(records.map(\.id))
        let (lost, undone) = ledger.check(
            present, iteration: iteration, sourceLocation: sourceLocation)
        self.lost += lost
        resurrected += undone
        for record in records where record != Self.expectedRecord(record.id) {
            Issue.record(
                "iteration \(iteration): record \(record.id) is \(record)",
                sourceLocation: sourceLocation)
        }
        // A save under way when the writer was killed is there whole or not at all.
        for (line, save) in ledger.inFlight {
            if save.puts.count + save.deletes.count > 1 { wholeOrNothingChecks += 1 }
            let applied =
                save.puts.allSatisfy(present.contains)
                && !save.deletes.contains(where: present.contains)
            let notApplied =
                !save.puts.contains(where: present.contains)
                && save.deletes.allSatisfy(present.contains)
            if !applied && !notApplied {
                halfApplied += 1
                Issue.record(
                    "iteration \(iteration): \"\(line)\" is half applied",
                    sourceLocation: sourceLocation)
            }
        }
        let broken = Self.brokenNotes(
            notes, present: present, transactionPuts: transactionPuts, purged: purged,
            ledger: ledger)
        for problem in broken {
            Issue.record("iteration \(iteration): \(problem)", sourceLocation: sourceLocation)
        }
        brokenNotes += broken.count
        notesChecked += notes.count
        // A purge under way at the kill that took its records is, from now on, as if it had
        // been acknowledged: their notes are gone for good.
        for (line, _) in ledger.inFlight where line.hasPrefix("tx purge") {
            let gone = Self.purges(ofTransaction: line).filter { !present.contains($0) }
            transactionPuts.subtract(gone)
            purged.formUnion(gone)
        }
    }

    /// The notes' problems: a transaction wrote record `n` and note `n` together, so each
    /// note is there with its record (or refers to nothing, its record deleted since), each
    /// acknowledged transaction's records have their notes unless a purge deleted them, no
    /// note outlives its purge, and a transaction under way at the kill left both models or
    /// neither.
    static func brokenNotes(
        _ notes: [ConformanceNote], present: Set<Int>, transactionPuts: Set<Int>,
        purged: Set<Int>, ledger: CrashLedger
    ) -> [String] {
        var broken: [String] = []
        let noted = Set(notes.map(\.id))
        // A purge under way at the kill that took its records took their notes too.
        var purgedInFlight: Set<Int> = []
        for (line, _) in ledger.inFlight where line.hasPrefix("tx purge") {
            for id in purges(ofTransaction: line) where !present.contains(id) {
                purgedInFlight.insert(id)
                if noted.contains(id) {
                    broken.append("\"\(line)\" deleted record \(id) but left its note")
                }
            }
        }
        for id in purged where noted.contains(id) {
            broken.append("note \(id) outlived the acknowledged purge of its record")
        }
        for note in notes {
            switch note.recordID {
            case .some(let id) where id != note.id || !present.contains(id):
                broken.append("note \(note.id) refers to \(id), which is not there")
            case nil where present.contains(note.id):
                broken.append("note \(note.id) lost its reference to a record that is there")
            default: break
            }
        }
        for id in transactionPuts where !noted.contains(id) && !purgedInFlight.contains(id) {
            broken.append("record \(id) of an acknowledged transaction has no note")
        }
        for (line, save) in ledger.inFlight where line.hasPrefix("tx") {
            for id in save.puts where present.contains(id) != noted.contains(id) {
                broken.append("\"\(line)\" left record \(id) without its note, or the reverse")
            }
        }
        return broken
    }

    /// The ids a transaction line puts: `ack tx put 7 8 9 del 3` puts 7, 8 and 9.
    static func puts(ofTransaction line: String) -> [Int] {
        let words = line.split(separator: " ")
        guard let put = words.firstIndex(of: "put") else { return [] }
        return words[(put + 1)...].prefix { $0 != "del" }.compactMap { Int($0) }
    }

    /// The ids a purge deletes with their notes: `ack tx purge 1 2 3` deletes 1, 2 and 3.
    static func purges(ofTransaction line: String) -> [Int] {
        let words = line.split(separator: " ")
        guard let purge = words.firstIndex(of: "purge") else { return [] }
        return words[(purge + 1)...].compactMap { Int($0) }
    }

    /// The value record `id` always has.
    static func expectedRecord(_ id: Int) -> ConformanceRecord {
        ConformanceRecord(id: id, name: "r\(id)", attack: id % 1_000, favorite: id % 2 == 0)
    }

    /// The figures of the checks, for a run's summary.
    var summary: String {
        """
        transactions acknowledged: \(acknowledgedTransactions); lost: \(lost); deletes \
        undone: \(resurrected); half-applied saves: \(halfApplied) of \(wholeOrNothingChecks) \
        saves of several records under way at a kill; notes checked against their records: \
        \(notesChecked), broken: \(brokenNotes); records purged with their notes: \(purged.count)
        """
    }
}
