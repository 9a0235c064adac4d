import Foundation
import GRDB
import PokedexKit
import SQLiteStorage

/// Writes: a batch insert in one transaction into an empty database with the indexes, and
/// single durable updates in an open one.
extension SQLiteBenchmarks {
    /// A fresh folder in the benchmark's directory.
    private static func freshFolder(in directory: URL) throws -> URL {
        let folder = directory.appending(path: UUID().uuidString, directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Every record inserted in one transaction into an empty database that has the
    /// indexes, against GRDB (target ≤ 1×) and the C API; opening and creating the table are
    /// not timed, and each run checks the count afterwards.
    static func batchInsert(
        _ files: SQLiteFixtures.Databases, in directory: URL, _ bench: Bench
    ) async throws -> [Result] {
        let records = files.records
        let count = records.count
        let note =
            "indexes on name, attack and favorite exist before the insert in all three; the store "
            + "also writes each record's JSON and its id's unique index"
        guard count < targetSize else {
            // A run of the three takes many minutes here: the inserts that made the
            // databases, timed then, one run each, are the measurement.
            let (store, grdb, c) = files.insertSeconds
            func row(_ label: String, _ seconds: Double, _ target: Target) -> Result {
                Result(
                    group: group, name: "batch insert, \(size(count))",
                    candidate: "SQLiteStore.upsert(contentsOf:)", baseline: label,
                    candidateMedianSeconds: store, baselineMedianSeconds: seconds,
                    target: target,
                    note: note + "; one run each, timed while the databases were made, in turn",
                    candidateSeconds: [store], baselineSeconds: [seconds])
            }
            return [
                row("GRDB record.insert(db) in one write", grdb, .atMost(1)),
                row("C API: prepared INSERT in BEGIN … COMMIT", c, .report),
            ]
        }
        func checkCount(_ counted: Int, _ who: String) throws {
            guard counted == count else {
                throw BenchmarkError.disagreement("\(who)'s batch insert, \(files.size)")
            }
        }
        return try await bench.compareThree(
            group: group, name: "batch insert, \(files.size)", target: .atMost(1),
            candidate: (
                "SQLiteStore.upsert(contentsOf:)",
                {
                    let folder = try freshFolder(in: directory)
                    defer { try? FileManager.default.removeItem(at: folder) }
                    let store = try await SQLiteFixtures.openStore(
                        at: folder.appending(path: "store.sqlite"))
                    let seconds = try await Bench.time {
                        try await store.upsert(contentsOf: records)
                    }
                    try checkCount(try await store.count(), "SQLiteStore")
                    try await store.close()
                    return seconds
                }
            ),
            baseline: (
                "GRDB record.insert(db) in one write",
                {
                    let folder = try freshFolder(in: directory)
                    defer { try? FileManager.default.removeItem(at: folder) }
                    let pool = try GRDBBaseline.open(at: folder.appending(path: "grdb.sqlite"))
                    try GRDBBaseline.createTable(in: pool)
                    let seconds = try await Bench.time {
                        try GRDBBaseline.insert(records, into: pool)
                    }
                    try checkCount(try GRDBBaseline.count(in: pool), "GRDB")
                    try pool.close()
                    return seconds
                }
            ),
            reference: (
                "C API: prepared INSERT in BEGIN … COMMIT",
                {
                    let folder = try freshFolder(in: directory)
                    defer { try? FileManager.default.removeItem(at: folder) }
                    let connection = try SQLiteCBaseline(at: folder.appending(path: "c.sqlite"))
                    try connection.createTable()
                    let seconds = try await Bench.time { try connection.insert(records) }
                    try checkCount(try connection.count(), "the C API")
                    connection.close()
                    return seconds
                }
            ),
            note: note, repetitions: batchRepetitions(for: count, bench),
            warmUp: count <= 10_000 && !bench.quick)
    }

    /// "1,000 records".
    private static func size(_ count: Int) -> String {
        "\(count.formatted()) records"
    }

    /// The measured runs of a batch insert: one in `--quick`, three at 100,000 records.
    private static func batchRepetitions(for count: Int, _ bench: Bench) -> Int {
        if bench.quick { return 1 }
        return count > 10_000 ? 3 : 3 * bench.repetitions
    }

    /// The single-record commits each side makes before its updates are timed: more than
    /// SQLite's automatic checkpoint (at 1,000 WAL pages) needs at 4 or more pages a commit,
    /// so that every side's WAL has been checkpointed and is written over, not grown.
    private static let steadyStateCommits = 400

    /// Ten single-record saves, each durable before the next (one commit and WAL sync each),
    /// in an open database of the size whose WAL is at its working size, against GRDB
    /// (target ≤ 1×) and the C API.
    static func durableUpdates(
        _ files: SQLiteFixtures.Databases, in directory: URL, _ bench: Bench
    ) async throws -> [Result] {
        let count = files.records.count
        let folder = try freshFolder(in: directory)
        defer { try? FileManager.default.removeItem(at: folder) }
        let storeURL = folder.appending(path: "store.sqlite")
        let grdbURL = folder.appending(path: "grdb.sqlite")
        let cURL = folder.appending(path: "c.sqlite")
        try FileManager.default.copyItem(at: files.store, to: storeURL)
        try FileManager.default.copyItem(at: files.table, to: grdbURL)
        try FileManager.default.copyItem(at: files.cTable, to: cURL)
        let store = try await SQLiteStore<Pokemon>.open(at: storeURL)
        let pool = try GRDBBaseline.open(at: grdbURL)
        let connection = try SQLiteCBaseline(at: cURL)

        // Distinct ids spread over the store (7919 is prime, so prime to every size here);
        // each side keeps the records as it changed them, and toggles the next one's favorite.
        let ids = (0..<64).map { $0 * 7919 % count + 1 }
        final class Changes {
            var records: [Pokemon]
            var saves = 0
            init(_ records: [Pokemon]) { self.records = records }
            func next(_ ids: [Int]) -> Pokemon {
                let index = ids[saves % ids.count] - 1
                saves += 1
                records[index].favorite.toggle()
                return records[index]
            }
        }
        let byStore = Changes(files.records)
        let byGRDB = Changes(files.records)
        let byC = Changes(files.records)
        let perRun = 10
        // Each side first makes enough commits that its WAL has grown to its working size,
        // been checkpointed and is being written over from its start, as in an app that has
        // been writing for a while. Before that, a commit that makes the WAL file longer also
        // syncs the file's new size, which takes longer than its frames: the side whose WAL
        // happened to grow during the timed runs lost, whatever its own work (the async row
        // below once measured 0.61× for that reason alone).
        for _ in 0..<steadyStateCommits {
            try await store.upsert(byStore.next(ids))
            try GRDBBaseline.update(byGRDB.next(ids), in: pool)
            try connection.update(byC.next(ids))
        }
        let results = try await bench.compareThree(
            group: group, name: "\(perRun) durable updates, \(files.size)", target: .atMost(1),
            candidate: (
                "SQLiteStore.upsert(_:) of a changed record",
                {
                    try await Bench.time {
                        for _ in 0..<perRun { try await store.upsert(byStore.next(ids)) }
                    }
                }
            ),
            baseline: (
                "GRDB record.update(db) in a write",
                {
                    try await Bench.time {
                        for _ in 0..<perRun { try GRDBBaseline.update(byGRDB.next(ids), in: pool) }
                    }
                }
            ),
            reference: (
                "C API: prepared UPDATE in BEGIN IMMEDIATE … COMMIT",
                {
                    try await Bench.time {
                        for _ in 0..<perRun { try connection.update(byC.next(ids)) }
                    }
                }
            ),
            note: "each save a transaction of its own, returning once its commit is in the WAL "
                + "and synced (synchronous = FULL in all three); each WAL at its working size "
                + "after \(steadyStateCommits) commits",
            repetitions: 3 * bench.repetitions)
        // Check: the three made the same changes.
        let changed = Set(ids.prefix(byStore.saves))
        for id in changed {
            let expected = byStore.records[id - 1]
            let stored = try await store.fetch(id: id)
            let fromGRDB = try GRDBBaseline.record(id: id, in: pool)
            let fromC = try connection.record(id: id)
            guard byStore.saves == byGRDB.saves, byStore.saves == byC.saves, stored == expected,
                fromGRDB == expected, fromC == expected
            else { throw BenchmarkError.disagreement("the durable updates, \(files.size)") }
        }
        // GRDB's async write, which hops to its writer's queue and back as the store's saves
        // do, on a copy of its database of its own; reported, for the cost of those hops.
        let asyncURL = folder.appending(path: "grdb-async.sqlite")
        try FileManager.default.copyItem(at: files.table, to: asyncURL)
        let asyncPool = try GRDBBaseline.open(at: asyncURL)
        let byStoreAgain = Changes(byStore.records)
        let byGRDBAsync = Changes(files.records)
        for _ in 0..<steadyStateCommits {
            let record = byGRDBAsync.next(ids)
            try await asyncPool.write { db in try record.update(db) }
        }
        let asyncResult = try await bench.compare(
            group: group, name: "\(perRun) durable updates, \(files.size)", target: .report,
            candidate: (
                "SQLiteStore.upsert(_:) of a changed record",
                { for _ in 0..<perRun { try await store.upsert(byStoreAgain.next(ids)) } }
            ),
            baseline: (
                "GRDB try await pool.write { record.update(db) }",
                {
                    for _ in 0..<perRun {
                        let record = byGRDBAsync.next(ids)
                        try await asyncPool.write { db in try record.update(db) }
                    }
                }
            ),
            note: "the write a Swift concurrency caller of GRDB makes: it too hops to the "
                + "writer's queue and back; on copies of the databases the rows above use",
            repetitions: 3 * bench.repetitions)
        for id in Set(ids.prefix(byStoreAgain.saves)) {
            guard try await store.fetch(id: id) == byStoreAgain.records[id - 1],
                try GRDBBaseline.record(id: id, in: asyncPool) == byGRDBAsync.records[id - 1]
            else { throw BenchmarkError.disagreement("the async updates, \(files.size)") }
        }
        try asyncPool.close()
        try await store.close()
        try pool.close()
        connection.close()
        return results + [asyncResult]
    }
}
