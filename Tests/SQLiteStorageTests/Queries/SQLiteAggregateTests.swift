import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import SQLiteStorage
import TestSupport
import Testing

/// SQLite computes aggregates itself: one statement, not a fetch finished in memory.
@Suite("SQLiteStore aggregates")
struct SQLiteAggregateTests {
    @Test("computes aggregates in SQLite, with one statement")
    func inDatabase() async throws {
        try await withTemporaryDirectory { directory in
            try await AggregateConformance.inDatabaseCheck.run {
                try await SQLiteStore<AggregateRecord>.open(
                    at: directory.appending(path: "aggregates.sqlite"))
            }
        }
    }

    @Test("an overflowing sum is StoreError.invalidQuery holding aggregateOverflow")
    func overflow() async throws {
        try await withTemporaryDirectory { directory in
            let store = try await SQLiteStore<AggregateRecord>.open(
                at: directory.appending(path: "aggregates.sqlite"))
            try await store.upsert(contentsOf: AggregateRecord.samples)
            do {
                let rows = try await store.aggregate(AggregateQuery(.sum(\.big)))
                Issue.record("an overflowing sum answered \(rows)")
            } catch let error as StoreError {
                #expect(error.code == .invalidQuery)
                #expect(error.queryError?.code == .aggregateOverflow)
                #expect(error.queryError?.aggregate == #"sum(\AggregateRecord.big)"#)
            }
            try await store.close()
        }
    }
}
