import Foundation
import JSONFileStorage
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Two processes contending for one store file.
@Suite("Writer lock", .serialized)
struct LockTests {
    /// Starts a child that writes records 1 to `count` and holds the lock for `milliseconds`,
    /// or until it is killed when `milliseconds` is `nil`.
    ///
    /// A test that needs the lock held while it runs holds it until killed: under a sanitizer,
    /// with every other test running beside it, a test's task waited over two minutes to run
    /// again after the child said `locked`, and a two-minute hold had ended by then.
    func holder(_ url: URL, count: Int = 10, milliseconds: Int? = nil) async throws
        -> ChildProcess
    {
        let child = try ChildProcess(["hold", url.path, "\(count)", "\(milliseconds ?? -1)"])
        try await child.waitForLine(startingWith: "locked")
        return child
    }

    func expectRecords(
        _ store: JSONFileStore<Record>, _ count: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let records = try await store.fetch(.everyRecord)
        #expect(
            records
                == (1...count).map {
                    Record(id: $0, name: "r\($0)", attack: $0 % 1_000, favorite: $0 % 2 == 0)
                }, sourceLocation: sourceLocation)
    }

    @Test func aSecondWriterIsRefusedWithTheHoldersPID() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            let child = try await holder(url)
            defer { child.kill() }
            let error = await #expect(throws: StoreError.self) {
                try await JSONFileStore<Record>.open(at: url)
            }
            #expect(error == .locked(at: .file(url.path), pid: child.pid))
            #expect(error?.description.contains("process \(child.pid)") == true)
        }
    }

    @Test func aSecondWriterWaitsUpToItsTimeout() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            let child = try await holder(url)
            defer { child.kill() }
            let started = ContinuousClock.now
            await #expect(throws: StoreError.locked(at: .file(url.path), pid: child.pid)) {
                try await JSONFileStore<Record>.open(
                    at: url, options: JSONFileStoreOptions(lockTimeout: .milliseconds(300)))
            }
            let waited = ContinuousClock.now - started
            #expect(waited >= .milliseconds(300) && waited < .seconds(30), "waited \(waited)")
        }
    }

    @Test func aWaitingWriterGetsTheLockWhenTheHolderClosesAndSeesItsWrites() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            let child = try await holder(url, count: 25, milliseconds: 300)
            let store = try await JSONFileStore<Record>.open(
                at: url, options: JSONFileStoreOptions(lockTimeout: hangGuard))
            try await child.waitForExit()
            #expect(child.lines.last == "closed")
            try await expectRecords(store, 25)
            try await store.insert(.sample(26))
        }
    }

    @Test func theLockIsReleasedWhenTheHolderIsKilled() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            let child = try await holder(url, count: 40)
            child.kill()
            try await child.waitForExit()
            let store = try await JSONFileStore<Record>.open(
                at: url, options: JSONFileStoreOptions(lockTimeout: .seconds(5)))
            try await expectRecords(store, 40)
        }
    }

    @Test func anotherProcessIsRefusedThenTakesOverFromAKilledWriter() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            let writer = try ChildProcess(["write", url.path, "1", "2048"])
            try await writer.waitForLine(startingWith: "ack")
            // A second process, while the first writes: refused at once, naming the first.
            let refused = try ChildProcess(["probe", url.path, "0", "0"])
            try await refused.waitForExit()
            #expect(
                refused.lines.first
                    == "refused \(StoreError.locked(at: .file(url.path), pid: writer.pid))")
            #expect(refused.lines.first?.contains("locked by process \(writer.pid)") == true)
            #expect(refused.lines.last?.hasPrefix("read ") == true)

            // The first dies mid-write without unlocking; its lock file still names it.
            writer.kill()
            try await writer.waitForExit()
            var ledger = CrashLedger()
            ledger.read(writer.lines, stop: nil)
            let stamp = try String(contentsOf: url.appendingPathExtension("lock"), encoding: .utf8)
            #expect(stamp == "\(writer.pid)\n")

            // The next process takes the lock over, and finds every acknowledged save.
            let taker = try ChildProcess(["probe", url.path, "0", "0"])
            try await taker.waitForExit()
            #expect(taker.lines.first == "wrote")
            let store = try await JSONFileStore<Record>.open(at: url, options: .readOnly)
            let present = Set(try await store.fetch(.everyRecord).map(\.id))
            let acknowledged = ledger.ackedPuts.subtracting(ledger.begunDeletes)
            #expect(!acknowledged.isEmpty)
            #expect(acknowledged.isSubset(of: present), "\(acknowledged.subtracting(present))")
            #expect(present.intersection(ledger.ackedDeletes).isEmpty)
            #expect(present.contains(1_000_000))
        }
    }

    @Test func aReadOnlyStoreOpensAlongsideAWriter() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            let child = try await holder(url, count: 15)
            defer { child.kill() }
            let reader = try await JSONFileStore<Record>.open(at: url, options: .readOnly)
            try await expectRecords(reader, 15)
        }
    }

    @Test func aSecondWriterInTheSameProcessIsRefusedToo() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            let first = try await JSONFileStore<Record>.open(at: url)
            await #expect(throws: StoreError.locked(at: .file(url.path), pid: getpid())) {
                try await JSONFileStore<Record>.open(at: url)
            }
            try await first.close()
            // A child process other tests start at this instant shares the lock's descriptor
            // until its exec: wait out that moment.
            let second = try await JSONFileStore<Record>.open(
                at: url, options: JSONFileStoreOptions(lockTimeout: .seconds(10)))
            #expect(try await second.count() == 0)
        }
    }
}
