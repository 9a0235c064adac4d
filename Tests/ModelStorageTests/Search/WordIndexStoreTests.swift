import Foundation
import InternalSupport
import KeyPathQuery
import ModelStorageTesting
import TestSupport
import Testing

@testable import JSONFileStorage
@testable import ModelStorage

/// The index of words in each store the record engine backs: `InMemoryModelDatabase`, and
/// `JSONFileStore` through writes, a compaction of its journal and reopening.
@Suite("Index of words in the in-memory and JSON-file stores")
struct WordIndexStoreTests {
    /// Random conditions with searches, the same on every run.
    private static let conditions: [Condition<SearchRecord>] = {
        var random = SplitMix64(seed: 42)
        var conditions: [Condition<SearchRecord>] = []
        while conditions.count < 30 {
            if let condition = WordIndexFixture.condition(&random) { conditions.append(condition) }
        }
        return conditions
    }()

    /// The search `w17` over the text: the records whose text has w17 or w170 to w179.
    private static func selective() throws -> Condition<SearchRecord> {
        .search(\.text, for: try TextSearch("w17"))
    }

    /// Records with random texts, and a word of their own in the text of the first 200.
    private static func records(_ random: inout SplitMix64) -> [SearchRecord] {
        (0..<300).map { id in
            var record = WordIndexFixture.record(id: id, &random)
            if id < 200 { record.text += " w\(id)" }
            return record
        }
    }

    /// Checks every condition against the query engine over the records the store should
    /// hold, in its order, and that the selective search reads no more than the 11 records
    /// that had its words (one that lost it since may still be read).
    private func expectScanResults(
        of store: some ModelStore<SearchRecord>,
        examined: (Condition<SearchRecord>) async throws -> Int, over records: [SearchRecord],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for condition in Self.conditions {
            let query = RecordQuery(where: condition, sortedBy: [.descending(\.id)], limit: 50)
            let expected = try query.compiled().apply(to: records).map(\.id)
            #expect(
                try await store.fetch(query).map(\.id) == expected, "\(condition)",
                sourceLocation: sourceLocation)
            let expectedCount = try condition.compiled().count(in: records)
            #expect(
                try await store.count(where: condition) == expectedCount, "\(condition)",
                sourceLocation: sourceLocation)
        }
        let selective = try Self.selective()
        let examinedCount = try await examined(selective)
        let matching = try selective.compiled().count(in: records)
        #expect(examinedCount <= 11 && examinedCount >= matching, sourceLocation: sourceLocation)
    }

    private func expectScanResults(
        _ store: JSONFileStore<SearchRecord>, over records: [SearchRecord],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await expectScanResults(
            of: store, examined: { try await store.examinedRecordCount(where: $0) },
            over: records, sourceLocation: sourceLocation)
    }

    /// Rewrites some records with new random texts, keeping the word of their own.
    private static func rewrite(
        _ records: inout [SearchRecord], _ random: inout SplitMix64
    ) -> [SearchRecord] {
        var changed: [SearchRecord] = []
        for position in records.indices where random.oneIn(3) {
            var record = WordIndexFixture.record(id: records[position].id, &random)
            if record.id < 200 { record.text += " w\(record.id)" }
            records[position] = record
            changed.append(record)
        }
        return changed
    }

    @Test("an in-memory database's stores answer searches from the index")
    func inMemoryDatabase() async throws {
        var random = SplitMix64(seed: 5)
        var records = Self.records(&random)
        let database = try InMemoryModelDatabase(for: [SearchRecord.self])
        let store = try database.store(for: SearchRecord.self)
        try await store.upsert(contentsOf: records)
        let changed = Self.rewrite(&records, &random)
        try await store.upsert(contentsOf: changed)
        try await store.delete(where: \.id >= 250)
        records.removeAll { $0.id >= 250 }
        try await expectScanResults(
            of: store, examined: { try await store.examinedRecordCount(where: $0) },
            over: records)
    }

    @Test("a JSON file store builds the index at open, and keeps it through writes and compactions")
    func jsonFileStore() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "search.json")
            let options = JSONFileStoreOptions(
                lockTimeout: .seconds(10), compactionThreshold: 2_048)
            var random = SplitMix64(seed: 11)
            var records = Self.records(&random)
            do {
                let store = try await JSONFileStore<SearchRecord>.open(at: url, options: options)
                try await store.upsert(contentsOf: records)
                try await store.update(id: 17) { $0.text = "Glurak" }
                records[17].text = "Glurak"
                try await store.delete(id: 171)
                records.removeAll { $0.id == 171 }
                try await expectScanResults(store, over: records)
                try await store.close()
            }
            do {
                // Reopened: the index is built from the document and its journal.
                let store = try await JSONFileStore<SearchRecord>.open(at: url, options: options)
                try await expectScanResults(store, over: records)
                // Saves one at a time outgrow the journal's threshold: it is compacted into
                // the document.
                let document = try Data(contentsOf: url)
                for _ in 0..<2 {
                    for record in Self.rewrite(&records, &random) { try await store.upsert(record) }
                }
                #expect(try Data(contentsOf: url) != document)
                try await expectScanResults(store, over: records)
                try await store.close()
            }
            let store = try await JSONFileStore<SearchRecord>.open(at: url, options: options)
            try await expectScanResults(store, over: records)
            try await store.close()
        }
    }
}
