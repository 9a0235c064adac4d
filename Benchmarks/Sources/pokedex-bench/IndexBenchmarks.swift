import Foundation
import JSONFileStorage
import PokedexKit

/// 8. Indexes of `StorableModel.indexedAttributes` in `InMemoryStore` and `JSONFileStore`:
/// an equality on an indexed attribute against the same equality on an attribute without an
/// index (a scan), primed and interleaved (`Bench.comparePrimedAndInterleaved`), and a single
/// save with three indexes against one with none; then a reference's automatic index
/// (``ReferenceIndexBenchmarks``), and an equality ignoring case on a non-ASCII name in
/// `SQLiteStore` (``FoldedEqualityBenchmarks``).
///
/// Self-contained: its records are a model of its own, in two kinds that differ only in the
/// indexes they declare.
enum IndexBenchmarks {
    static let group = "8. Indexes"

    static func run(_ bench: Bench) async throws -> [Result] {
        let size = bench.quick ? 10_000 : 1_000_000
        let indexed = (1...size).map(IndexRecord<ThreeIndexes>.sample)
        let plain = (1...size).map(IndexRecord<NoIndexes>.sample)
        var results: [Result] = []

        let memoryIndexed = InMemoryStore(indexed)
        let memoryPlain = InMemoryStore(plain)
        results += try await equality(
            "InMemoryStore", indexed: memoryIndexed, size: size, bench)
        results.append(
            try await singleSave(
                "InMemoryStore", indexed: memoryIndexed, plain: memoryPlain, size: size, bench))

        try await Fixtures.withTemporaryDirectory { directory in
            let fileIndexed = try await JSONFileStore<IndexRecord<ThreeIndexes>>.open(
                at: directory.appending(path: "indexed.json"))
            try await fileIndexed.upsert(contentsOf: indexed)
            let filePlain = try await JSONFileStore<IndexRecord<NoIndexes>>.open(
                at: directory.appending(path: "plain.json"))
            try await filePlain.upsert(contentsOf: plain)
            results += try await equality(
                "JSONFileStore", indexed: fileIndexed, size: size, bench)
            results.append(
                try await singleSave(
                    "JSONFileStore", indexed: fileIndexed, plain: filePlain, size: size, bench))
            try await fileIndexed.close()
            try await filePlain.close()
        }
        results += try await ReferenceIndexBenchmarks.run(bench)
        results += try await FoldedEqualityBenchmarks.run(bench)
        return results
    }

    /// `name == x` (indexed) against `label == x` (the same values, no index): one match each,
    /// primed (the target) and interleaved, as a reference's rows are
    /// (``ReferenceIndexBenchmarks``).
    private static func equality(
        _ backend: String, indexed store: some ModelStore<IndexRecord<ThreeIndexes>>,
        size: Int, _ bench: Bench
    ) async throws -> [Result] {
        let ids = Fixtures.spreadIDs(64, in: 1...size)
        for id in ids.prefix(4) {
            let byName = try await store.fetch(RecordQuery(where: \.name == "record-\(id)"))
            let byLabel = try await store.fetch(RecordQuery(where: \.label == "record-\(id)"))
            guard byName.map(\.id) == [id], byLabel == byName else {
                throw BenchmarkError.disagreement("\(backend) name == and label ==")
            }
        }
        var candidateRuns = 0
        var baselineRuns = 0
        return try await bench.comparePrimedAndInterleaved(
            group: group, name: "\(backend): equality", size: "\(size.formatted()) records",
            target: size >= 1_000_000 ? .fasterBy(100) : .report,
            candidate: (
                "name == x (indexed)",
                {
                    let id = ids[candidateRuns % ids.count]
                    candidateRuns += 1
                    blackHole(try await store.fetch(RecordQuery(where: \.name == "record-\(id)")))
                }
            ),
            baseline: (
                "label == x (no index: a scan)",
                {
                    let id = ids[baselineRuns % ids.count]
                    baselineRuns += 1
                    blackHole(try await store.fetch(RecordQuery(where: \.label == "record-\(id)")))
                }
            ),
            note: "one match among \(size.formatted()); both attributes hold the same texts")
    }

    /// One upsert that changes an indexed attribute, in a store with three indexes and in one
    /// with none.
    private static func singleSave(
        _ backend: String, indexed: some ModelStore<IndexRecord<ThreeIndexes>>,
        plain: some ModelStore<IndexRecord<NoIndexes>>, size: Int, _ bench: Bench
    ) async throws -> Result {
        let ids = Fixtures.spreadIDs(1_024, in: 1...size)
        let result = try await bench.compare(
            group: group, name: "\(backend): single save, \(size.formatted()) records",
            target: size >= 1_000_000 ? .atMost(1.2) : .report,
            candidate: ("upsert(_:), 3 indexes", saves(to: indexed, ids: ids)),
            baseline: ("upsert(_:), no index", saves(to: plain, ids: ids)),
            note: "each save changes an indexed attribute (attack); the indexes' unsorted "
                + "part is merged once it passes 1/32 of the sorted one, so that cost is "
                + "amortized over many saves",
            repetitions: bench.quick ? nil : 5 * bench.repetitions)
        // Check: the indexed store finds the saved values through its index.
        guard try await indexed.count(where: \.attack >= 1_000) > 0 else {
            throw BenchmarkError.disagreement("\(backend) the saved attack")
        }
        return result
    }
}

extension IndexBenchmarks {
    /// One save a run: the record with the next of the ids, its attack set to 1,000 plus the
    /// number of saves before it.
    fileprivate static func saves<Choice: IndexChoice>(
        to store: some ModelStore<IndexRecord<Choice>>, ids: [Int]
    ) -> () async throws -> Void {
        var count = 0
        return {
            var record = IndexRecord<Choice>.sample(ids[count % ids.count])
            record.attack = 1_000 + count
            count += 1
            try await store.upsert(record)
        }
    }
}

/// Which indexes an ``IndexRecord`` declares.
protocol IndexChoice: Sendable {
    static var isIndexed: Bool { get }
}

/// Indexes on `name`, `attack` and `speed`.
enum ThreeIndexes: IndexChoice {
    static var isIndexed: Bool { true }
}

/// No index.
enum NoIndexes: IndexChoice {
    static var isIndexed: Bool { false }
}

/// A record with a unique name, the same text again in an attribute without an index, and
/// numbers.
struct IndexRecord<Choice: IndexChoice>: StorableModel, Hashable {
    var id: Int
    var name: String
    var label: String
    var attack: Int
    var speed: Int
    var favorite: Bool

    static var queryAttributes: AttributeMap<IndexRecord> {
        [
            \.id: "id", \.name: "name", \.label: "label", \.attack: "attack", \.speed: "speed",
            \.favorite: "favorite",
        ]
    }

    static var indexedAttributes: [IndexedAttribute<IndexRecord>] {
        Choice.isIndexed
            ? [IndexedAttribute(\.name), IndexedAttribute(\.attack), IndexedAttribute(\.speed)]
            : []
    }

    static func sample(_ id: Int) -> IndexRecord {
        IndexRecord(
            id: id, name: "record-\(id)", label: "record-\(id)", attack: id % 200,
            speed: (id * 7) % 150, favorite: id.isMultiple(of: 7))
    }
}
