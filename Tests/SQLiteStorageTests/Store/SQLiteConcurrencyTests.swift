import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import SQLiteStorage
import TestSupport
import Testing

/// Reads run on connections of their own, beside the writer; a transaction reads only while
/// its body runs; a read that fails in a body fails its write.
@Suite("SQLiteStore concurrency")
struct SQLiteConcurrencyTests {
    @Test("reads do not wait for a write in progress")
    func readsDoNotWaitForWrites() async throws {
        try await withStore(seededWith: (1...50).map(ConformanceRecord.sample)) { store, _ in
            // A write whose body holds the writer, inside its SQLite transaction, until the
            // reads are done (a body should never block; this one does, to stand for a long
            // commit). Reads that waited for it would wait until its hang guard ran out: how
            // long the reads take is not measured, since a busy machine can delay them by
            // more than any fixed time.
            let write = await HeldWrite.start(
                upserting: ConformanceRecord(id: 99, name: "slow", attack: 1), in: store)
            let count = try await store.count()
            let strong = try await store.fetch(RecordQuery(where: \.attack >= 50))
            let slow = try await store.fetch(id: 99)
            let timedOut = try await write.finish()
            #expect(!timedOut, "the reads waited for the write")
            #expect(count == 50 && !strong.isEmpty && slow == nil, "the reads, before the write")
            let written = try await store.fetch(id: 99)
            #expect(written?.name == "slow")
        }
    }

    @Test("writes made while a group commits all commit in the groups after it")
    func writesQueuedBehindAGroup() async throws {
        try await withStore(seededWith: [ConformanceRecord]()) { store, _ in
            // The first write forms a group and holds it in its body; the others, made
            // meanwhile, must wait for it (suspended: they are more than the cooperative
            // pool has threads) and then commit, every one, in the next groups.
            let first = await HeldWrite.start(
                upserting: ConformanceRecord(id: 0, name: "first", attack: 0), in: store)
            let others = (1...64).map { id in
                Task { try await store.insert(.sample(id)) }
            }
            #expect(try await first.finish() == false, "the first write's body timed out")
            for other in others { try await other.value }
            #expect(try await store.count() == 65)
            // Each write counts as a commit of its own, grouped or not.
            #expect(try await store.fetchResult(.everyRecord).version == 65)
            try await store.close()
        }
    }

    @Test("a close finishes the writes queued before it and refuses those after")
    func closeFinishesQueuedWrites() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.sqlite")
            let store = try await SQLiteStore<ConformanceRecord>.open(at: url)
            let first = await HeldWrite.start(
                upserting: ConformanceRecord(id: 0, name: "first", attack: 0), in: store)
            // Some of these are queued before the close, some after: each either commits
            // and stays, or throws `closed` and leaves nothing.
            let writes = (1...32).map { id in
                Task { () -> Bool in
                    do {
                        try await store.insert(.sample(id))
                        return true
                    } catch let error as StoreError where error.code == .closed {
                        return false
                    }
                }
            }
            let closing = Task { try await store.close() }
            #expect(try await first.finish() == false, "the first write's body timed out")
            try await closing.value
            var committed: Set<Int> = [0]
            for (index, write) in writes.enumerated() where try await write.value {
                committed.insert(index + 1)
            }
            do {
                try await store.upsert(.sample(99))
                Issue.record("a write after the close committed")
            } catch let error as StoreError {
                #expect(error.code == .closed, "\(error)")
            }
            let reopened = try await SQLiteStore<ConformanceRecord>.open(at: url)
            let stored = Set(try await reopened.fetch(.everyRecord).map(\.id))
            #expect(stored == committed)
            try await reopened.close()
        }
    }

    @Test("a transaction kept past its body reads nothing, and does not crash")
    func escapedTransaction() async throws {
        try await withStore(seededWith: (1...5).map(ConformanceRecord.sample)) { store, _ in
            let escaped = try await store.transaction { transaction in
                #expect(transaction.fetch(id: 3) == .sample(3))
                return transaction
            }
            #expect(escaped.fetch(id: 3) == nil)
            #expect(escaped.contains(id: 3) == false)
            #expect(throws: StoreError.self) { try escaped.fetch(.everyRecord) }
            let detached = await Task.detached { escaped.fetch(id: 3) }.value
            #expect(detached == nil)
            try await store.close()
        }
    }

    @Test("a read that fails in a body fails its write, and changes nothing")
    func failedReadFailsTheWrite() async throws {
        try await withStore(seededWith: (1...5).map(ConformanceRecord.sample)) { store, url in
            try RawDatabase(url).execute(
                "UPDATE conformance_record SET _record = 'not JSON' WHERE id = 2")
            let version = try await store.fetchVersioned(id: 1)?.version
            do {
                // The body sees no record 2 and would insert one; the write must fail instead.
                try await store.transaction { transaction in
                    if transaction.fetch(id: 2) == nil {
                        transaction.upsert(ConformanceRecord(id: 2, name: "new", attack: 0))
                    }
                    transaction.upsert(ConformanceRecord(id: 6, name: "six", attack: 0))
                }
                Issue.record("the write committed")
            } catch let error as StoreError {
                #expect(error.description.contains("does not decode"), "\(error)")
            }
            #expect(try await store.fetch(id: 6) == nil)
            #expect(try await store.fetchVersioned(id: 1)?.version == version)
            #expect(
                try RawDatabase(url).strings("SELECT _record FROM conformance_record WHERE id = 2")
                    == ["not JSON"])
            // The next write goes on.
            try await store.upsert(ConformanceRecord(id: 7, name: "seven", attack: 0))
            #expect(try await store.fetch(id: 7)?.name == "seven")
            try await store.close()
        }
    }

    @Test("writes from two stores on one file, each commit seen by the other's reads")
    func twoStores() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.sqlite")
            let first = try await SQLiteStore<ConformanceRecord>.open(at: url)
            let second = try await SQLiteStore<ConformanceRecord>.open(at: url)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        let store = index.isMultiple(of: 2) ? first : second
                        try await store.insert(.sample(index))
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await first.count() == 200)
            #expect(try await second.count() == 200)
            #expect(try await first.fetchVersioned(id: 0)?.version == 200)
            try await first.close()
            try await second.close()
        }
    }
}
