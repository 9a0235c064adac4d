import Foundation
import KeyPathQuery
import PokedexKit
import PostgresStorage
import PostgresTestServer

/// `PostgresStore<Pokemon>` against hand-written postgres-nio code (``HandWritten``) doing the
/// same work on the same table: the table the store made, with the same rows and indexes,
/// in a database of each size on one private server that flushes every commit to the disk.
///
/// Every time is per operation: each run does several, one after the other, and is divided
/// by their number. Before measuring, each benchmark checks that both sides return (or
/// store) the same records, and stops if they do not.
enum PostgresBenchmarks {
    static let group = "PostgresStore vs hand-written postgres-nio"

    /// The target for every operation.
    static let target = Target.atMost(1.3)

    static func defaultSizes(quick: Bool) -> [Int] {
        quick ? [1_000] : [10_000, 100_000]
    }

    /// The records the batch insert writes in one transaction.
    static func batchSize(quick: Bool) -> Int {
        quick ? 1_000 : 10_000
    }

    /// The operations on `PostgresStore<Pokemon>`, as `--only` names them, in the order they
    /// run.
    static let storeOperations = ["id", "name", "top", "insert", "update"]

    /// Every operation, as `--only` names them, in the order they run: the store's, those
    /// that follow references (``referenceOperations``), the change feed's
    /// (``changeOperations``), then sync's (``syncOperations``).
    static let operations =
        storeOperations + referenceOperations + changeOperations + syncOperations

    /// Measures the operations `only` selects (all when it is empty): the store's on a table
    /// of Pokémon of each size, then those that follow references on a database of species
    /// and Pokémon of each size (``runReferences(_:sizes:only:on:)``).
    static func run(
        _ bench: Bench, sizes: [Int]?, only: Set<String>, on server: PostgresTestServer
    ) async throws -> [Result] {
        if let sizes, sizes.isEmpty || sizes.contains(where: { $0 <= 0 }) {
            throw BenchmarkError.setup("--sizes needs record counts above zero")
        }
        var results: [Result] = []
        if only.isEmpty || !only.isDisjoint(with: storeOperations) {
            results += try await runStore(bench, sizes: sizes, only: only, on: server)
        }
        results += try await runReferences(
            bench, sizes: Array(Set(sizes ?? defaultReferenceSizes(quick: bench.quick))).sorted(),
            only: only, on: server)
        results += try await runChanges(bench, only: only, on: server)
        results += try await runSync(bench, only: only, on: server)
        return results
    }

    /// Measures the operations of ``storeOperations`` that `only` selects on a table of
    /// Pokémon of each size.
    private static func runStore(
        _ bench: Bench, sizes: [Int]?, only: Set<String>, on server: PostgresTestServer
    ) async throws -> [Result] {
        let sizes = Array(Set(sizes ?? defaultSizes(quick: bench.quick))).sorted()
        guard let largest = sizes.last, let smallest = sizes.first, smallest > 0 else {
            throw BenchmarkError.setup("--sizes needs record counts above zero")
        }
        let batch = batchSize(quick: bench.quick)
        let all = try Fixtures.uniquelyNamedRecords(largest + batch)
        var databases: [BenchDatabase] = []
        do {
            for size in sizes {
                databases.append(
                    try await BenchDatabase.make(
                        Array(all.prefix(size)), newRecords: Array(all[size..<(size + batch)]),
                        on: server))
            }
            let measures: [(String, (BenchDatabase, Bench) async throws -> [Result])] = [
                ("id", { [try await fetchByID($0, $1)] }),
                ("name", { [try await fetchByName($0, $1)] }),
                ("top", { [try await strongest($0, $1)] }),
                ("insert", batchInsert),
                ("update", { [try await updates($0, $1)] }),
            ]
            var results: [Result] = []
            for (operation, measure) in measures where only.isEmpty || only.contains(operation) {
                for database in databases { results += try await measure(database, bench) }
            }
            for database in databases { try await database.close() }
            return results
        } catch {
            for database in databases { try? await database.close() }
            throw error
        }
    }

    /// The measured runs of a read: 21 (3 in `--quick`), since each run takes milliseconds
    /// and a busy machine moves such medians most.
    static func repetitions(_ bench: Bench) -> Int {
        bench.quick ? bench.repetitions : 3 * bench.repetitions
    }

    /// One run of `count` operations, timed, as the seconds per operation.
    static func perOperation(_ count: Int, _ body: @escaping () async throws -> Void)
        -> () async throws -> Double
    {
        { try await Bench.time(body) / Double(count) }
    }

