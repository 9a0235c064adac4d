import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import SQLiteStorage
import TestSupport
import Testing

/// Live queries see the commits other connections make to the same database: here another
/// store on the same file, standing for another process (PokedexCLITests runs a real one).
@Suite("SQLiteStore live queries and other connections")
struct SQLiteOtherConnectionTests {
    /// How long a test waits for a result before it fails: generous, for a busy machine.
    static let timeout = hangGuard

    @Test("a live query sees another store's commit to the same file")
    func seesAnotherStore() async throws {
        try await withStore(seededWith: (1...20).map(ConformanceRecord.sample)) { store, url in
            let results = try await store.observe(RecordQuery(where: \.name == "other"))
            let other = try await SQLiteStore<ConformanceRecord>.open(at: url)
            try await other.upsert(ConformanceRecord(id: 99, name: "other", attack: 7))
            try await other.close()
            let seen = await firstElement(of: results, timeout: Self.timeout) {
                !$0.records.isEmpty
            }
            let result = try #require(seen, "no result with the other store's record")
            #expect(result.records.map(\.id) == [99])
            #expect(result.totalCount == 21)
        }
    }

    @Test("a read-only store's live query sees the writer's commits")
    func readOnlyStoreSeesWriter() async throws {
        try await withStore(seededWith: (1...5).map(ConformanceRecord.sample)) { store, url in
            let viewer = try await SQLiteStore<ConformanceRecord>.open(
                at: url, options: SQLiteStoreOptions(mode: .readOnly))
            let results = try await viewer.observe(RecordQuery())
            try await store.delete(id: 3)
            let seen = await firstElement(of: results, timeout: Self.timeout) {
                $0.totalCount == 4
            }
            #expect(seen?.records.map(\.id) == [1, 2, 4, 5])
            try await viewer.close()
        }
    }

    @Test("the store's own commits still arrive, once each, with the watch running")
    func ownCommitsStillArrive() async throws {
        try await withStore(seededWith: (1...5).map(ConformanceRecord.sample)) { store, _ in
            let results = try await store.observe(RecordQuery(where: \.attack >= 1_000))
            for attack in [1_000, 1_001, 1_002] {
                try await store.upsert(ConformanceRecord(id: 50, name: "big", attack: attack))
            }
            let seen = await firstElement(of: results, timeout: Self.timeout) {
                $0.records.first?.attack == 1_002
            }
            #expect(seen?.totalCount == 6)
        }
    }

    @Test("closing the store ends a live query that watches for other connections")
    func closingEndsTheWatch() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.sqlite")
            let store = try await SQLiteStore<ConformanceRecord>.open(
                at: url, options: SQLiteStoreOptions(observationInterval: .milliseconds(1)))
            let results = try await store.observe(RecordQuery())
            try await store.close()
            // The stream ends: its consumer sees the end, not the timeout.
            let ended = await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    for await _ in results {}
                    return true
                }
                group.addTask {
                    try? await Task.sleep(for: Self.timeout)
                    return false
                }
                let first = await group.next() ?? false
                group.cancelAll()
                return first
            }
            #expect(ended)
            await #expect(throws: StoreError.self) { try await store.observe(RecordQuery()) }
        }
    }
}
