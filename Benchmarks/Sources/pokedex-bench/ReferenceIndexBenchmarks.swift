import Foundation
import JSONFileStorage
import PokedexKit

/// 8. Indexes, continued: a reference's attribute, which every backend indexes without the
/// model declaring it. Fetching one target's referrers by the reference (the automatic index)
/// against the same equality on an attribute that holds the same values without an index (a
/// scan), in `InMemoryModelDatabase` and `JSONFileModelDatabase`.
///
/// The target, ≥ 100× faster, is the issue's; two quick runs (release, 2 cores) measured
/// 30–60×: the scan reads 100,000 integers in about 1 ms, and the indexed fetch still pays
/// for its 100 matches (about 0.2 µs each) beside a fixed cost of a few microseconds.
enum ReferenceIndexBenchmarks {
    /// The records that refer to the targets, and the targets.
    static let referrers = 100_000
    static let targets = 1_000

    static func run(_ bench: Bench) async throws -> [Result] {
        let trainers = (1...targets).map(CatchTrainer.init)
        let catches = (1...referrers).map(BenchCatch.sample)
        let models: [any StorableModel.Type] = [CatchTrainer.self, BenchCatch.self]
        var results: [Result] = []

        let seed: @Sendable (inout DatabaseTransaction) -> Void = { transaction in
            transaction[CatchTrainer.self].upsert(contentsOf: trainers)
            transaction[BenchCatch.self].upsert(contentsOf: catches)
        }

        let memory = try InMemoryModelDatabase(for: models)
        try await memory.transaction(seed)
        results.append(
            try await referrersOfOne(
                "InMemoryModelDatabase", store: memory.store(for: BenchCatch.self), bench))

        try await Fixtures.withTemporaryDirectory { directory in
            let file = try await JSONFileModelDatabase.open(
                at: directory.appending(path: "catches.json"), for: models)
            try await file.transaction(seed)
            results.append(
                try await referrersOfOne(
                    "JSONFileModelDatabase", store: file.store(for: BenchCatch.self), bench))
            try await file.close()
        }
        return results
    }

    /// `trainerID == t` (the reference's automatic index) against `trainerCopy == t` (the same
    /// values, no index: a scan): one target's 100 referrers each.
    private static func referrersOfOne(
        _ backend: String, store: some ModelStore<BenchCatch>, _ bench: Bench
    ) async throws -> Result {
        let ids = Fixtures.spreadIDs(64, in: 1...targets)
        for id in ids.prefix(4) {
            let indexed = try await store.fetch(RecordQuery(where: \.trainerID == id))
            let scanned = try await store.fetch(RecordQuery(where: \.trainerCopy == id))
            guard indexed.count == referrers / targets, indexed == scanned else {
                throw BenchmarkError.disagreement("\(backend) trainerID == and trainerCopy ==")
            }
        }
        var candidateRuns = 0
        var baselineRuns = 0
        return try await bench.compare(
            group: IndexBenchmarks.group,
            name: "\(backend): a target's referrers, \(referrers.formatted()) records",
            target: bench.quick ? .report : .fasterBy(100),
            candidate: (
                "trainerID == t (reference, indexed)",
                {
                    let id = ids[candidateRuns % ids.count]
                    candidateRuns += 1
                    blackHole(try await store.fetch(RecordQuery(where: \.trainerID == id)))
                }
            ),
            baseline: (
                "trainerCopy == t (no index: a scan)",
                {
                    let id = ids[baselineRuns % ids.count]
                    baselineRuns += 1
                    blackHole(try await store.fetch(RecordQuery(where: \.trainerCopy == id)))
                }
            ),
            note: "\((referrers / targets).formatted()) matches among \(referrers.formatted()) "
                + "over \(targets.formatted()) targets; no index is declared")
    }
}

/// A trainer, whom catches refer to.
struct CatchTrainer: StorableModel, Hashable {
    var id: Int
    static var queryAttributes: AttributeMap<CatchTrainer> { [\.id: "id"] }
}

/// A catch: a reference to its trainer, which no index is declared on, and the same id again
/// in an attribute that is not a reference.
struct BenchCatch: StorableModel, Hashable {
    var id: Int
    var trainerID: Int
    var trainerCopy: Int
    var level: Int

    static var queryAttributes: AttributeMap<BenchCatch> {
        [\.id: "id", \.trainerID: "trainer_id", \.trainerCopy: "trainer_copy", \.level: "level"]
    }

    static var references: [ModelReference<BenchCatch>] {
        [ModelReference(\.trainerID, to: CatchTrainer.self, onDelete: .cascade)]
    }

    static func sample(_ id: Int) -> BenchCatch {
        let trainer = (id - 1) % ReferenceIndexBenchmarks.targets + 1
        return BenchCatch(id: id, trainerID: trainer, trainerCopy: trainer, level: id % 100)
    }
}
