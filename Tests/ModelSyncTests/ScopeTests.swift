import Foundation
import KeyPathQuery
import ModelStorage
import ModelSync
import Testing

@Suite(
    "A replica keeps the records its scope selects, and a scope change moves only the difference")
struct ScopeTests {
    /// A server with ten memos of ash, priorities 0 to 9, written by a replica of every memo.
    private func seeded(_ backend: SyncBackend) async throws -> (SyncFixture, Replica) {
        let fixture = try await SyncFixture.make(backend)
        let (writer, _) = try await fixture.replica("writer")
        try await writer.transaction { transaction in
            for priority in 0..<10 {
                transaction[Memo.self].upsert(
                    Memo(id: "m\(priority)", title: "memo \(priority)", priority: priority))
            }
        }
        try await writer.sync()
        return (fixture, writer)
    }

    @Test(
        "Narrowing drops records here; widening pulls only the records it adds",
        arguments: SyncBackend.allCases)
    func scopeChanges(backend: SyncBackend) async throws {
        let (fixture, _) = try await seeded(backend)
        defer { fixture.remove() }
        let (replica, local) = try await fixture.replica("phone", scope: \.priority >= 5)
        #expect(try await replica.sync().pulledChanges == 5)
        #expect(try await memos(in: local).keys.sorted() == ["m5", "m6", "m7", "m8", "m9"])

        try await replica.setScope(\.priority >= 8, for: Memo.self)
        #expect(try await replica.sync().pulledChanges == 0)
        #expect(try await memos(in: local).keys.sorted() == ["m8", "m9"])

        try await replica.setScope(\.priority >= 3, for: Memo.self)
        #expect(try await replica.sync().pulledChanges == 5)
        #expect(
            try await memos(in: local).keys.sorted() == ["m3", "m4", "m5", "m6", "m7", "m8", "m9"])
        #expect(
            try await memos(in: local)["m4"]
                == Memo(id: "m4", owner: "ash", title: "memo 4", priority: 4))
    }

    @Test(
        "A record that leaves the scope on the server leaves the replica; one that enters it arrives"
    )
    func recordsMoveAcrossTheScope() async throws {
        let (fixture, writer) = try await seeded(.sqlite)
        defer { fixture.remove() }
        let (replica, local) = try await fixture.replica("phone", scope: \.priority >= 5)
        try await replica.sync()
        try await writer.transaction { transaction in
            try transaction[Memo.self].update(id: "m9") { $0.priority = 1 }
            try transaction[Memo.self].update(id: "m0") { $0.priority = 7 }
        }
        try await writer.sync()
        try await replica.sync()
        #expect(try await memos(in: local).keys.sorted() == ["m0", "m5", "m6", "m7", "m8"])
    }

    @Test("A local write that leaves the scope is pushed, then leaves the replica")
    func localWriteOutOfScope() async throws {
        let (fixture, _) = try await seeded(.memory)
        defer { fixture.remove() }
        let (replica, local) = try await fixture.replica("phone", scope: \.priority >= 5)
        try await replica.sync()
        try await replica.transaction { try $0[Memo.self].update(id: "m5") { $0.priority = 0 } }
        try await replica.setScope(\.priority >= 6, for: Memo.self)
        #expect(try await memos(in: local)["m5"]?.priority == 0)
        try await replica.sync()
        #expect(try await memos(in: local)["m5"] == nil)
        #expect(try await fixture.serverMemos(of: "ash")["m5"]?.priority == 0)
    }

    @Test(
        "A cursor older than the server's history starts the copy again, and deleted records leave")
    func expiredCursorStartsAgain() async throws {
        let fixture = try await SyncFixture.make(.sqlite)
        defer { fixture.remove() }
        let (writer, _) = try await fixture.replica("writer")
        let (phone, phoneDB) = try await fixture.replica("phone")
        try await writer.transaction { transaction in
            for id in 1...4 {
                transaction[Jotting.self].upsert(Jotting(id: id, owner: "", text: "j\(id)"))
            }
        }
        try await writer.sync()
        try await phone.sync()
        _ = try await writer.transaction { $0[Jotting.self].delete(id: 2) }
        try await writer.sync()
        let serverJottings = try fixture.serverDatabase.store(for: Jotting.self)
        #expect(
            try await serverJottings.pruneChangeHistory(now: Date().addingTimeInterval(60)) == 1)
        // A write waiting here survives the new start.
        try await phone.transaction { try $0[Jotting.self].update(id: 3) { $0.text = "edited" } }
        let direct = await #expect(throws: SyncError.self) {
            _ = try await fixture.server.pull(
                PullRequest(model: "jotting", scope: nil, cursor: ChangeCursor(version: 1)),
                as: "ash")
        }
        #expect(direct?.code == .cursorExpired)
        #expect(direct?.code.httpStatus == 410)

        try await phone.sync()
        let held = try await phoneDB.store(for: Jotting.self).fetch(.everyRecord)
        #expect(held.map(\.id).sorted() == [1, 3, 4])
        #expect(held.first { $0.id == 3 }?.text == "edited")
        #expect(try await serverJottings.fetch(id: 3)?.text == "edited")
    }
}

