import ModelStorage
import ModelStorageTesting
@_spi(BackendInternals) import SQLStorage
import Testing

@_spi(BackendInternals) @testable import PostgresStorage

/// ModelStorageTesting's conformance suite, unchanged, against `PostgresStore` on a real
/// PostgreSQL server: each store in a new database of its own, opened alone or handed out
/// by a database of two models.
@Suite("PostgresStore conformance")
struct PostgresStoreConformanceTests {
    /// Where a check's store comes from.
    enum Origin: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// `PostgresStore.open`: the database of the one model.
        case alone = "opened alone"
        /// `PostgresModelDatabase.store(for:)` of a database of `Note` and `ConformanceRecord`.
        case twoModelDatabase = "of a two-model database"

        var testDescription: String { rawValue }

        func open(with stores: TestStores) async throws -> PostgresStore<ConformanceRecord> {
            switch self {
            case .alone: try await stores.open(ConformanceRecord.self)
            case .twoModelDatabase:
                try await stores.openDatabase([Note.self, ConformanceRecord.self])
                    .store(for: ConformanceRecord.self)
            }
        }
    }

    @Test(
        "meets the ModelStore contract", arguments: StoreConformance.checks, Origin.allCases)
    func conformance(_ check: StoreConformanceCheck, origin: Origin) async throws {
        try await TestStores.with { stores in
            try await check.run { try await origin.open(with: stores) }
        }
    }

    @Test(
        "gives the aggregate condition table's answers, as every store does",
        arguments: AggregateConformance.checks)
    func aggregates(_ check: ConformanceCheck<AggregateRecord>) async throws {
        try await TestStores.with { stores in
            try await check.run { try await stores.open(AggregateRecord.self) }
        }
    }

    @Test("computes aggregates in PostgreSQL, with one statement")
    func aggregatesInDatabase() async throws {
        try await TestStores.with { stores in
            try await AggregateConformance.inDatabaseCheck.run {
                try await stores.open(AggregateRecord.self)
            }
        }
    }

    @Test("answers as the in-memory engine on random queries", arguments: [UInt64(1), 2, 3])
    func differential(seed: UInt64) async throws {
        try await TestStores.with { stores in
            try await StoreConformance.differentialCheck(seed: seed, queryCount: 400)
                .run { try await stores.open(ConformanceRecord.self) }
        }
    }

    /// On records of exact text, PostgreSQL answers the queries it can translate alone.
    ///
    /// Its `ORDER BY`, `LIMIT` and `OFFSET` are compared too (on adversarial records, an
    /// inexact row hands every sort and page to the engine), each held to a share of its own:
    /// a store that sorted or paged in memory would still answer most queries in PostgreSQL.
    /// The rest are queries the dialect refuses (`matches`, diacritic-insensitive tests,
    /// sorts with text options).
    @Test(
        "answers at least 45 % of random queries on exact text in PostgreSQL alone, each kind",
        arguments: [UInt64(4), 5, 6])
    func differentialInDatabase(seed: UInt64) async throws {
        try await TestStores.with { stores in
            // The check makes one store. Each kind's share is checked even when the check
            // fails, so that a failure says which kinds went to memory.
            let store = try await stores.open(ConformanceRecord.self)
            var failure: (any Error)?
            do {
                try await StoreConformance.differentialCheck(
                    seed: seed, queryCount: 400, texts: .exact, minimumShareInDatabase: 0.45
                ).run { store }
            } catch {
                failure = error
            }
            for (kind, minimum) in Self.minimumShareInDatabase {
                let counts = store.database.evaluations.counts(of: kind)
                let share = counts.total == 0 ? 0 : Double(counts.inDatabase) / Double(counts.total)
                #expect(
                    share >= minimum,
                    """
                    \(kind): PostgreSQL answered \(counts.inDatabase) of \(counts.total) alone \
                    (\(counts.finishedInMemory) finished in memory, \(counts.inMemory) in memory), \
                    below \(Int((minimum * 100).rounded())) %
                    """)
            }
            if let failure { throw failure }
        }
    }

    /// The least share of each kind of query in ``differentialInDatabase(seed:)`` that
    /// PostgreSQL answers alone.
    ///
    /// On 2026-12-02, seeds 4, 5 and 6: sorted fetches 25–27 % (the rest have a condition or
    /// a sort key with text options the dialect refuses), paged fetches 36–38 %, counts
    /// 68–74 %.
    static let minimumShareInDatabase: KeyValuePairs<QueryEvaluationCounter.Kind, Double> = [
        .sortedFetch: 0.2, .pagedFetch: 0.3, .count: 0.6,
    ]
}
