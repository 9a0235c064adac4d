import Foundation
import KeyPathQuery
import ModelStorage
import ModelSync
import Testing

@Suite("A replica keeps a local database in step with a server")
struct ReplicaTests {
    @Test(
        "A write on one replica reaches another through the server", arguments: SyncBackend.allCases
    )
    func writeReachesAnotherReplica(backend: SyncBackend) async throws {
        let fixture = try await SyncFixture.make(backend)
        defer { fixture.remove() }
        let (laptop, laptopDB) = try await fixture.replica("laptop")
        let (phone, phoneDB) = try await fixture.replica("phone")

        try await laptop.transaction { transaction in
            transaction[Memo.self].upsert(Memo(id: "m1", title: "Charizard", priority: 2))
        }
        let report = try await laptop.sync()
        #expect(report.pushResults.map(\.outcome) == [.applied])
        #expect(try await fixture.serverMemos(of: "ash")["m1"]?.title == "Charizard")

        try await phone.sync()
        let onPhone = try await memos(in: phoneDB)
        #expect(onPhone["m1"] == Memo(id: "m1", owner: "ash", title: "Charizard", priority: 2))
        // The pushing replica takes the server's record, with the owner the server stamped.
        #expect(try await memos(in: laptopDB)["m1"]?.owner == "ash")

        _ = try await phone.transaction { transaction in transaction[Memo.self].delete(id: "m1") }
        try await phone.sync()
        try await laptop.sync()
        #expect(try await memos(in: laptopDB).isEmpty)
        #expect(try await fixture.serverMemos(of: "ash").isEmpty)
        for database in [laptopDB, phoneDB, fixture.serverDatabase] { try await database.close() }
    }

    @Test("Writes made offline wait in the outbox, in order, and are pushed once online")
    func offlineWritesWaitInTheOutbox() async throws {
        let fixture = try await SyncFixture.make(.sqlite)
        defer { fixture.remove() }
        let network = FaultyTransport(InProcessTransport(server: fixture.server, user: "ash"))
        let (replica, local) = try await fixture.replica("laptop", transport: network)
        network.setOffline(true)

        for index in 1...3 {
            try await replica.transaction { transaction in
                transaction[Memo.self].upsert(Memo(id: "m\(index)", title: "memo \(index)"))
            }
        }
        try await replica.transaction { transaction in
            try transaction[Memo.self].update(id: "m2") { $0.body = "edited offline" }
        }
        // Made and deleted offline: nothing for the server to hear.
        try await replica.transaction { transaction in
            transaction[Memo.self].upsert(Memo(id: "gone", title: "never sent"))
        }
        _ = try await replica.transaction { transaction in transaction[Memo.self].delete(id: "gone")
        }

        let error = await #expect(throws: SyncError.self) { try await replica.sync() }
        #expect(error?.code == .transportFailed)
        let waiting = try await replica.status()
        #expect(waiting.pendingWrites == 3)
        #expect(waiting.lastSyncedAt == nil)

        network.setOffline(false)
        let report = try await replica.sync()
        #expect(
            report.pushResults.map(\.id) == ["\"m1\"", "\"m3\"", "\"m2\""])
        let server = try await fixture.serverMemos(of: "ash")
        #expect(server.keys.sorted() == ["m1", "m2", "m3"])
        #expect(server["m2"]?.body == "edited offline")
        let synced = try await replica.status()
        #expect(synced.pendingWrites == 0)
        #expect(synced.lastSyncedAt != nil)
        try await local.close()
        try await fixture.serverDatabase.close()
    }

    @Test("A push whose answer was lost is sent again with its id and applied once")
    func lostAnswerIsAppliedOnce() async throws {
        let fixture = try await SyncFixture.make(.memory)
        defer { fixture.remove() }
        let network = FaultyTransport(InProcessTransport(server: fixture.server, user: "ash"))
        let (replica, _) = try await fixture.replica("laptop", transport: network)
        try await replica.transaction { transaction in
            transaction[Memo.self].upsert(Memo(id: "m1", title: "first"))
        }
        network.inject(.dropAnswer)
        await #expect(throws: SyncError.self) { try await replica.push() }
        #expect(try await replica.status().hasPushUnderWay)
        let versionAfterFirst = try await fixture.serverDatabase.store(for: Memo.self)
            .fetchVersioned(id: "m1")?.version

        // A write made while the answer is missing stays for the next push.
        try await replica.transaction { transaction in
            try transaction[Memo.self].update(id: "m1") { $0.body = "second" }
        }
        network.inject(.duplicate)
        let results = try await replica.push()
        #expect(results.map(\.outcome) == [.applied, .applied])
        let receipts = try await fixture.serverDatabase.store(for: SyncPushReceipt.self).count()
        #expect(receipts == 2)
        let stored = try await fixture.serverDatabase.store(for: Memo.self).fetchVersioned(id: "m1")
        #expect(stored?.value.body == "second")
        #expect(versionAfterFirst.map { stored?.version ?? 0 > $0 } == true)
        #expect(try await replica.status().pendingWrites == 0)
    }

    @Test(
        "The answer's version is the version the server wrote the push at",
        arguments: SyncBackend.allCases)
    func answerVersionIsTheCommitVersion(backend: SyncBackend) async throws {
        let fixture = try await SyncFixture.make(backend)
        defer { fixture.remove() }
        let response = try await fixture.server.push(
            PushRequest(
                pushID: "p1",
                entries: [
                    PushEntry(
                        model: "memo", id: #""m1""#,
                        record: #"{"body":"","id":"m1","owner":"","priority":0,"title":"t"}"#,
                        base: nil, baseVersion: 0)
                ]),
            as: "ash")
        let stored = try await fixture.serverDatabase.store(for: Memo.self).fetchVersioned(id: "m1")
        #expect(stored?.version == response.version)
        try await fixture.serverDatabase.close()
    }

    @Test("A replica refuses a database without its bookkeeping models")
    func refusesMissingBookkeeping() async throws {
        let fixture = try await SyncFixture.make(.memory)
        let local = try InMemoryModelDatabase(for: [Memo.self])
        let error = #expect(throws: SyncError.self) {
            try Replica(
                database: local, transport: InProcessTransport(server: fixture.server, user: "a"),
                models: [ReplicaModel(Memo.self)])
        }
        #expect(error?.code == .misconfigured)
        #expect(error?.message.contains("Replica.bookkeepingModels") == true)
    }
}

