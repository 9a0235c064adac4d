import Foundation
import GRDB
import PokedexKit
import SQLiteStorage

/// 9. `SQLiteStore` against GRDB 7 (a Codable record in a `DatabasePool`) and against
/// hand-written code on SQLite's C API with prepared statements (``SQLiteCBaseline``), on the
/// same records with the same indexes (`name`, `attack`) and the same durability (WAL,
/// `synchronous = FULL`).
///
/// Each row measures the three in one run, interleaved; its ratio is against GRDB, and a
/// second row from the same runs gives the ratio against the C API. Sizes are 1,000, 100,000
/// and 1,000,000 records (`--sizes` picks others; `--quick` uses 1,000 and 5,000).
enum SQLiteBenchmarks {
    static let group = "9. SQLiteStore vs GRDB and the C API"

    /// The size the size-specific targets (`name ==`) are set at.
    static let targetSize = 1_000_000

    static func defaultSizes(quick: Bool) -> [Int] {
        quick ? [1_000, 5_000] : [1_000, 100_000, 1_000_000]
    }

    static func run(_ bench: Bench, sizes: [Int]?) async throws -> [Result] {
        let sizes = Array(Set(sizes ?? defaultSizes(quick: bench.quick))).sorted()
        guard let largest = sizes.last, let smallest = sizes.first, smallest > 0 else {
            throw BenchmarkError.setup("--sizes needs record counts above zero")
        }
        let all = try Fixtures.uniquelyNamedRecords(largest)
        return try await Fixtures.withTemporaryDirectory { directory in
            var databases: [SQLiteFixtures.Databases] = []
            for size in sizes {
                databases.append(
                    try await SQLiteFixtures.Databases(Array(all.prefix(size)), in: directory))
            }
            var results: [Result] = []
            for files in databases {
                results += try await openAndFetch(files, reference: databases[0], bench)
            }
            for files in databases { results += try await openAndCount(files, bench) }
            for files in databases { results += try await fetchByName(files, bench) }
            for files in databases { results.append(try await unindexedName(files, bench)) }
            for files in databases { results += try await strongest(files, bench) }
            for files in databases { results += try await openAndReadAll(files, bench) }
            for files in databases { results += try await countOfType(files, bench) }
            for files in databases {
                results += try await batchInsert(files, in: directory, bench)
            }
            for files in databases {
                results += try await durableUpdates(files, in: directory, bench)
            }
            return results
        }
    }

    /// The measured runs for a size: more for the small sizes, whose runs take milliseconds
    /// and whose medians a busy machine moves the most.
    static func repetitions(for count: Int, _ bench: Bench) -> Int? {
        !bench.quick && count <= 100_000 ? 3 * bench.repetitions : nil
    }

    // MARK: Opening

    /// One run that opens a database, reads, and closes it; only opening and reading are
    /// timed.
    private static func opening<Handle>(
        _ open: @escaping () async throws -> Handle,
        read: @escaping (Handle) async throws -> Void,
        close: @escaping (Handle) async throws -> Void
    ) -> () async throws -> Double {
        {
            var handle: Handle?
            let seconds = try await Bench.time {
                let opened = try await open()
                handle = opened
                try await read(opened)
            }
            if let handle { try await close(handle) }
            return seconds
        }
    }

    static func storeOpening(
        _ url: URL, read: @escaping (SQLiteStore<Pokemon>) async throws -> Void
    ) -> () async throws -> Double {
        opening({ try await SQLiteStore<Pokemon>.open(at: url) }, read: read) {
            try await $0.close()
        }
    }

    static func grdbOpening(
        _ url: URL, read: @escaping (DatabasePool) throws -> Void
    ) -> () async throws -> Double {
        opening({ try GRDBBaseline.open(at: url) }, read: read) { try $0.close() }
    }

    static func cOpening(
        _ url: URL, read: @escaping (SQLiteCBaseline) throws -> Void
    ) -> () async throws -> Double {
        opening({ try SQLiteCBaseline(at: url) }, read: read) { $0.close() }
    }

