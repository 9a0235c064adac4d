import Foundation
import PokedexKit
import SQLiteStorage

/// 8. Indexes, continued: an equality ignoring case on a non-ASCII name in `SQLiteStore`
/// (issue 42). The name is among the model's `indexedAttributes`, so the store keeps its
/// folded values in `<table>__search` and looks the operand's up in that table's primary key;
/// the label holds the same texts without an index, so the same equality on it folds every
/// row with the registered text functions (a scan). Before the folded values, both were
/// answered in memory over every row.
enum FoldedEqualityBenchmarks {
    static func run(_ bench: Bench) async throws -> [Result] {
        let size = bench.quick ? 10_000 : 100_000
        let records = (1...size).map(FoldedBenchRecord.sample)
        return try await Fixtures.withTemporaryDirectory { directory in
            let store = try await SQLiteStore<FoldedBenchRecord>.open(
                at: directory.appending(path: "folded.sqlite"))
            try await store.upsert(contentsOf: records)
            let ids = Fixtures.spreadIDs(64, in: 1...size)
            func byName(_ id: Int) -> RecordQuery<FoldedBenchRecord> {
                RecordQuery(where: .equals(\.name, "FLABÉBÉ-\(id)", options: .caseInsensitive))
            }
            func byLabel(_ id: Int) -> RecordQuery<FoldedBenchRecord> {
                RecordQuery(where: .equals(\.label, "FLABÉBÉ-\(id)", options: .caseInsensitive))
            }
            let before = store.queryEvaluationCounts
            for id in ids.prefix(4) {
                let named = try await store.fetch(byName(id))
                guard named.map(\.id) == [id], try await store.fetch(byLabel(id)) == named else {
                    throw BenchmarkError.disagreement("SQLiteStore name ==[c] and label ==[c]")
                }
            }
            guard store.queryEvaluationCounts.subtracting(before).inDatabase == 8 else {
                throw BenchmarkError.disagreement("SQLiteStore ==[c] answered in memory")
            }
            var candidateRuns = 0
            var baselineRuns = 0
            let results = try await bench.comparePrimedAndInterleaved(
                group: IndexBenchmarks.group,
                name: "SQLiteStore: equality ignoring case, non-ASCII name",
                size: "\(size.formatted()) records", target: .report,
                candidate: (
                    "name ==[c] x (folded values, indexed)",
                    {
                        let id = ids[candidateRuns % ids.count]
                        candidateRuns += 1
                        blackHole(try await store.fetch(byName(id)))
                    }
                ),
                baseline: (
                    "label ==[c] x (no index: each row folded)",
                    {
                        let id = ids[baselineRuns % ids.count]
                        baselineRuns += 1
                        blackHole(try await store.fetch(byLabel(id)))
                    }
                ),
                note: "one match among \(size.formatted()) names like Flabébé-17; both "
                    + "attributes hold the same texts")
            try await store.close()
            return results
        }
    }
}

/// A record with a unique non-ASCII name, indexed, and the same text in a label that is not.
struct FoldedBenchRecord: StorableModel, Hashable {
    var id: Int
    var name: String
    var label: String

    static var queryAttributes: AttributeMap<FoldedBenchRecord> {
        [\.id: "id", \.name: "name", \.label: "label"]
    }

    static var indexedAttributes: [IndexedAttribute<FoldedBenchRecord>] {
        [IndexedAttribute(\.name)]
    }

    static func sample(_ id: Int) -> FoldedBenchRecord {
        FoldedBenchRecord(id: id, name: "Flabébé-\(id)", label: "Flabébé-\(id)")
    }
}
