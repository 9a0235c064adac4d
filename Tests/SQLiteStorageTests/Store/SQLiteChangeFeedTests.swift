import Foundation
import ModelStorage
import ModelStorageTesting
import SQLiteStorage
import TestSupport
import Testing

/// `ConformanceEntry` as it was before it kept a history: the same table, no history.
private struct PlainEntry: StorableModel, Hashable {
    var id: String
    var pokemonID: Int
    var text: String

    static let queryAttributes: AttributeMap<PlainEntry> = [
        \.id: "id", \.pokemonID: "pokemonID", \.text: "text",
    ]
    static var storageName: String { ConformanceEntry.storageName }
}

/// Expects a body to throw a `StoreError` with a code.
private func expectCode<Result>(
    _ code: StoreError.Code, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Result
) async {
    let error = await #expect(throws: StoreError.self, sourceLocation: sourceLocation) {
        try await body()
    }
    #expect(error?.code == code, sourceLocation: sourceLocation)
}

/// What SQLite keeps of a model's change history, beyond the conformance checks: it lasts
/// across opens, its reads go through the index on the write versions, it costs a model
/// without a history nothing, and a model that starts keeping one starts at the version then.
@Suite("SQLite change feed")
struct SQLiteChangeFeedTests {
    @Test("tombstones, the horizon and the versions last across opens")
    func historyLastsAcrossOpens() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "entries.sqlite")
            var store = try await SQLiteStore<ConformanceEntry>.open(at: url)
            for number in 1...3 { try await store.insert(.sample(number)) }
            let cursor = try await store.changes(since: .start).next
            try await store.delete(id: "n2")
            try await store.update(id: "n3") { $0.text = "edited" }
            try await store.close()

            store = try await SQLiteStore<ConformanceEntry>.open(at: url)
            let page = try await store.changes(since: cursor)
            #expect(page.changes.map(\.id) == ["n2", "n3"])
            #expect(page.changes.map(\.isDeletion) == [true, false])
            #expect(page.changes.last?.record?.text == "edited")

            // Pruned in one open, the horizon holds in the next.
            #expect(try await store.pruneChangeHistory(now: Date().addingTimeInterval(7_200)) == 1)
            try await store.close()
            store = try await SQLiteStore<ConformanceEntry>.open(at: url)
            await expectCode(.changesExpired) {
                try await store.changes(since: cursor)
            }
            #expect(try await store.changes(since: .start).changes.map(\.id) == ["n1", "n3"])

            // A read-only open reads the same feed.
            let reader = try await SQLiteStore<ConformanceEntry>.open(
                at: url, options: SQLiteStoreOptions(mode: .readOnly))
            #expect(try await reader.changes(since: page.next).changes.isEmpty)
            await expectCode(.readOnly) {
                try await reader.pruneChangeHistory(now: Date())
            }
            try await reader.close()
            try await store.close()
        }
    }

    @Test("a read after a cursor searches the index on the write versions, never the table")
    func readsThroughTheVersionIndex() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "entries.sqlite")
            let store = try await SQLiteStore<ConformanceEntry>.open(at: url)
            try await store.insert(.sample(1))
            try await store.close()
            let raw = try RawDatabase(url)
            let plan = try raw.strings(
                "EXPLAIN QUERY PLAN SELECT \"_version\", \"_order\", \"_record\" FROM "
                    + "conformance_entry WHERE \"_version\" > 7 ORDER BY \"_version\", "
                    + "\"_order\" LIMIT 10", column: 3)
            #expect(
                plan.contains { $0.contains("SEARCH conformance_entry USING INDEX") },
                "\(plan)")
            #expect(!plan.contains { $0.contains("SCAN") || $0.contains("TEMP B-TREE") }, "\(plan)")
            let tombstones = try raw.strings(
                "EXPLAIN QUERY PLAN SELECT \"version\", \"id\" FROM modelstorage_tombstones "
                    + "WHERE \"table_name\" = 'x' AND \"version\" > 7 ORDER BY \"version\", "
                    + "\"key\" LIMIT 10", column: 3)
            #expect(tombstones.contains { $0.contains("USING INDEX") }, "\(tombstones)")
        }
    }

    @Test("a model without a history has no version index, and its deletes leave no tombstone")
    func noHistoryCostsNothing() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "plain.sqlite")
            let store = try await SQLiteStore<PlainEntry>.open(at: url)
            try await store.insert(PlainEntry(id: "n1", pokemonID: 1, text: "a"))
            try await store.delete(id: "n1")
            await expectCode(.historyNotKept) {
                try await store.changes(since: .start)
            }
            try await store.close()
            let names = try RawDatabase(url).strings("SELECT name FROM sqlite_master")
            #expect(!names.contains { $0.contains("__changes") }, "\(names)")
            #expect(!names.contains("modelstorage_tombstones"), "\(names)")
        }
    }

    @Test("a model that starts keeping a history starts it at the database's version then")
    func historyStartsWhenTheModelDeclaresIt() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "entries.sqlite")
            let plain = try await SQLiteStore<PlainEntry>.open(at: url)
            for number in 1...3 {
                try await plain.insert(PlainEntry(id: "n\(number)", pokemonID: number, text: "a"))
            }
            try await plain.delete(id: "n1")
            try await plain.close()

            let store = try await SQLiteStore<ConformanceEntry>.open(at: url)
            // Version 4: the deletion at 4 left no tombstone, so a cursor before it cannot be
            // answered; the start and the version then can.
            await expectCode(.changesExpired) {
                try await store.changes(since: ChangeCursor(version: 2))
            }
            let all = try await store.changes(since: .start)
            #expect(all.changes.map(\.id) == ["n2", "n3"])
            #expect(all.next == ChangeCursor(version: 4))
            try await store.delete(id: "n2")
            #expect(try await store.changes(since: all.next).changes.map(\.isDeletion) == [true])
            try await store.close()

            // Back to the model without a history: its index goes, its tombstones stay unread.
            let again = try await SQLiteStore<PlainEntry>.open(at: url)
            try await again.close()
            let names = try RawDatabase(url).strings("SELECT name FROM sqlite_master")
            #expect(!names.contains { $0.contains("__changes") }, "\(names)")
        }
    }
}
