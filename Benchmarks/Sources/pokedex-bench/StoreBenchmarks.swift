import Foundation
import PokedexKit

/// 3. Lookups in an `InMemoryStore`: by id, and by an equality condition.
enum StoreBenchmarks {
    static func run(_ bench: Bench) async throws -> [Result] {
        let count = bench.quick ? 100_000 : 1_000_000
        let records = try Fixtures.records(count)
        let store = InMemoryStore(records)
        let size = "\(count.formatted()) records"
        let group = "3. Lookups in InMemoryStore"
        var results: [Result] = []

        // Ids spread over the whole store, the same every run.
        let lookups = 200
        let ids = Fixtures.spreadIDs(lookups, in: 1...count)

        let byStore = try await fetchEach(ids, from: store)
        let byScan = ids.map { id in records.first { $0.id == id } }
        guard byStore == byScan, byStore.allSatisfy({ $0 != nil }) else {
            throw BenchmarkError.disagreement("lookups by id")
        }
        results.append(
            try await bench.compare(
                group: group, name: "\(lookups) lookups by id, \(size)", target: .fasterBy(100),
                candidate: (
                    "store.fetch(id:)", { blackHole(try await fetchEach(ids, from: store)) }
                ),
                baseline: (
                    "Array.first(where:) linear scan",
                    { blackHole(ids.map { id in records.first { $0.id == id } }) }
                ),
                note: "each lookup is an await on the store's actor; the scan is in-line"))

        // Queries use no index, not even the one by id: an equality query on the id scans
        // every record, as does one on an attribute without an index.
        let idQueries = ids.prefix(3).map { id in RecordQuery<Pokemon>(where: \.id == id) }
        let idScans = { ids.prefix(3).map { id in records.filter { $0.id == id } } }
        guard try await fetchEach(idQueries, from: store) == idScans() else {
            throw BenchmarkError.disagreement("fetch by id ==")
        }
        results.append(
            try await bench.compare(
                group: group, name: "3 fetches by id == (indexed), \(size)",
                target: .fasterBy(100),
                candidate: (
                    "store.fetch(RecordQuery(where: \\.id == …))",
                    { blackHole(try await fetchEach(idQueries, from: store)) }
                ),
                baseline: ("Array.filter { $0.id == … }", { blackHole(idScans()) }),
                note: "a condition naming ids is answered from the store's index by id"))

        let names = ["mew", "pikachu", "bulbasaur"]
        let queries = names.map { RecordQuery<Pokemon>(where: \.name == $0) }
        let queried = try await fetchEach(queries, from: store)
        let filtered = names.map { name in records.filter { $0.name == name } }
        guard queried == filtered else { throw BenchmarkError.disagreement("fetch by name") }
        results.append(
            try await bench.compare(
                group: group, name: "\(names.count) fetches by name ==, \(size)",
                target: .report,
                candidate: (
                    "store.fetch(RecordQuery(where: \\.name == …))",
                    { blackHole(try await fetchEach(queries, from: store)) }
                ),
                baseline: (
                    "Array.filter { $0.name == … }",
                    { blackHole(names.map { name in records.filter { $0.name == name } }) }
                ),
                note: "no secondary indexes in InMemoryStore: an equality query scans every "
                    + "record (\(filtered[0].count.formatted()) match each name)"))
        return results
    }

    private static func fetchEach(_ ids: [Int], from store: InMemoryStore<Pokemon>) async throws
        -> [Pokemon?]
    {
        var found: [Pokemon?] = []
        found.reserveCapacity(ids.count)
        for id in ids { found.append(try await store.fetch(id: id)) }
        return found
    }

    private static func fetchEach(
        _ queries: [RecordQuery<Pokemon>], from store: InMemoryStore<Pokemon>
    ) async throws -> [[Pokemon]] {
        var found: [[Pokemon]] = []
        for query in queries { found.append(try await store.fetch(query)) }
        return found
    }
}
