import Foundation
import KeyPathQuery
import ModelStorage
import PostgresStorage
import Testing

/// A large write goes to the server in statements of up to 1,000 rows, each sent while the
/// next one's rows are made: one that fails, at the server or before, stores nothing of the
/// write.
@Suite("Writes in batches")
struct BatchWriteTests {
    /// 2,500 records: three statements.
    static func records(failing: Int? = nil) -> [Sample] {
        (1...2_500).map { id in
            Sample(
                id: id, real: id == failing ? .nan : Double(id), small: nil, bytes: Data(),
                when: Date(timeIntervalSinceReferenceDate: 0), big: id, flag: false,
                text: "r\(id)", list: [])
        }
    }

    @Test("a batch the server refuses in the middle stores nothing, and the store goes on")
    func refusedAtTheServer() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let store = try await stores.open(Sample.self, on: database)
            try await store.upsert(
                Sample(
                    id: 9_999, real: 1, small: nil, bytes: Data(),
                    when: Date(timeIntervalSinceReferenceDate: 0), big: 1, flag: true, text: "kept",
                    list: []))
            // The second statement's rows hold a value the table now refuses, while the third
            // is already sent.
            try await PostgresStoreTests.run(
                "ALTER TABLE sample ADD CONSTRAINT no_1500 CHECK (big <> 1500)", on: database)
            do {
                try await store.upsert(contentsOf: Self.records())
                Issue.record("the write was stored past a refused row")
            } catch let error as StoreError {
                #expect(error.code == .statementFailed)
                #expect("\(error)".contains("no_1500"), "\(error)")
            }
            #expect(try await store.count() == 1)
            try await PostgresStoreTests.run(
                "ALTER TABLE sample DROP CONSTRAINT no_1500", on: database)
            try await store.upsert(contentsOf: Self.records())
            #expect(try await store.count() == 2_501)
            #expect(try await store.fetch(id: 1_500)?.big == 1_500)
        }
    }

    @Test("a record that cannot be encoded, while a statement is sent, stores nothing")
    func failedBeforeSending() async throws {
        try await TestStores.with { stores in
            let store = try await stores.open(Sample.self)
            do {
                // JSON has no NaN: the third statement's rows fail while the second is sent.
                try await store.upsert(contentsOf: Self.records(failing: 2_200))
                Issue.record("a record with NaN was encoded")
            } catch let error as StoreError {
                #expect(error.code == .encodingFailed, "\(error)")
            }
            #expect(try await store.count() == 0)
            try await store.upsert(contentsOf: Self.records())
            #expect(try await store.count() == 2_500)
        }
    }
}
