import Foundation
import InternalSupport
import KeyPathQuery
import ModelStorage
import ModelSync
import Testing

@Suite("Notices that carry the changes")
struct NoticeTests {
    @Test(
        "A notice after a push carries the user's changes, and a replica in step takes them without a pull"
    )
    func carriedChangesNeedNoPull() async throws {
        let fixture = try await SyncFixture.make(.sqlite)
        defer { fixture.remove() }
        let counting = CountingTransport(InProcessTransport(server: fixture.server, user: "ash"))
        let (phone, phoneDB) = try await fixture.replica("phone", transport: counting)
        let (laptop, _) = try await fixture.replica("laptop")
        try await laptop.transaction { $0[Memo.self].upsert(Memo(id: "m0", title: "first")) }
        try await laptop.push()
        try await phone.sync()
        var notices = try await fixture.server.notices(for: "ash").makeAsyncIterator()
        // The first notice of each model carries nothing: it only says to pull.
        for _ in 0..<2 { #expect(try await notices.next()?.changes == nil) }

        try await laptop.transaction {
            $0[Memo.self].upsert(Memo(id: "m1", title: "second"))
            $0[Memo.self].delete(id: "m0")
        }
        try await laptop.push()
        let notice = try #require(try await notices.next())
        let carried = try #require(notice.changes)
        #expect(carried.model == Memo.storageName)
        #expect(carried.changes.count == 2)
        #expect(carried.server == (try await fixture.server.databaseIdentity()))

        let pullsBefore = counting.pulls
        try await phone.take(notice)
        #expect(counting.pulls == pullsBefore)
        #expect(Set(try await memos(in: phoneDB).keys) == ["m1"])
        // Taken twice, it changes nothing and still needs no pull.
        try await phone.take(notice)
        #expect(counting.pulls == pullsBefore)
        #expect(Set(try await memos(in: phoneDB).keys) == ["m1"])
    }

    @Test(
        "A replica that lacks changes before a notice's start, or is on another database, pulls instead"
    )
    func outOfStepReplicaPulls() async throws {
        let fixture = try await SyncFixture.make(.memory)
        defer { fixture.remove() }
        let counting = CountingTransport(InProcessTransport(server: fixture.server, user: "ash"))
        let (phone, phoneDB) = try await fixture.replica("phone", transport: counting)
        let (laptop, _) = try await fixture.replica("laptop")
        try await laptop.transaction { $0[Memo.self].upsert(Memo(id: "m0", title: "held")) }
        try await laptop.push()
        try await phone.sync()
        let server = try await fixture.server.databaseIdentity()
        let invented = SyncChange(
            id: "\"x\"", record: #"{"body":"","id":"x","owner":"ash","priority":0,"title":"x"}"#,
            version: 1_000_001)
        let starts: [(since: UInt64, server: String)] = [
            (1_000_000, server),  // after the replica's cursor: changes it lacks come first
            (0, "another database"),
        ]
        for start in starts {
            let pullsBefore = counting.pulls
            let notice = SyncNotice(
                version: 1_000_001, models: [Memo.storageName],
                changes: SyncNotice.Changes(
                    model: Memo.storageName, since: ChangeCursor(version: start.since),
                    next: ChangeCursor(version: 1_000_001), server: start.server,
                    changes: [invented]))
            try await phone.take(notice)
            #expect(counting.pulls > pullsBefore)
            // The pull brought the server's records, not the notice's.
            #expect(Set(try await memos(in: phoneDB).keys) == ["m0"])
        }
    }

    @Test("A record a notice carries that the replica's scope does not select leaves the replica")
    func carriedChangesKeepToTheScope() async throws {
        let fixture = try await SyncFixture.make(.memory)
        defer { fixture.remove() }
        let counting = CountingTransport(InProcessTransport(server: fixture.server, user: "ash"))
        let (phone, phoneDB) = try await fixture.replica(
            "phone", scope: \.priority > 0, transport: counting)
        let (laptop, _) = try await fixture.replica("laptop")
        try await laptop.transaction {
            $0[Memo.self].upsert(Memo(id: "keep", title: "k", priority: 1))
            $0[Memo.self].upsert(Memo(id: "lose", title: "l", priority: 1))
        }
        try await laptop.push()
        try await phone.sync()
        #expect(Set(try await memos(in: phoneDB).keys) == ["keep", "lose"])
        var notices = try await fixture.server.notices(for: "ash").makeAsyncIterator()
        for _ in 0..<2 { _ = try await notices.next() }

        try await laptop.transaction {
            $0[Memo.self].upsert(Memo(id: "lose", title: "l", priority: 0))
            $0[Memo.self].upsert(Memo(id: "low", title: "n", priority: 0))
            $0[Memo.self].upsert(Memo(id: "new", title: "n", priority: 2))
        }
        try await laptop.push()
        let notice = try #require(try await notices.next())
        #expect(notice.changes?.changes.count == 3)
        let pullsBefore = counting.pulls
        try await phone.take(notice)
        #expect(counting.pulls == pullsBefore)
        #expect(Set(try await memos(in: phoneDB).keys) == ["keep", "new"])
    }

    @Test("A notice of more changes than the server's limit only says to pull")
    func largeNoticesOnlySayToPull() async throws {
        let fixture = try await SyncFixture.make(
            .memory, limits: SyncLimits(maximumNoticeChanges: 2))
        defer { fixture.remove() }
        let (laptop, _) = try await fixture.replica("laptop")
        try await laptop.transaction { $0[Memo.self].upsert(Memo(id: "m0", title: "t")) }
        try await laptop.push()
        var notices = try await fixture.server.notices(for: "ash").makeAsyncIterator()
        for _ in 0..<2 { _ = try await notices.next() }
        try await laptop.transaction {
            // One commit of three changes, more than a notice carries.
            for index in 1...3 { $0[Memo.self].upsert(Memo(id: "m\(index)", title: "t")) }
        }
        try await laptop.push()
        #expect(try await notices.next()?.changes == nil)
        try await laptop.transaction { $0[Memo.self].upsert(Memo(id: "m4", title: "t")) }
        try await laptop.push()
        #expect(try await notices.next()?.changes?.changes.count == 1)
    }

    @Test(
        "Running replicas converge when their notices are lost, repeated, late and out of order",
        arguments: SyncBackend.allCases)
    func convergeThroughFaultyNotices(backend: SyncBackend) async throws {
        let fixture = try await SyncFixture.make(backend)
        defer { fixture.remove() }
        var devices: [(Replica, any ModelDatabase, ShufflingNotices)] = []
        for index in 0..<3 {
            let transport = ShufflingNotices(
                InProcessTransport(server: fixture.server, user: "ash"), seed: UInt64(index + 1))
            let scope: Condition<Memo> = index == 2 ? \.priority >= 2 : .true
            let (replica, database) = try await fixture.replica(
                "device\(index)", scope: scope, transport: transport)
            devices.append((replica, database, transport))
        }
        let running = devices.map { device in
            Task { await device.0.run(retryDelay: .milliseconds(20)) }
        }
        var random = SplitMix64(seed: 42)
        for round in 0..<60 {
            let (replica, _, _) = devices[Int(random.next() % 3)]
            let id = "m\(random.next() % 12)"
            let priority = Int(random.next() % 4)
            let deletes = random.next() % 5 == 0
            try await replica.transaction { transaction in
                if deletes {
                    transaction[Memo.self].delete(id: id)
                } else {
                    transaction[Memo.self].upsert(
                        Memo(id: id, title: "r\(round)", priority: priority))
                }
            }
            if round % 7 == 0 { try await Task.sleep(for: .milliseconds(5)) }
        }
        for task in running { task.cancel() }
        for task in running { await task.value }
        for device in devices { device.2.deliverInOrder() }
        // Settled: every write pushed, then every replica up to date.
        for device in devices { try await device.0.sync() }
        for device in devices { try await device.0.sync() }
        let server = try await fixture.serverMemos(of: "ash")
        for (index, device) in devices.enumerated() {
            let held = try await memos(in: device.1)
            let expected = index == 2 ? server.filter { $0.value.priority >= 2 } : server
            #expect(held == expected, "device\(index) on \(backend)")
        }
    }
}

/// A transport that counts the pulls it passes on.
final class CountingTransport: SyncTransport, @unchecked Sendable {
    private let base: any SyncTransport
    private let counted = Mutex(0)

