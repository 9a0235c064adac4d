import Foundation
import KeyPathQuery
import ModelStorage
import ModelSync
import Testing

@Suite("Conflicts are settled by the model's merge policy, against record versions")
struct ConflictTests {
    /// Two replicas with the same memo, pulled.
    private func twoReplicas(_ fixture: SyncFixture) async throws -> (
        Replica, any ModelDatabase, Replica, any ModelDatabase
    ) {
        let (laptop, laptopDB) = try await fixture.replica("laptop")
        let (phone, phoneDB) = try await fixture.replica("phone")
        try await laptop.transaction { transaction in
            transaction[Memo.self].upsert(Memo(id: "m", title: "title", body: "body"))
        }
        try await laptop.sync()
        try await phone.sync()
        return (laptop, laptopDB, phone, phoneDB)
    }

    @Test("Edits to different attributes merge; where both edit one, the later push wins")
    func propertiesMerge() async throws {
        let fixture = try await SyncFixture.make(.sqlite)
        defer { fixture.remove() }
        let (laptop, laptopDB, phone, phoneDB) = try await twoReplicas(fixture)
        try await laptop.transaction {
            try $0[Memo.self].update(id: "m") { $0.title = "laptop title" }
        }
        try await phone.transaction { transaction in
            try transaction[Memo.self].update(id: "m") { memo in
                memo.body = "phone body"
                memo.priority = 3
            }
        }
        try await laptop.transaction { try $0[Memo.self].update(id: "m") { $0.priority = 1 } }
        #expect(try await laptop.sync().pushResults.map(\.outcome) == [.applied])
        #expect(try await phone.sync().pushResults.map(\.outcome) == [.merged])
        try await laptop.sync()
        let expected = Memo(
            id: "m", owner: "ash", title: "laptop title", body: "phone body", priority: 3)
        #expect(try await fixture.serverMemos(of: "ash")["m"] == expected)
        #expect(try await memos(in: laptopDB)["m"] == expected)
        #expect(try await memos(in: phoneDB)["m"] == expected)
    }

    @Test(
        "Under the policy error, a conflicting push is rejected and the replica takes the server's record"
    )
    func errorPolicyRejects() async throws {
        let fixture = try await SyncFixture.make(.memory, mergePolicy: .error)
        defer { fixture.remove() }
        let (laptop, _, phone, phoneDB) = try await twoReplicas(fixture)
        try await laptop.transaction { try $0[Memo.self].update(id: "m") { $0.title = "first" } }
        try await phone.transaction { try $0[Memo.self].update(id: "m") { $0.body = "second" } }
        try await laptop.sync()
        let report = try await phone.sync()
        #expect(report.overruled.map(\.outcome) == [.rejected])
        #expect(try await memos(in: phoneDB)["m"]?.title == "first")
        #expect(try await memos(in: phoneDB)["m"]?.body == "body")
        #expect(try await phone.status().pendingWrites == 0)
    }

    @Test(
        "A deletion against a later update: the push wins under objectTrump and overwrite, the server's record under storeTrump and rollback",
        arguments: [
            (MergePolicy.mergeByPropertyObjectTrump, false), (.overwrite, false),
            (.mergeByPropertyStoreTrump, true), (.rollback, true), (.error, true),
        ])
    func deletionAgainstUpdate(policy: MergePolicy, kept: Bool) async throws {
        let fixture = try await SyncFixture.make(.memory, mergePolicy: policy)
        defer { fixture.remove() }
        let (laptop, laptopDB, phone, phoneDB) = try await twoReplicas(fixture)
        try await laptop.transaction { try $0[Memo.self].update(id: "m") { $0.title = "updated" } }
        _ = try await phone.transaction { $0[Memo.self].delete(id: "m") }
        try await laptop.sync()
        try await phone.sync()
        try await laptop.sync()
        let server = try await fixture.serverMemos(of: "ash")
        #expect((server["m"] != nil) == kept)
        #expect(try await memos(in: phoneDB) == server)
        #expect(try await memos(in: laptopDB) == server)
        if kept { #expect(server["m"]?.title == "updated") }
    }

    @Test(
        "An update against a deletion: inserted again under objectTrump and overwrite, stays deleted under the others",
        arguments: [
            (MergePolicy.mergeByPropertyObjectTrump, true), (.overwrite, true),
            (.mergeByPropertyStoreTrump, false), (.rollback, false), (.error, false),
        ])
    func updateAgainstDeletion(policy: MergePolicy, inserted: Bool) async throws {
        let fixture = try await SyncFixture.make(.memory, mergePolicy: policy)
        defer { fixture.remove() }
        let (laptop, laptopDB, phone, phoneDB) = try await twoReplicas(fixture)
        _ = try await laptop.transaction { $0[Memo.self].delete(id: "m") }
        try await phone.transaction { try $0[Memo.self].update(id: "m") { $0.title = "updated" } }
        try await laptop.sync()
        try await phone.sync()
        try await laptop.sync()
        let server = try await fixture.serverMemos(of: "ash")
        #expect((server["m"]?.title == "updated") == inserted)
        #expect(server.count == (inserted ? 1 : 0))
        #expect(try await memos(in: phoneDB) == server)
        #expect(try await memos(in: laptopDB) == server)
    }

    @Test("A pulled change does not overwrite a local write that waits to be pushed")
    func pendingWriteSurvivesPull() async throws {
        let fixture = try await SyncFixture.make(.sqlite)
        defer { fixture.remove() }
        let (laptop, _, phone, phoneDB) = try await twoReplicas(fixture)
        try await laptop.transaction { try $0[Memo.self].update(id: "m") { $0.title = "laptop" } }
        try await laptop.sync()
        try await phone.transaction { try $0[Memo.self].update(id: "m") { $0.body = "phone" } }
        try await phone.pull()
        #expect(try await memos(in: phoneDB)["m"]?.title == "title")
        #expect(try await memos(in: phoneDB)["m"]?.body == "phone")
        try await phone.sync()
        #expect(try await memos(in: phoneDB)["m"]?.title == "laptop")
        #expect(try await memos(in: phoneDB)["m"]?.body == "phone")
    }
}
