import Foundation
import PokedexKit
import PostgresStorage

/// Writes: a batch of new records inserted in one transaction, and single updates, each
/// durable (the server flushes every commit to the disk) before the next.
extension PostgresBenchmarks {
    /// 10,000 new records (1,000 in `--quick`) stored in one transaction into the table of
    /// the size, against the same upsert by hand (multi-row `INSERT … ON CONFLICT`, the
    /// statements `upsert(contentsOf:)` asks for) and against a prepared `INSERT` per record;
    /// after each run the records are deleted and the table vacuumed, untimed.
    static func batchInsert(_ database: BenchDatabase, _ bench: Bench) async throws -> [Result] {
        let records = database.newRecords
        let store = database.store
        let handWritten = database.handWritten
        let inserted = InsertedRows(database)
        func run(_ who: String, _ insert: @escaping () async throws -> Void)
            -> () async throws -> Double
        {
            {
                let seconds = try await Bench.time(insert)
                try await inserted.check(who)
                try await database.execute(
                    #"DELETE FROM "pokemon" WHERE "id" > \#(database.records.count)"#)
                try await database.execute(#"VACUUM "pokemon""#)
                return seconds
            }
        }
        return try await bench.compareThree(
            group: group,
            name: "batch insert of \(records.count.formatted()), \(database.size)",
            target: target,
            candidate: (
                "store.upsert(contentsOf:)",
                run("the store") { try await store.upsert(contentsOf: records) }
            ),
            baseline: (
                "INSERT … ON CONFLICT DO UPDATE of 1,000 rows a statement, one transaction",
                run("the multi-row upsert") { try await handWritten.upsertInBatches(records) }
            ),
            reference: (
                "prepared INSERT per record, one transaction",
                run("the prepared INSERT") { try await handWritten.insertEach(records) }
            ),
            note: "per batch; into the table of the size, with its indexes; every side counts "
                + "the commit in modelstorage_version and stamps the rows with it, and stores "
                + "the same rows (checked)",
            repetitions: bench.quick ? 1 : bench.repetitions)
    }

    /// Ten single updates a run, each a transaction of its own that reads the record,
    /// toggles its favorite and writes its row, and returns once the commit is flushed.
    static func updates(_ database: BenchDatabase, _ bench: Bench) async throws -> Result {
        let count = database.records.count
        // Distinct ids spread over the table (7919 is prime, so prime to every size here),
        // the even-numbered ones for the store and the others for the baseline.
        let ids = (0..<64).map { $0 * 7919 % count + 1 }
        let byStore = Toggles(
            ids.enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element))
        let byHand = Toggles(
            ids.enumerated().filter { !$0.offset.isMultiple(of: 2) }.map(\.element))
        let store = database.store
        let handWritten = database.handWritten
        let versionBefore = try await database.version()
        let perRun = 10
        let result = try await bench.compareMeasured(
            group: group, name: "one durable update, \(database.size)", target: target,
            candidate: (
                "store.update(id:) { $0.favorite.toggle() }",
                perOperation(perRun) {
                    for _ in 0..<perRun {
                        try await store.update(id: byStore.next()) { $0.favorite.toggle() }
                    }
                }
            ),
            baseline: (
                "BEGIN, version, SELECT, UPDATE, COMMIT",
                perOperation(perRun) {
                    for _ in 0..<perRun {
                        _ = try await handWritten.toggleFavorite(id: byHand.next())
                    }
                }
            ),
            note: "per update, 10 in a row, each committed and flushed before the next; both "
                + "read the record, write its whole row and count the commit in "
                + "modelstorage_version",
            repetitions: repetitions(bench))
        // Both sides made every update, each counted once.
        let versionAfter = try await database.version()
        guard versionAfter - versionBefore == byStore.total + byHand.total else {
            throw BenchmarkError.disagreement(
                "the updates, \(database.size): the version grew by "
                    + "\(versionAfter - versionBefore) for \(byStore.total + byHand.total)")
        }
        for (id, toggles) in byStore.counts.merging(byHand.counts, uniquingKeysWith: +) {
            let favorite = database.records[id - 1].favorite != !toggles.isMultiple(of: 2)
            guard try await store.fetch(id: id)?.favorite == favorite,
                try await handWritten.record(id: id)?.favorite == favorite
            else {
                throw BenchmarkError.disagreement("the updates of \(id), \(database.size)")
            }
        }
        return result
    }
}

/// The ids one side updates, in turn, and how many times it updated each.
private final class Toggles {
    private let ids: [Int]
    private(set) var counts: [Int: Int] = [:]
    private(set) var total = 0

    init(_ ids: [Int]) {
        self.ids = ids
    }

    /// The next id to update, counted.
    func next() -> Int {
        let id = ids[total % ids.count]
        total += 1
        counts[id, default: 0] += 1
        return id
    }
}

/// Checks each batch insert: every record stored at the version of its commit; and, the
/// first time each side inserts, the very rows the first side stored (every column but
/// `_order` and `_version`, `_record` compared as JSON: `JSONEncoder` writes an object's keys
/// in no fixed order).
private final class InsertedRows {
    private let database: BenchDatabase
    private var reference: String?
    private var compared: Set<String> = []

    init(_ database: BenchDatabase) {
        self.database = database
    }

    func check(_ who: String) async throws {
        let above = database.records.count
        let version = try await database.version()
        let stamped = try await database.texts(
            #"SELECT count(*)::text FROM "pokemon" WHERE "id" > \#(above) "#
                + #"AND "_version" = \#(version)"#)
        guard stamped == [String(database.newRecords.count)] else {
            throw BenchmarkError.disagreement(
                "\(who)'s batch insert, \(database.size): \(stamped) rows at version \(version) "
                    + "for \(database.newRecords.count) records")
        }
        guard !compared.contains(who) else { return }
        compared.insert(who)
        let rows = try await database.texts(
            #"SELECT string_agg((to_jsonb(p) - '_order' - '_version' - '_record' "#
                + #"|| jsonb_build_object('_record', CAST(p."_record" AS jsonb)))::text, E'\n' "#
                + #"ORDER BY p."_order") FROM "pokemon" p WHERE p."id" > \#(above)"#)
        guard let reference else {
            self.reference = rows.first
            return
        }
        guard rows.first == reference else {
            let theirs = (rows.first ?? "").split(separator: "\n")
            let first = zip(theirs, reference.split(separator: "\n")).first { $0 != $1 }
            throw BenchmarkError.disagreement(
                "the rows of \(who)'s batch insert, \(database.size), and the first side's: "
                    + (first.map { "\($0.0) against \($0.1)" } ?? "a row more or less"))
        }
    }
}