    init(_ base: any SyncTransport) {
        self.base = base
    }

    /// The pulls so far.
    var pulls: Int { counted.withLock { $0 } }

    func pull(_ request: PullRequest) async throws(SyncError) -> PullResponse {
        counted.withLock { $0 += 1 }
        return try await base.pull(request)
    }

    func push(_ request: PushRequest) async throws(SyncError) -> PushResponse {
        try await base.push(request)
    }

    func notices() async throws(SyncError) -> AsyncThrowingStream<SyncNotice, any Error> {
        try await base.notices()
    }
}

/// A transport whose notices are lost, repeated, held back and sent out of order, from a
/// seed, until told to deliver them in order.
final class ShufflingNotices: SyncTransport, @unchecked Sendable {
    private let base: any SyncTransport
    private let state: Mutex<(random: SplitMix64, inOrder: Bool)>

    init(_ base: any SyncTransport, seed: UInt64) {
        self.base = base
        self.state = Mutex((SplitMix64(seed: seed), false))
    }

    /// Stops the faults.
    func deliverInOrder() {
        state.withLock { $0.inOrder = true }
    }

    func pull(_ request: PullRequest) async throws(SyncError) -> PullResponse {
        try await base.pull(request)
    }

    func push(_ request: PushRequest) async throws(SyncError) -> PushResponse {
        try await base.push(request)
    }

    func notices() async throws(SyncError) -> AsyncThrowingStream<SyncNotice, any Error> {
        let upstream = try await base.notices()
        return AsyncThrowingStream { continuation in
            let task = Task {
                var held: [SyncNotice] = []
                do {
                    for try await notice in upstream {
                        let roll = self.state.withLock { $0.inOrder ? 0 : $0.random.next() % 6 }
                        switch roll {
                        case 1: continue  // lost
                        case 2:  // repeated
                            continuation.yield(notice)
                            continuation.yield(notice)
                        case 3: held.append(notice)  // late: sent after a later one
                        default:
                            continuation.yield(notice)
                            for late in held.reversed() { continuation.yield(late) }
                            held.removeAll()
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
