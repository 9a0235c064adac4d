import Foundation
import KeyPathQuery
import ModelStorage
import TestSupport
import Testing

@testable import SQLiteStorage

/// A write of many records makes its rows on a second thread while the writer stores them
/// (`RowPipeline`): the records are stored in order, deletions among them included, live
/// queries see the change, and a record that does not encode fails the whole write, naming
/// the first such record, with nothing stored.
@Suite("SQLiteStore's large writes")
struct SQLiteLargeWriteTests {
    /// Enough records for many chunks, and more than the helper's window ahead.
    static let size = 40 * RowPipeline<Gadget>.chunkSize + 17

    @Test("a large write stores every record in order, with deletions among them")
    func storesInOrder() async throws {
        #expect(Self.size >= RowPipeline<Gadget>.threshold)
        let seeded = (0..<100).map(Gadget.sample)
        try await withStore(seededWith: seeded) { store, url in
            let results = try await store.observe(RecordQuery(where: \.active == true))
            let batch = (50..<(50 + Self.size)).map { id in
                var gadget = Gadget.sample(id)
                gadget.label += " (new)"
                return gadget
            }
            let deleted = Set(stride(from: 3, to: 100, by: 7))
            try await store.transaction { transaction in
                for (offset, gadget) in batch.enumerated() {
                    transaction.upsert(gadget)
                    if offset < 100, deleted.contains(offset) { transaction.delete(id: offset) }
                }
            }
            // Memory's answer: the seeded records in place, replaced ones kept in their
            // place, new ones after them in order, deleted ones gone.
            var expected = seeded.map { $0.id < 50 ? $0 : batch[$0.id - 50] }
            expected += batch.dropFirst(50)
            expected.removeAll { deleted.contains($0.id) }
            #expect(try await store.fetch(.everyRecord) == expected)
            let active = expected.filter(\.active)
            let seen = await firstElement(of: results, timeout: hangGuard) {
                $0.records.count == active.count
            }
            #expect(seen?.records == active)
            #expect(seen?.totalCount == expected.count)
            try await store.close()

            let reopened = try await SQLiteStore<Gadget>.open(at: url, options: .readOnly)
            #expect(try await reopened.fetch(.everyRecord) == expected)
            try await reopened.close()
        }
    }

    @Test(
        "a record that does not encode fails the whole write, naming the first",
        arguments: [0, 1, 63, 64, 1_000, size - 2])
    func failsAtTheFirstBadRecord(badIndex: Int) async throws {
        let seeded = (0..<10).map(Gadget.sample)
        try await withStore(seededWith: seeded) { store, _ in
            var batch = (100..<(100 + Self.size)).map(Gadget.sample)
            batch[badIndex].price = .nan
            batch[Self.size - 1].price = .infinity  // a later bad record is not the one named
            let error = await #expect(throws: StoreError.self) {
                try await store.upsert(contentsOf: batch)
            }
            guard let error, error.code == .encodingFailed, let id = error.recordID else {
                Issue.record("expected encodingFailed, got \(String(describing: error))")
                return
            }
            #expect(id == String(batch[badIndex].id))
            #expect(try await store.fetch(.everyRecord) == seeded)
            // The store goes on: the same batch without the bad records is stored.
            batch[badIndex].price = 1
            batch[Self.size - 1].price = 2
            try await store.upsert(contentsOf: batch)
            #expect(try await store.count() == seeded.count + Self.size)
        }
    }
}