    /// Open + fetch one record by id, against GRDB and the C API; then the store against
    /// itself at the smallest size, since the target is that the time does not grow with the
    /// store (at most 2× at 1,000,000 what it is at 1,000).
    private static func openAndFetch(
        _ files: SQLiteFixtures.Databases, reference: SQLiteFixtures.Databases, _ bench: Bench
    ) async throws -> [Result] {
        let count = files.records.count
        let ids = Fixtures.spreadIDs(64, in: 1...count)
        for id in ids.prefix(8) {
            let expected = files.records[id - 1]
            let store = try await SQLiteStore<Pokemon>.open(at: files.store)
            let stored = try await store.fetch(id: id)
            try await store.close()
            let pool = try GRDBBaseline.open(at: files.table)
            let fromGRDB = try GRDBBaseline.record(id: id, in: pool)
            try pool.close()
            let connection = try SQLiteCBaseline(at: files.cTable)
            let fromC = try connection.record(id: id)
            connection.close()
            guard stored == expected, fromGRDB == expected, fromC == expected else {
                throw BenchmarkError.disagreement("open + fetch by id \(id), \(files.size)")
            }
        }
        var turns = (store: 0, grdb: 0, c: 0, reference: 0)
        let referenceIDs = Fixtures.spreadIDs(64, in: 1...reference.records.count)
        let storeRun = storeOpening(files.store) { store in
            turns.store += 1
            blackHole(try await store.fetch(id: ids[turns.store % ids.count]))
        }
        var results = try await bench.compareThree(
            group: group, name: "open + fetch by id, \(files.size)", target: .report,
            candidate: ("SQLiteStore.open + fetch(id:)", storeRun),
            baseline: (
                "GRDB DatabasePool + fetchOne(key:)",
                grdbOpening(files.table) { pool in
                    turns.grdb += 1
                    blackHole(try GRDBBaseline.record(id: ids[turns.grdb % ids.count], in: pool))
                }
            ),
            reference: (
                "C API: open, prepare, step",
                cOpening(files.cTable) { connection in
                    turns.c += 1
                    blackHole(try connection.record(id: ids[turns.c % ids.count]))
                }
            ),
            note: "each run opens the database, reads one record and closes it (closing not "
                + "timed); the files are in the page cache; \(files.fileSizes)",
            repetitions: repetitions(for: count, bench))
        guard count > reference.records.count else { return results }
        let memory = try await residentMemory(files)
        results.append(
            try await bench.compareMeasured(
                group: group,
                name: "open + fetch by id, \(files.size) vs \(reference.size)",
                target: .atMost(2),
                candidate: ("SQLiteStore.open + fetch(id:), \(files.size)", storeRun),
                baseline: (
                    "the same, \(reference.size)",
                    storeOpening(reference.store) { store in
                        turns.reference += 1
                        blackHole(
                            try await store.fetch(
                                id: referenceIDs[turns.reference % referenceIDs.count]))
                    }
                ),
                note: "the time does not grow with the store (an index lookup); " + memory,
                repetitions: repetitions(for: count, bench)))
        return results
    }

    /// How much memory opening each database takes (open, count, fetch one record, kept
    /// open while measured), as a note with the verdict on the store's.
    private static func residentMemory(_ files: SQLiteFixtures.Databases) async throws -> String {
        let (storeResident, storeHeap, store) = try await ResidentMemory.growth {
            let store = try await SQLiteStore<Pokemon>.open(at: files.store)
            blackHole(try await store.count())
            blackHole(try await store.fetch(id: files.records.count))
            return store
        }
        try await store.close()
        let (grdbResident, grdbHeap, pool) = try await ResidentMemory.growth {
            let pool = try GRDBBaseline.open(at: files.table)
            blackHole(try GRDBBaseline.count(in: pool))
            blackHole(try GRDBBaseline.record(id: files.records.count, in: pool))
            return pool
        }
        try pool.close()
        guard let storeResident, let storeHeap, let grdbResident, let grdbHeap else {
            return "memory not measured on this system"
        }
        let largest = max(storeResident, storeHeap)
        return "memory after opening (open, count, fetch by id), resident / SQLite's allocations: "
            + "SQLiteStore +\(ResidentMemory.megabytes(storeResident)) / "
            + "+\(ResidentMemory.megabytes(storeHeap)) (target < 64 MB: "
            + (largest < 64 << 20 ? "met" : "MISSED") + "), GRDB "
            + "+\(ResidentMemory.megabytes(grdbResident)) / +\(ResidentMemory.megabytes(grdbHeap))"
    }

    /// Open + count, against GRDB (target ≤ 2×) and the C API.
    private static func openAndCount(_ files: SQLiteFixtures.Databases, _ bench: Bench)
        async throws -> [Result]
    {
        let count = files.records.count
        let store = try await SQLiteStore<Pokemon>.open(at: files.store)
        let counted = try await store.count()
        try await store.close()
        let pool = try GRDBBaseline.open(at: files.table)
        let countedByGRDB = try GRDBBaseline.count(in: pool)
        try pool.close()
        guard counted == count, countedByGRDB == count else {
            throw BenchmarkError.disagreement("open + count, \(files.size)")
        }
        return try await bench.compareThree(
            group: group, name: "open + count, \(files.size)", target: .atMost(2),
            candidate: (
                "SQLiteStore.open + count()",
                storeOpening(files.store) { blackHole(try await $0.count()) }
            ),
            baseline: (
                "GRDB DatabasePool + fetchCount",
                grdbOpening(files.table) { blackHole(try GRDBBaseline.count(in: $0)) }
            ),
            reference: (
                "C API: open, SELECT count(*)",
                cOpening(files.cTable) { blackHole(try $0.count()) }
            ),
            note: "SQLite counts by scanning the smallest index, in every one of the three",
            repetitions: repetitions(for: count, bench))
    }
}
