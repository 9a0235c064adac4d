import ModelStorage
import ModelStorageTesting
import PostgresStorage
import Testing

/// ModelStorageTesting's conformance suite, unchanged, against `PostgresStore` on a real
/// PostgreSQL server: each store in a new database of its own.
@Suite("PostgresStore conformance")
struct PostgresStoreConformanceTests {
    @Test("meets the ModelStore contract", arguments: StoreConformance.checks)
    func conformance(_ check: StoreConformanceCheck) async throws {
        try await TestStores.with { stores in
            try await check.run { try await stores.open(ConformanceRecord.self) }
        }
    }

    @Test("answers as the in-memory engine on random queries", arguments: [UInt64(1), 2, 3])
    func differential(seed: UInt64) async throws {
        try await TestStores.with { stores in
            try await StoreConformance.differentialCheck(seed: seed, queryCount: 400)
                .run { try await stores.open(ConformanceRecord.self) }
        }
    }
}
