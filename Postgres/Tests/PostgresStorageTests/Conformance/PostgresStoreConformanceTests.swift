import ModelStorage
import ModelStorageTesting
import PostgresStorage
import Testing

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
    /// inexact row hands every sort and page to the engine). The rest are queries the dialect
    /// refuses (`matches`, diacritic-insensitive tests, sorts with text options).
    @Test(
        "answers at least 45 % of random queries on exact text in PostgreSQL alone",
        arguments: [UInt64(4), 5, 6])
    func differentialInDatabase(seed: UInt64) async throws {
        try await TestStores.with { stores in
            try await StoreConformance.differentialCheck(
                seed: seed, queryCount: 400, texts: .exact, minimumShareInDatabase: 0.45
            ).run { try await stores.open(ConformanceRecord.self) }
        }
    }
}
