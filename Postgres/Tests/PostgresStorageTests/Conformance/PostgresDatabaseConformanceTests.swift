import ModelStorage
import ModelStorageTesting
import PostgresStorage
import Testing

/// ModelStorageTesting's database checks, unchanged, against `PostgresModelDatabase` on a
/// real PostgreSQL server: each database of `ConformanceRecord` and `ConformanceNote` in a
/// new PostgreSQL database of its own.
@Suite("PostgresModelDatabase conformance")
struct PostgresDatabaseConformanceTests {
    static let models: [any StorableModel.Type] = [ConformanceRecord.self, ConformanceNote.self]

    @Test("meets the ModelDatabase contract", arguments: DatabaseConformance.checks)
    func conformance(_ check: DatabaseConformanceCheck) async throws {
        try await TestStores.with { stores in
            try await check.run {
                let database = try await stores.openDatabase(Self.models)
                return ConformanceDatabase(
                    database: database, records: try database.store(for: ConformanceRecord.self),
                    notes: try database.store(for: ConformanceNote.self),
                    openingOthers: { models in try await stores.openDatabase(models) })
            }
        }
    }
}
