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
            let started = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let patience = DispatchTimeInterval.seconds(Int(hangGuard.components.seconds))
            let write = Task {
                try await store.transaction { transaction in
                    transaction.upsert(ConformanceRecord(id: 99, name: "slow", attack: 1))
                    started.signal()
                    return release.wait(timeout: .now() + patience) == .timedOut
                }
            }
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    started.wait()
                    continuation.resume()
                }
            }
            let count = try await store.count()
            let strong = try await store.fetch(RecordQuery(where: \.attack >= 50))
            let slow = try await store.fetch(id: 99)
            release.signal()
            let timedOut = try await write.value
            #expect(!timedOut, "the reads waited for the write")
            #expect(count == 50 && !strong.isEmpty && slow == nil, "the reads, before the write")
            let written = try await store.fetch(id: 99)
            #expect(written?.name == "slow")
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
            await store.close()
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
            await store.close()
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
            await first.close()
            await second.close()
        }
    }
}
