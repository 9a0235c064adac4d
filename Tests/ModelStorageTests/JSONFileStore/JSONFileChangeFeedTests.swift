import Foundation
import JSONFileStorage
import ModelStorage
import ModelStorageTesting
import TestSupport
import Testing

/// The JSON store keeps a model's history in its files — each record's write version, each
/// deleted record's tombstone and the history's horizon, in the document and in the
/// journal — so that a feed read after a reopen, a crash or a compaction is the one read
/// before it.
@Suite("JSON file change feed")
struct JSONFileChangeFeedTests {
    /// How a test leaves the store before it opens it again.
    enum Reopening: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Closed: the journal is folded into the document.
        case closed
        /// Killed: the files as they were while it was open, the history in the journal.
        case crashed
        /// Killed, every commit having rewritten the document: the history in the document.
        case compacted

        var testDescription: String { rawValue }
    }

    func open(_ url: URL, compacting: Bool = false) async throws -> JSONFileStore<
        ConformanceEntry
    > {
        try await JSONFileStore<ConformanceEntry>.open(
            at: url, options: JSONFileStoreOptions(compactionThreshold: compacting ? 1 : 1 << 20))
    }

    /// Leaves a store as `reopening` says and opens its files again: the same files once
    /// closed, or a copy of them taken while it was open.
    func reopen(
        _ store: JSONFileStore<ConformanceEntry>, _ reopening: Reopening
    ) async throws -> JSONFileStore<ConformanceEntry> {
        let url = store.url
        guard reopening != .closed else {
            try await store.close()
            return try await open(url)
        }
        let copy = url.deletingLastPathComponent().appending(path: "crashed-\(UUID())")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: false)
        let copied = copy.appending(path: url.lastPathComponent)
        for file in [url, url.appendingPathExtension("journal")] {
            guard let bytes = contents(of: file) else { continue }
            try bytes.write(
                to: copy.appending(path: file.lastPathComponent))
        }
        try await store.close()
        return try await open(copied)
    }

    /// A page as text, to compare: each change's id, version and text (or `deleted`), then
    /// the next cursor and whether there is more.
    func summary(_ page: ChangePage<ConformanceEntry>) -> [String] {
        page.changes.map { "\($0.id)@\($0.version) \($0.record?.text ?? "deleted")" }
            + ["next \(page.next.version)\(page.hasMore ? " more" : "")"]
    }

    /// Every page from a cursor, a change at most a page, as text.
    func pages(
        of store: JSONFileStore<ConformanceEntry>, since cursor: ChangeCursor
    ) async throws -> [String] {
        var cursor = cursor
        var text: [String] = []
        while true {
            let page = try await store.changes(since: cursor, limit: 1)
            text += summary(page)
            guard page.hasMore else { return text }
            cursor = page.next
        }
    }

    @Test("deletions before a reopen appear in a feed read after it", arguments: Reopening.allCases)
    func deletionsSurviveAReopen(_ reopening: Reopening) async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "entries.json")
            var store = try await open(url, compacting: reopening == .compacted)
            for number in 1...6 { try await store.insert(.sample(number)) }
            let cursor = try await store.changes(since: .start).next
            try await store.delete(id: "n2")
            let middle = try await store.changes(since: .start).next
            // One commit's writes and deletions, out of the table's order: a feed gives its
            // writes in the table's order, then its deletions as it made them.
            try await store.transaction { transaction in
                transaction.delete(id: "n6")
                for id in [4, 3] {
                    transaction.upsert(
                        ConformanceEntry(id: "n\(id)", pokemonID: id, text: "edited"))
                }
                transaction.delete(id: "n5")
            }
            // Deleted, then written again: no tombstone is left of it.
            try await store.delete(id: "n1")
            try await store.insert(.sample(1))
            let cursors = [cursor, middle, .start]
            var before: [[String]] = []
            for cursor in cursors { before.append(try await pages(of: store, since: cursor)) }
            #expect(
                summary(try await store.changes(since: middle))
                    == [
                        "n3@8 edited", "n4@8 edited", "n6@8 deleted", "n5@8 deleted",
                        "n1@10 note 1", "next 10",
                    ])

            store = try await reopen(store, reopening)
            for (cursor, expected) in zip(cursors, before) {
                let read = try await pages(of: store, since: cursor)
                #expect(read == expected, "since \(cursor)")
            }
            // The history goes on after the reopen, and is kept again by the next one.
            try await store.delete(id: "n3")
            let after = try await pages(of: store, since: cursor)
            #expect(after.suffix(2) == ["n3@11 deleted", "next 11"])
            store = try await reopen(store, .closed)
            let again = try await pages(of: store, since: cursor)
            #expect(again == after)
            try await store.close()
        }
    }

    @Test("a pruned horizon survives a reopen", arguments: [Reopening.closed, .crashed])
    func pruningSurvivesAReopen(_ reopening: Reopening) async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "entries.json")
            var store = try await open(url)
            for number in 1...3 { try await store.insert(.sample(number)) }
            let cursor = try await store.changes(since: .start).next
            try await store.delete(id: "n1")
            try await store.delete(id: "n2")
            // Tombstones are kept for an hour: two hours on, both go.
            let later = Date().addingTimeInterval(7_200)
            #expect(try await store.pruneChangeHistory(now: Date()) == 0)
            #expect(try await store.pruneChangeHistory(now: later) == 2)
            try await expectExpired(store, since: cursor, horizon: 5)
            try await store.insert(.sample(4))

            store = try await reopen(store, reopening)
            try await expectExpired(store, since: cursor, horizon: 5)
            #expect(
                summary(try await store.changes(since: ChangeCursor(version: 5)))
                    == ["n4@6 note 4", "next 6"])
            // The tombstones were dropped for good.
            #expect(try await store.pruneChangeHistory(now: later) == 0)
            try await store.close()
        }
    }

    @Test("a pruning among concurrent writes reads the same after a crash")
    func pruningAmongConcurrentWrites() async throws {
        try await withTemporaryDirectory { directory in
            var store = try await open(directory.appending(path: "entries.json"))
            for number in 1...20 { try await store.insert(.sample(number)) }
            for number in 1...10 { try await store.delete(id: "n\(number)") }
            let later = Date().addingTimeInterval(7_200)
            let writer = store
            try await withThrowingTaskGroup(of: Void.self) { group in
                for number in 21...30 { group.addTask { try await writer.insert(.sample(number)) } }
                group.addTask { _ = try await writer.pruneChangeHistory(now: later) }
                for number in 11...15 {
                    group.addTask { _ = try await writer.delete(id: "n\(number)") }
                }
                try await group.waitForAll()
            }
            let before = try await feeds(of: store)
            #expect(before.contains { $0.hasSuffix("expired") })
            store = try await reopen(store, .crashed)
            #expect(try await feeds(of: store) == before)
            try await store.close()
        }
    }

    /// The feed from every cursor up to the store's version, as text: its pages, or
    /// `expired`.
    func feeds(of store: JSONFileStore<ConformanceEntry>) async throws -> [String] {
        let version = try await store.changes(since: .start).next.version
        var text: [String] = []
        for cursor in 0...version {
            do {
                text += try await pages(of: store, since: ChangeCursor(version: cursor))
            } catch let error as StoreError where error.code == .changesExpired {
                text.append("\(cursor) expired")
            }
        }
        return text
    }

    /// Expects a read from a cursor to throw `changesExpired` at a horizon.
    func expectExpired(
        _ store: JSONFileStore<ConformanceEntry>, since cursor: ChangeCursor, horizon: UInt64,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let error = await #expect(throws: StoreError.self, sourceLocation: sourceLocation) {
            try await store.changes(since: cursor)
        }
        #expect(error?.code == .changesExpired, sourceLocation: sourceLocation)
        #expect(error?.historyHorizon == horizon, sourceLocation: sourceLocation)
    }

    @Test("a model without a history writes none to the files")
    func aModelWithoutAHistoryPaysNothing() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.json")
            let database = try await JSONFileModelDatabase.open(
                at: url, for: [ConformanceEntry.self, Record.self])
            try await database.transaction { transaction in
                transaction[ConformanceEntry.self].upsert(.sample(1))
                transaction[Record.self].upsert(.sample(1))
            }
            try await database.transaction { transaction in
                transaction[ConformanceEntry.self].delete(id: "n1")
                transaction[Record.self].delete(id: 1)
            }
            let journal = lines(of: url.appendingPathExtension("journal"))
            // The deletion's time is kept for the model with a history only.
            let (entries, records) = (ConformanceEntry.storageName, Record.storageName)
            let last = try #require(journal.last)
            #expect(last.contains(#"{"model":"\#(entries)","delete":["n1"],"deletedAt":"#))
            #expect(last.contains(#"{"model":"\#(records)","delete":[1],"put":[]}"#))
            try await database.close()
            let document = lines(of: url)
            #expect(document.contains(#""horizon":0,"tombstones":["#))
            #expect(document.filter { $0.contains("horizon") }.count == 1)
            let reopened = try await JSONFileModelDatabase.open(
                at: url, for: [ConformanceEntry.self, Record.self])
            let page = try await reopened.store(for: ConformanceEntry.self).changes(
                since: ChangeCursor(version: 1))
            #expect(summary(page) == ["n1@2 deleted", "next 2"])
            try await reopened.close()
        }
    }
}
