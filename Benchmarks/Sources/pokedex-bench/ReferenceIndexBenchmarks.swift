import Foundation
import JSONFileStorage
import PokedexKit

/// 8. Indexes, continued: a reference's attribute, which every backend indexes without the
/// model declaring it. Fetching one target's referrers by the reference (the automatic index)
/// against the same equality on an attribute that holds the same values without an index (a
/// scan), in `InMemoryModelDatabase` and `JSONFileModelDatabase`.
///
/// The target, ≥ 100× faster at 1,000,000 records, is the issue's; 100,000 records are
/// reported beside it. Each target has 100 referrers at every size, so the indexed fetch
/// copies as many records at both sizes while the scan reads ten times as many.
///
/// The target's row measures each side primed, and a row "each run after the other's"
/// interleaves them run for run (`Bench.comparePrimedAndInterleaved`, which says why).
enum ReferenceIndexBenchmarks {
    /// The records that refer to each target.
    static let referrersPerTarget = 100

    static func run(_ bench: Bench) async throws -> [Result] {
        var results: [Result] = []
        for referrers in bench.quick ? [10_000] : [100_000, 1_000_000] {
            results += try await run(
                referrers: referrers, hasTarget: !bench.quick && referrers >= 1_000_000, bench)
        }
        return results
    }

    /// The rows of one size: `referrers` catches over `referrers / 100` trainers.
    private static func run(referrers: Int, hasTarget: Bool, _ bench: Bench) async throws
        -> [Result]
    {
        let targets = referrers / referrersPerTarget
        let trainers = (1...targets).map(CatchTrainer.init)
        let catches = (1...referrers).map { BenchCatch.sample($0, targets: targets) }
        let models: [any StorableModel.Type] = [CatchTrainer.self, BenchCatch.self]
        var results: [Result] = []

        let seed: @Sendable (inout DatabaseTransaction) -> Void = { transaction in
            transaction[CatchTrainer.self].upsert(contentsOf: trainers)
            transaction[BenchCatch.self].upsert(contentsOf: catches)
        }
        let sizes = Sizes(referrers: referrers, targets: targets, hasTarget: hasTarget)

        let memory = try InMemoryModelDatabase(for: models)
        try await memory.transaction(seed)
        results += try await referrersOfOne(
            "InMemoryModelDatabase", store: memory.store(for: BenchCatch.self), sizes, bench)
        try await memory.close()

        try await Fixtures.withTemporaryDirectory { directory in
            let file = try await JSONFileModelDatabase.open(
                at: directory.appending(path: "catches.json"), for: models)
            try await file.transaction(seed)
            results += try await referrersOfOne(
                "JSONFileModelDatabase", store: file.store(for: BenchCatch.self), sizes, bench)
            try await file.close()
        }
        return results
    }

    /// The size of one run: its referrers, its targets, and whether the target applies.
    private struct Sizes {
        var referrers: Int
        var targets: Int
        var hasTarget: Bool
    }

    /// `trainerID == t` (the reference's automatic index) against `trainerCopy == t` (the same
    /// values, no index: a scan): one target's 100 referrers each.
    private static func referrersOfOne(
        _ backend: String, store: some ModelStore<BenchCatch>, _ sizes: Sizes, _ bench: Bench
    ) async throws -> [Result] {
        let ids = Fixtures.spreadIDs(64, in: 1...sizes.targets)
        for id in ids.prefix(4) {
            let indexed = try await store.fetch(RecordQuery(where: \.trainerID == id))
            let scanned = try await store.fetch(RecordQuery(where: \.trainerCopy == id))
            guard indexed.count == referrersPerTarget, indexed == scanned else {
                throw BenchmarkError.disagreement("\(backend) trainerID == and trainerCopy ==")
            }
        }
        // Each run asks for the next of 64 targets, whose referrers were last read 64 runs and
        // many scans before: no run finds its records in the caches.
        var candidateRuns = 0
        var baselineRuns = 0
        return try await bench.comparePrimedAndInterleaved(
            group: IndexBenchmarks.group, name: "\(backend): a target's referrers",
            size: "\(sizes.referrers.formatted()) records",
            target: sizes.hasTarget ? .fasterBy(100) : .report,
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
            note: "\(referrersPerTarget) matches among \(sizes.referrers.formatted()) "
                + "over \(sizes.targets.formatted()) targets; no index is declared")
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

    static func sample(_ id: Int, targets: Int) -> BenchCatch {
        let trainer = (id - 1) % targets + 1
        return BenchCatch(id: id, trainerID: trainer, trainerCopy: trainer, level: id % 100)
    }
}
