import Foundation
import ModelStorage
import ModelStorageTesting
import PostgresNIO
@_spi(BackendInternals) import SQLStorage
import Testing

@_spi(BackendInternals) @testable import PostgresStorage

/// ModelStorageTesting's change-feed checks against `PostgresStore` on a real server, and
/// what the history keeps beyond them: it lasts across opens, and a model without one pays
/// nothing.
@Suite("PostgresStore change feed")
struct PostgresChangeFeedTests {
    @Test("meets the change feed's contract", arguments: ChangeFeedConformance.checks)
    func changeFeed(_ check: ChangeFeedCheck) async throws {
        try await TestStores.with { stores in
            try await check.run { try await stores.open(ConformanceEntry.self) }
        }
    }

    @Test("tombstones and the horizon last across opens; a read searches the version index")
    func historyLastsAcrossOpens() async throws {
        try await TestStores.with { stores in
            let database = try await TestStores.freshDatabase()
            var store = try await stores.open(ConformanceEntry.self, on: database)
            for number in 1...3 { try await store.insert(.sample(number)) }
            let cursor = try await store.changes(since: .start).next
            try await store.delete(id: "n2")
            try await store.close()

            store = try await stores.open(ConformanceEntry.self, on: database)
            let page = try await store.changes(since: cursor)
            #expect(page.changes.map(\.id) == ["n2"])
            #expect(page.changes.map(\.isDeletion) == [true])
            #expect(try await store.pruneChangeHistory(now: Date().addingTimeInterval(7_200)) == 1)
            try await store.close()

            store = try await stores.open(ConformanceEntry.self, on: database)
            let error = await #expect(throws: StoreError.self) {
                try await store.changes(since: cursor)
            }
            #expect(error?.code == .changesExpired)
            let indexes = try await store.database.driver.writer.perform { connection in
                try connection.rows(
                    "SELECT indexname::text FROM pg_indexes WHERE schemaname = "
                        + "current_schema() AND tablename = 'conformance_entry'",
                    operation: "read the indexes"
                ).compactMap { try? $0.decode(String.self) }
            }
            #expect(indexes.contains("conformance_entry__changes"), "\(indexes)")
            try await store.close()
        }
    }

    @Test("a model without a history has no version index and no change feed")
    func noHistoryCostsNothing() async throws {
        try await TestStores.with { stores in
            let store = try await stores.open(ConformanceRecord.self)
            try await store.insert(.sample(1))
            _ = try await store.delete(id: 1)
            let error = await #expect(throws: StoreError.self) {
                try await store.changes(since: .start)
            }
            #expect(error?.code == .historyNotKept)
            let tables = try await store.database.driver.writer.perform { connection in
                try connection.rows(
                    "SELECT table_name::text FROM information_schema.tables WHERE "
                        + "table_schema = current_schema()", operation: "read the tables"
                ).compactMap { try? $0.decode(String.self) }
            }
            #expect(!tables.contains("modelstorage_tombstones"), "\(tables)")
            try await store.close()
        }
    }
}
