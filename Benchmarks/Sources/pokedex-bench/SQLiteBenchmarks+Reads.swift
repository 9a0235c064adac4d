import Foundation
import GRDB
import KeyPathQuery
import PokedexKit
import SQLiteStorage

/// Issue 21's gaps against GRDB: opening and reading every record, and counting the records
/// whose `types` hold a type (a condition on collection elements).
extension SQLiteBenchmarks {
    /// Open + every record, against GRDB (target ≤ 1×) and the C API.
    static func openAndReadAll(_ files: SQLiteFixtures.Databases, _ bench: Bench)
        async throws -> [Result]
    {
        let count = files.records.count
        let query = RecordQuery<Pokemon>(sortedBy: [.ascending(\.id)])
        let store = try await SQLiteStore<Pokemon>.open(at: files.store)
        let byStore = try await store.fetch(query)
        try await store.close()
        let pool = try GRDBBaseline.open(at: files.table)
        let byGRDB = try GRDBBaseline.allRecords(in: pool)
        try pool.close()
        let connection = try SQLiteCBaseline(at: files.cTable)
        let byC = try connection.allRecords()
        connection.close()
        guard byStore == files.records, byGRDB == files.records, byC == files.records else {
            throw BenchmarkError.disagreement("open + read every record, \(files.size)")
        }
        return try await bench.compareThree(
            group: group, name: "open + read every record, \(files.size)", target: .atMost(1),
            candidate: (
                "SQLiteStore.open + fetch(RecordQuery(sortedBy: id))",
                storeOpening(files.store) { blackHole(try await $0.fetch(query)) }
            ),
            baseline: (
                "GRDB DatabasePool + order(id).fetchAll",
                grdbOpening(files.table) { blackHole(try GRDBBaseline.allRecords(in: $0)) }
            ),
            reference: (
                "C API: open, SELECT every column ORDER BY id",
                cOpening(files.cTable) { blackHole(try $0.allRecords()) }
            ),
            note: "the store decodes each record's _record JSON (RecordJSONDecoder), GRDB and "
                + "the C API read its columns",
            repetitions: repetitions(for: count, bench))
    }

    /// `count(where: .contains(\.types, "fire"))` on an open database, against GRDB's
    /// hand-written SQL over `json_each` (target ≤ 1×) and the C API.
    static func countOfType(_ files: SQLiteFixtures.Databases, _ bench: Bench) async throws
        -> [Result]
    {
        let count = files.records.count
        let condition: Condition<Pokemon> = .contains(\.types, "fire")
        let expected = files.records.filter { $0.types.contains("fire") }.count
        let open = try await OpenDatabases(files)
        let agree =
            try await open.store.count(where: condition) == expected
            && (try GRDBBaseline.count(ofType: "fire", in: open.pool)) == expected
            && (try open.connection.count(ofType: "fire")) == expected
        guard agree else {
            try await open.close()
            throw BenchmarkError.disagreement("count where types contains fire, \(files.size)")
        }
        let results = try await bench.compareThree(
            group: group, name: "count where types contains fire, \(files.size)",
            target: .atMost(1),
            candidate: (
                "store.count(where: .contains(\\.types, \"fire\"))",
                { try await Bench.time { blackHole(try await open.store.count(where: condition)) } }
            ),
            baseline: (
                "GRDB: SELECT count(*) … EXISTS (… json_each(types) WHERE value = ?)",
                {
                    try await Bench.time {
                        blackHole(try GRDBBaseline.count(ofType: "fire", in: open.pool))
                    }
                }
            ),
            reference: (
                "C API: the same statement, prepared",
                { try await Bench.time { blackHole(try open.connection.count(ofType: "fire")) } }
            ),
            note: "\(expected.formatted()) of \(count.formatted()) match; the store reads with "
                + "json_each only the rows whose types hold the text \"fire\" (instr), GRDB "
                + "reads every row's",
            repetitions: repetitions(for: count, bench))
        try await open.close()
        return results
    }
}
