import Foundation
import KeyPathQuery
import ModelStorage
import ModelSync
import Testing

@Suite("The server scopes every pull and push to the user, whatever the client sends")
struct AccessTests {
    private func seeded() async throws -> SyncFixture {
        let fixture = try await SyncFixture.make(.sqlite)
        let (ash, _) = try await fixture.replica("ash", user: "ash")
        try await ash.transaction { transaction in
            transaction[Memo.self].upsert(Memo(id: "ash-1", title: "ash's", priority: 1))
        }
        try await ash.sync()
        return fixture
    }

    @Test("Another user's records are invisible to a pull, with or without a scope")
    func otherUsersRecordsAreInvisible() async throws {
        let fixture = try await seeded()
        defer { fixture.remove() }
        let (misty, mistyDB) = try await fixture.replica("misty", user: "misty")
        try await misty.sync()
        #expect(try await memos(in: mistyDB).isEmpty)
        // A scope written to widen: it can only narrow.
        let widening: Condition<Memo> = \.owner == "ash" || \.priority >= 0
        let response = try await fixture.server.pull(
            PullRequest(model: "memo", scope: try json(widening), cursor: .start), as: "misty")
        #expect(response.changes.isEmpty)
    }

    @Test("A push that writes another user's record is refused whole, and nothing changes")
    func forgedIDIsForbidden() async throws {
        let fixture = try await seeded()
        defer { fixture.remove() }
        let before = try await fixture.serverMemos(of: "ash")
        let forged = PushRequest(
            pushID: "forged",
            entries: [
                PushEntry(
                    model: "memo", id: #""misty-1""#, record: try memo("misty-1", owner: "misty"),
                    base: nil, baseVersion: 0),
                PushEntry(
                    model: "memo", id: #""ash-1""#, record: try memo("ash-1", owner: "misty"),
                    base: nil, baseVersion: 0),
            ])
        let error = await #expect(throws: SyncError.self) {
            try await fixture.server.push(forged, as: "misty")
        }
        #expect(error?.code == .forbidden)
        #expect(error?.code.httpStatus == 403)
        #expect(try await fixture.serverMemos(of: "ash") == before)
        #expect(try await fixture.serverMemos(of: "misty").isEmpty)
        let delete = PushRequest(
            pushID: "forged-delete",
            entries: [
                PushEntry(model: "memo", id: #""ash-1""#, record: nil, base: nil, baseVersion: 0)
            ]
        )
        await #expect(throws: SyncError.self) { try await fixture.server.push(delete, as: "misty") }
        #expect(try await fixture.serverMemos(of: "ash") == before)
    }

    @Test("A record pushed with someone else as its owner is stamped with the pushing user")
    func ownerIsStamped() async throws {
        let fixture = try await seeded()
        defer { fixture.remove() }
        _ = try await fixture.server.push(
            PushRequest(
                pushID: "stamp",
                entries: [
                    PushEntry(
                        model: "memo", id: #""m-2""#, record: try memo("m-2", owner: "ash"),
                        base: nil,
                        baseVersion: 0)
                ]),
            as: "misty")
        #expect(try await fixture.serverMemos(of: "misty").keys.sorted() == ["m-2"])
        #expect(try await fixture.serverMemos(of: "ash").keys.sorted() == ["ash-1"])
    }

