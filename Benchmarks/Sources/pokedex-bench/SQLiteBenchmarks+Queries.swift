import Foundation
import GRDB
import KeyPathQuery
import PokedexKit
import SQLiteStorage

/// Queries on open databases: `name ==` on the indexed name, the same on a store without
/// that index, and the top 10 by the indexed attack.
extension SQLiteBenchmarks {
    /// The databases of one size, open for reading.
    struct OpenDatabases {
        let store: SQLiteStore<Pokemon>
        let pool: DatabasePool
        let connection: SQLiteCBaseline

        init(_ files: SQLiteFixtures.Databases) async throws {
            store = try await SQLiteStore<Pokemon>.open(at: files.store)
            pool = try GRDBBaseline.open(at: files.table)
            connection = try SQLiteCBaseline(at: files.cTable)
        }

        func close() async throws {
            try await store.close()
            try pool.close()
            connection.close()
        }
    }

    /// 20 `name ==` queries (one match each) on the indexed name, against GRDB (target
    /// ≤ 1.5× at 1,000,000) and the C API.
    static func fetchByName(_ files: SQLiteFixtures.Databases, _ bench: Bench) async throws
        -> [Result]
    {
        let count = files.records.count
        let expected = Fixtures.spreadIDs(20, in: 1...count).map { [files.records[$0 - 1]] }
        let names = expected.map { $0[0].name }
        let open = try await OpenDatabases(files)
        func byStore() async throws -> [[Pokemon]] {
            var found: [[Pokemon]] = []
            for name in names {
                found.append(try await open.store.fetch(RecordQuery(where: \.name == name)))
            }
            return found
        }
        let byGRDB = { try names.map { try GRDBBaseline.records(named: $0, in: open.pool) } }
        let byC = { try names.map { try open.connection.records(named: $0) } }
        guard try await byStore() == expected, try byGRDB() == expected, try byC() == expected
        else {
            try await open.close()
            throw BenchmarkError.disagreement("name ==, \(files.size)")
        }
        let results = try await bench.compareThree(
            group: group, name: "20 × name == (indexed, 1 match), \(files.size)",
            target: count == targetSize ? .atMost(1.5) : .report,
            candidate: (
                "store.fetch(RecordQuery(where: \\.name == …))",
                { try await Bench.time { blackHole(try await byStore()) } }
            ),
            baseline: (
                "GRDB filter(Column(\"name\") == …).fetchAll",
                { try await Bench.time { blackHole(try byGRDB()) } }
            ),
            reference: (
                "C API: prepared SELECT … WHERE name = ?",
                { try await Bench.time { blackHole(try byC()) } }
            ),
            note: "open databases; each query is an index lookup and one row decoded",
            repetitions: repetitions(for: count, bench))
        try await open.close()
        return results
    }

    /// `name ==` in the store with the index on `name` against the same query in a copy of
    /// the store without it (target ≥ 100× faster at 1,000,000).
    static func unindexedName(_ files: SQLiteFixtures.Databases, _ bench: Bench) async throws
        -> Result
    {
        let count = files.records.count
        let expected = Fixtures.spreadIDs(3, in: 1...count).map { [files.records[$0 - 1]] }
        let queries = expected.map { RecordQuery<Pokemon>(where: \.name == $0[0].name) }
        let indexed = try await SQLiteStore<Pokemon>.open(at: files.store)
        // Read-only: a store opened for writing makes the declared index again.
        let unindexed = try await SQLiteStore<Pokemon>.open(
            at: files.unindexedStore, options: .readOnly)
        func fetchEach(_ store: SQLiteStore<Pokemon>) async throws -> [[Pokemon]] {
            var found: [[Pokemon]] = []
            for query in queries { found.append(try await store.fetch(query)) }
            return found
        }
        let byIndex = try await fetchEach(indexed)
        let byScan = try await fetchEach(unindexed)
        guard byIndex == expected, byScan == expected else {
            try await indexed.close()
            try await unindexed.close()
            throw BenchmarkError.disagreement("name == with and without the index, \(files.size)")
        }
        let result = try await bench.compare(
            group: group, name: "3 × name ==, indexed vs not, \(files.size)",
            target: count == targetSize ? .fasterBy(100) : .report,
            candidate: ("SQLiteStore, index on name", { blackHole(try await fetchEach(indexed)) }),
            baseline: (
                "SQLiteStore, no index on name (a scan)",
                { blackHole(try await fetchEach(unindexed)) }
            ),
            note: "the same query and records; the baseline's database is a copy with the "
                + "index on name dropped",
            repetitions: count <= 100_000 ? repetitions(for: count, bench) : 3)
        try await indexed.close()
        try await unindexed.close()
        return result
    }

    /// The ten strongest with `attack >= 80`, by the indexed attack (ties in id order),
    /// against GRDB (target ≤ 1.5×) and the C API.
    static func strongest(_ files: SQLiteFixtures.Databases, _ bench: Bench) async throws
        -> [Result]
    {
        let count = files.records.count
        let query = RecordQuery<Pokemon>(
            where: \.attack >= 80, sortedBy: [.descending(\.attack)], limit: 10)
        let expected = try query.apply(to: files.records)
        let open = try await OpenDatabases(files)
        let agree =
            try await open.store.fetch(query) == expected
            && (try GRDBBaseline.strongest(atLeast: 80, in: open.pool)) == expected
            && (try open.connection.strongest(atLeast: 80)) == expected
        guard agree else {
            try await open.close()
            throw BenchmarkError.disagreement("top 10 by attack, \(files.size)")
        }
        let results = try await bench.compareThree(
            group: group, name: "top 10 attack >= 80 by attack, \(files.size)",
            target: .atMost(1.5),
            candidate: (
                "store.fetch(RecordQuery(sortedBy: attack, limit: 10))",
                { try await Bench.time { blackHole(try await open.store.fetch(query)) } }
            ),
            baseline: (
                "GRDB filter + order + limit(10).fetchAll",
                {
                    try await Bench.time {
                        blackHole(try GRDBBaseline.strongest(atLeast: 80, in: open.pool))
                    }
                }
            ),
            reference: (
                "C API: prepared SELECT … ORDER BY attack DESC, id LIMIT 10",
                { try await Bench.time { blackHole(try open.connection.strongest(atLeast: 80)) } }
            ),
            note: "SQLite walks the attack index from the top; the ties on the highest attack "
                + "are sorted by id (the store's _order), in all three",
            repetitions: repetitions(for: count, bench))
        try await open.close()
        return results
    }
}