@Test("A record written offline outside the scope set before the first sync leaves after its push")
func offlineWriteOutsideTheFirstScope() async throws {
    let fixture = try await SyncFixture.make(.memory)
    defer { fixture.remove() }
    let network = FaultyTransport(InProcessTransport(server: fixture.server, user: "ash"))
    let (replica, local) = try await fixture.replica("phone", transport: network)
    network.setOffline(true)
    try await replica.transaction {
        $0[Memo.self].upsert(Memo(id: "low", title: "low", priority: 5))
    }
    try await replica.transaction {
        $0[Memo.self].upsert(Memo(id: "high", title: "high", priority: 7))
    }
    await #expect(throws: SyncError.self) { try await replica.sync() }
    try await replica.setScope(\.priority >= 6, for: Memo.self)
    network.setOffline(false)
    try await replica.sync()
    #expect(try await memos(in: local).keys.sorted() == ["high"])
    #expect(try await fixture.serverMemos(of: "ash").keys.sorted() == ["high", "low"])
}

/// A transport whose server can be swapped, as when a service's database is replaced.
final class SwitchableTransport: SyncTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var current: InProcessTransport

    init(_ transport: InProcessTransport) { current = transport }

    func switchTo(_ transport: InProcessTransport) { lock.withLock { current = transport } }

    private var base: InProcessTransport { lock.withLock { current } }

    func pull(_ request: PullRequest) async throws(SyncError) -> PullResponse {
        try await base.pull(request)
    }

    func push(_ request: PushRequest) async throws(SyncError) -> PushResponse {
        try await base.push(request)
    }

    func notices() async throws(SyncError) -> AsyncThrowingStream<SyncNotice, any Error> {
        try await base.notices()
    }
}

@Test(
    "A replica whose server's database was replaced starts again, and holds exactly the new one's records"
)
func replacedServerDatabase() async throws {
    let first = try await SyncFixture.make(.memory)
    let second = try await SyncFixture.make(.memory)
    defer {
        first.remove()
        second.remove()
    }
    let switchable = SwitchableTransport(InProcessTransport(server: first.server, user: "ash"))
    let (replica, local) = try await first.replica("phone", transport: switchable)
    try await replica.transaction { transaction in
        transaction[Memo.self].upsert(Memo(id: "m1", title: "one"))
        transaction[Memo.self].upsert(Memo(id: "m2", title: "two"))
    }
    try await replica.sync()
    // The new database has lived longer: more commits than the cursor counts.
    let (writer, _) = try await second.replica("writer")
    for index in 0..<10 {
        try await writer.transaction {
            $0[Memo.self].upsert(Memo(id: "m\(index % 2 == 0 ? 1 : 3)", title: "v\(index)"))
        }
        try await writer.push()
    }
    switchable.switchTo(InProcessTransport(server: second.server, user: "ash"))
    try await replica.sync()
    let held = try await memos(in: local)
    let expected = try await second.serverMemos(of: "ash")
    #expect(held == expected, "\(difference(held, expected))")
    #expect(try await memos(in: local).keys.sorted() == ["m1", "m3"])
}