    @Test("A push id replayed by another user is refused")
    func replayedPushIDIsForbidden() async throws {
        let fixture = try await seeded()
        defer { fixture.remove() }
        let request = PushRequest(
            pushID: "p-1",
            entries: [
                PushEntry(
                    model: "memo", id: #""a-2""#, record: try memo("a-2", owner: "ash"), base: nil,
                    baseVersion: 0)
            ])
        let first = try await fixture.server.push(request, as: "ash")
        #expect(try await fixture.server.push(request, as: "ash") == first)
        let error = await #expect(throws: SyncError.self) {
            try await fixture.server.push(request, as: "misty")
        }
        #expect(error?.code == .forbidden)
    }

    @Test("Hostile requests get a typed 4xx and change nothing")
    func hostileRequests() async throws {
        let fixture = try await SyncFixture.make(
            .memory,
            limits: SyncLimits(maximumPageSize: 50, maximumPushEntries: 3, maximumScopeDepth: 8))
        defer { fixture.remove() }
        func code(_ body: () async throws -> Void) async -> SyncError.Code? {
            do {
                try await body()
                return nil
            } catch {
                if (error as? SyncError)?.code == nil { Issue.record("not a SyncError: \(error)") }
                return (error as? SyncError)?.code
            }
        }
        var deep: JSONValue = ["constant": ["_0": true]]
        for _ in 0..<20 { deep = ["not": ["condition": deep]] }
        #expect(
            await code {
                _ = try await fixture.server.pull(
                    PullRequest(model: "memo", scope: deep, cursor: .start, limit: 10), as: "ash")
            } == .tooLarge)
        #expect(
            await code {
                _ = try await fixture.server.pull(
                    PullRequest(model: "memo", scope: nil, cursor: .start, limit: 51), as: "ash")
            } == .tooLarge)
        #expect(
            await code {
                _ = try await fixture.server.pull(
                    PullRequest(model: "memo", scope: nil, cursor: .start, limit: 0), as: "ash")
            } == .invalidRequest)
        #expect(
            await code {
                _ = try await fixture.server.pull(
                    PullRequest(model: "secrets", scope: nil, cursor: .start, limit: 10), as: "ash")
            } == .invalidRequest)
        #expect(
            await code {
                _ = try await fixture.server.pull(
                    PullRequest(
                        model: "memo", scope: ["comparison": ["attribute": "password"]],
                        cursor: .start,
                        limit: 10),
                    as: "ash")
            } == .invalidRequest)
        let entry = PushEntry(
            model: "memo", id: #""x""#, record: try memo("x", owner: "ash"), base: nil,
            baseVersion: 0)
        #expect(
            await code {
                _ = try await fixture.server.push(
                    PushRequest(pushID: "big", entries: Array(repeating: entry, count: 4)),
                    as: "ash")
            } == .tooLarge)
        #expect(
            await code {
                _ = try await fixture.server.push(
                    PushRequest(
                        pushID: "bad",
                        entries: [
                            entry,
                            PushEntry(
                                model: "memo", id: #""y""#, record: #"{"id":"y"}"#, base: nil,
                                baseVersion: 0),
                        ]),
                    as: "ash")
            } == .invalidRequest)
        #expect(
            await code {
                _ = try await fixture.server.push(
                    PushRequest(
                        pushID: "mismatch",
                        entries: [
                            PushEntry(
                                model: "memo", id: #""z""#, record: entry.record, base: nil,
                                baseVersion: 0)
                        ]),
                    as: "ash")
            } == .invalidRequest)
        #expect(
            await code {
                _ = try await fixture.server.push(
                    PushRequest(pushID: "", entries: [entry]), as: "ash")
            } == .invalidRequest)
        #expect(try await fixture.serverMemos(of: "ash").isEmpty)
        #expect(try await fixture.serverDatabase.store(for: SyncPushReceipt.self).count() == 0)
    }

    @Test(
        "A pull among many users' records reads on to a full page of the user's, whole commits only"
    )
    func pullFillsItsPageFromAManyUserHistory() async throws {
        let fixture = try await SyncFixture.make(.memory)
        defer { fixture.remove() }
        let store = try fixture.serverDatabase.store(for: Memo.self)
        try await store.upsert(Memo(id: "other", owner: "misty", title: "t"))
        // A copy of the start, where Ash has nothing; the pulls after it read the history.
        let first = try await fixture.server.pull(
            PullRequest(model: "memo", scope: nil, cursor: .start, limit: 8), as: "ash")
        #expect(first.changes.isEmpty && first.resume == nil)
        // 30 commits of 10 memos: one of Ash's and nine of others' in each.
        for commit in 0..<30 {
            try await store.upsert(
                contentsOf: (0..<10).map { index in
                    Memo(
                        id: "\(commit)-\(index)", owner: index == 0 ? "ash" : "trainer-\(index)",
                        title: "t")
                })
        }
        var cursor = first.next
        var pulled: [String] = []
        var pages = 0
        var more = true
        while more {
            let page = try await fixture.server.pull(
                PullRequest(model: "memo", scope: nil, cursor: cursor, limit: 8), as: "ash")
            #expect(page.changes.count <= 8)
            let memos = try page.changes.compactMap(\.record).map {
                try JSONDecoder().decode(Memo.self, from: Data($0.utf8))
            }
            #expect(memos.allSatisfy { $0.owner == "ash" })
            pulled += try page.changes.map {
                try JSONDecoder().decode(String.self, from: Data($0.id.utf8))
            }
            cursor = page.next
            more = page.hasMore
            pages += 1
        }
        // Pages of 8 of Ash's changes, though each page of 8 history changes holds one at most.
        #expect(pulled == (0..<30).map { "\($0)-0" })
        #expect(pages == 4)
    }

    private func memo(_ id: String, owner: String) throws -> String {
        String(
            decoding: try JSONEncoder().encode(Memo(id: id, owner: owner, title: id)), as: UTF8.self
        )
    }

    private func json(_ value: some Encodable) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }
}