    // MARK: Reads

    /// 50 records fetched by id, spread over the table: the unique index on `_key`.
    static func fetchByID(_ database: BenchDatabase, _ bench: Bench) async throws -> Result {
        let ids = Fixtures.spreadIDs(50, in: 1...database.records.count)
        let expected = ids.map { database.records[$0 - 1] }
        let store = database.store
        let handWritten = database.handWritten
        func byStore() async throws -> [Pokemon?] {
            var found: [Pokemon?] = []
            for id in ids { found.append(try await store.fetch(id: id)) }
            return found
        }
        func byHand() async throws -> [Pokemon?] {
            var found: [Pokemon?] = []
            for id in ids { found.append(try await handWritten.record(id: id)) }
            return found
        }
        guard try await byStore() == expected, try await byHand() == expected else {
            throw BenchmarkError.disagreement("fetch by id, \(database.size)")
        }
        return try await bench.compareMeasured(
            group: group, name: "fetch by id, \(database.size)", target: target,
            candidate: (
                "store.fetch(id:)", perOperation(ids.count) { blackHole(try await byStore()) }
            ),
            baseline: (
                "prepared SELECT … WHERE _key = $1",
                perOperation(ids.count) { blackHole(try await byHand()) }
            ),
            note: "per record, 50 in a row; a lookup in the unique index of _key and the "
                + "record's JSON decoded, on both sides",
            repetitions: repetitions(bench))
    }

    /// 20 `name ==` queries, one match each: the index on `name`.
    static func fetchByName(_ database: BenchDatabase, _ bench: Bench) async throws -> Result {
        let expected = Fixtures.spreadIDs(20, in: 1...database.records.count).map {
            [database.records[$0 - 1]]
        }
        let names = expected.map { $0[0].name }
        let store = database.store
        let handWritten = database.handWritten
        func byStore() async throws -> [[Pokemon]] {
            var found: [[Pokemon]] = []
            for name in names {
                found.append(try await store.fetch(RecordQuery(where: \.name == name)))
            }
            return found
        }
        func byHand() async throws -> [[Pokemon]] {
            var found: [[Pokemon]] = []
            for name in names { found.append(try await handWritten.records(named: name)) }
            return found
        }
        guard try await byStore() == expected, try await byHand() == expected else {
            throw BenchmarkError.disagreement("name ==, \(database.size)")
        }
        return try await bench.compareMeasured(
            group: group, name: "name == (indexed, 1 match), \(database.size)", target: target,
            candidate: (
                "store.fetch(RecordQuery(where: \\.name == …))",
                perOperation(names.count) { blackHole(try await byStore()) }
            ),
            baseline: (
                "prepared SELECT … WHERE name = $1 ORDER BY _order",
                perOperation(names.count) { blackHole(try await byHand()) }
            ),
            note: "per query, 20 in a row; an index lookup and one record decoded",
            repetitions: repetitions(bench))
    }

    /// The ten strongest with `attack >= 80`, by the indexed attack (ties in the store's
    /// order), 5 queries a run.
    static func strongest(_ database: BenchDatabase, _ bench: Bench) async throws -> Result {
        let query = RecordQuery<Pokemon>(
            where: \.attack >= 80, sortedBy: [.descending(\.attack)], limit: 10)
        let expected = try query.apply(to: database.records)
        let store = database.store
        let handWritten = database.handWritten
        guard try await store.fetch(query) == expected,
            try await handWritten.strongest(atLeast: 80) == expected
        else {
            throw BenchmarkError.disagreement("top 10 by attack, \(database.size)")
        }
        let perRun = 5
        return try await bench.compareMeasured(
            group: group, name: "top 10 attack >= 80 by attack, \(database.size)",
            target: target,
            candidate: (
                "store.fetch(RecordQuery(sortedBy: attack, limit: 10))",
                perOperation(perRun) {
                    for _ in 0..<perRun { blackHole(try await store.fetch(query)) }
                }
            ),
            baseline: (
                "prepared SELECT … ORDER BY attack DESC NULLS LAST, _order LIMIT 10",
                perOperation(perRun) {
                    for _ in 0..<perRun {
                        blackHole(try await handWritten.strongest(atLeast: 80))
                    }
                }
            ),
            note: "per query, 5 in a row; the attack index walked from the top, the ties on "
                + "the highest attack sorted by _order, ten records decoded",
            repetitions: repetitions(bench))
    }
}