@Test("Old push receipts are dropped by date, and the newer kept")
func pruneReceipts() async throws {
    let fixture = try await SyncFixture.make(.sqlite)
    defer { fixture.remove() }
    let (replica, _) = try await fixture.replica("laptop")
    for index in 0..<3 {
        try await replica.transaction { $0[Memo.self].upsert(Memo(id: "m\(index)", title: "t")) }
        try await replica.push()
    }
    let receipts = try fixture.serverDatabase.store(for: SyncPushReceipt.self)
    #expect(try await receipts.count() == 3)
    #expect(try await fixture.server.pruneReceipts(appliedBefore: .distantPast) == 0)
    #expect(
        try await fixture.server.pruneReceipts(appliedBefore: Date().addingTimeInterval(60)) == 3)
    #expect(try await receipts.count() == 0)
    try await fixture.serverDatabase.close()
}

@Test(
    "A running replica pushes its own writes and pulls on the server's notices, and runs again after a cancel"
)
func runFollowsWritesAndNotices() async throws {
    let fixture = try await SyncFixture.make(.sqlite)
    defer { fixture.remove() }
    let (laptop, laptopDB) = try await fixture.replica("laptop")
    let (phone, _) = try await fixture.replica("phone")
    for round in 0..<2 {
        let running = Task { await laptop.run(retryDelay: .milliseconds(50)) }
        // A local write is pushed without a call to sync.
        try await laptop.transaction {
            $0[Memo.self].upsert(Memo(id: "l\(round)", title: "laptop"))
        }
        try await eventually { try await fixture.serverMemos(of: "ash")["l\(round)"] != nil }
        // Another replica's push reaches it through the notices.
        try await phone.transaction { $0[Memo.self].upsert(Memo(id: "p\(round)", title: "phone")) }
        try await phone.push()
        try await eventually { try await memos(in: laptopDB)["p\(round)"] != nil }
        running.cancel()
        await running.value
    }
}

/// Waits until a condition holds, for at most two minutes: under a sanitizer, with every
/// suite running at once on two cores, a replica's tasks have waited longer than 30 seconds
/// for a thread.
func eventually(_ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(120)
    while ContinuousClock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    Issue.record("the condition did not hold within two minutes")
}
