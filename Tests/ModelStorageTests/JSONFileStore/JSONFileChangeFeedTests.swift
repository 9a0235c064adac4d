import Foundation
import JSONFileStorage
import ModelStorage
import ModelStorageTesting
import TestSupport
import Testing

/// The JSON store keeps a model's history while it is open: its file keeps each record's
/// write version but no tombstone, so an open starts the history at the file's version.
@Suite("JSON file change feed")
struct JSONFileChangeFeedTests {
    @Test("an open starts the history at the file's version: older cursors start again")
    func historyStartsAtTheOpen() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "entries.json")
            var store = try await JSONFileStore<ConformanceEntry>.open(at: url)
            for number in 1...3 { try await store.insert(.sample(number)) }
            let cursor = try await store.changes(since: .start).next
            try await store.delete(id: "n2")
            let opened = try await store.changes(since: cursor)
            #expect(opened.changes.map(\.isDeletion) == [true])
            try await store.close()

            store = try await JSONFileStore<ConformanceEntry>.open(at: url)
            let error = await #expect(throws: StoreError.self) {
                try await store.changes(since: cursor)
            }
            #expect(error?.code == .changesExpired)
            #expect(error?.historyHorizon == opened.next.version)
            let all = try await store.changes(since: .start)
            #expect(all.changes.map(\.id) == ["n1", "n3"])
            #expect(all.next == opened.next)
            try await store.update(id: "n1") { $0.text = "edited" }
            #expect(try await store.changes(since: all.next).changes.map(\.id) == ["n1"])
            try await store.close()
        }
    }
}
