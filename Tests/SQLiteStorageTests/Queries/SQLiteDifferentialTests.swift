import Foundation
import ModelStorage
import ModelStorageTesting
import SQLiteStorage
import TestSupport
import Testing

/// The differential check sees SQLite's own answers: on records of exact text no stored
/// record holds NUL, so collection conditions run in SQL rather than in memory, and nearly
/// every query and count is SQLite's.
@Suite("SQLiteStore against the engine, answered in SQLite")
struct SQLiteDifferentialTests {
    @Test(
        "answers at least 90 % of random queries on exact text in SQLite",
        arguments: [UInt64(1), 2, 3])
    func inDatabase(seed: UInt64) async throws {
        try await withTemporaryDirectory { directory in
            // The check opens one store.
            let store = try await SQLiteStore<ConformanceRecord>.open(
                at: directory.appending(path: "dex.sqlite"))
            try await StoreConformance.differentialCheck(
                seed: seed, queryCount: 300, texts: .exact, minimumShareInDatabase: 0.9
            ).run { store }
            try await store.close()
        }
    }

    @Test("on adversarial records, a stored NUL sends collection conditions to the engine")
    func adversarialRecords() async throws {
        try await withTemporaryDirectory { directory in
            let store = try await SQLiteStore<ConformanceRecord>.open(
                at: directory.appending(path: "dex.sqlite"))
            try await StoreConformance.differentialCheck(seed: 3, queryCount: 300).run { store }
            let counts = store.queryEvaluationCounts
            #expect(counts.inMemory > 0)
            #expect(counts.inDatabase > counts.inMemory)
            try await store.close()
        }
    }
}
