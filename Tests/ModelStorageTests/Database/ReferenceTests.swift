import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import TestSupport
import Testing

/// A trainer, whom teams and badges refer to.
private struct Trainer: StorableModel, Hashable {
    var id: Int
    var name: String
    static let queryAttributes: AttributeMap<Trainer> = [\.id: "id", \.name: "name"]
}

/// A team: deleted with its trainer.
private struct Team: StorableModel, Hashable {
    var id: Int
    var trainerID: Int
    static let queryAttributes: AttributeMap<Team> = [\.id: "id", \.trainerID: "trainer_id"]
    static var references: [ModelReference<Team>] {
        [ModelReference(\.trainerID, to: Trainer.self, onDelete: .cascade)]
    }
}

/// A team member: deleted with its team, so with the team's trainer too.
private struct Member: StorableModel, Hashable {
    var id: Int
    var teamID: Int
    static let queryAttributes: AttributeMap<Member> = [\.id: "id", \.teamID: "team_id"]
    static var references: [ModelReference<Member>] {
        [ModelReference(\.teamID, to: Team.self, onDelete: .cascade)]
    }
}

/// A badge: its trainer cannot be deleted while it exists.
private struct Badge: StorableModel, Hashable {
    var id: Int
    var trainerID: Int
    static let queryAttributes: AttributeMap<Badge> = [\.id: "id", \.trainerID: "trainer_id"]
    static var references: [ModelReference<Badge>] {
        [ModelReference(\.trainerID, to: Trainer.self, onDelete: .deny)]
    }
}

/// A reference that is not optional but asks to be nullified.
private struct Orphan: StorableModel {
    var id: Int
    var trainerID: Int
    static let queryAttributes: AttributeMap<Orphan> = [\.id: "id", \.trainerID: "trainer_id"]
    static var references: [ModelReference<Orphan>] {
        [ModelReference(\.trainerID, to: Trainer.self, onDelete: .nullify)]
    }
}

/// References between models and their delete rules, kept by every database backend.
@Suite("References and delete rules")
struct ReferenceTests {
    static let models: [any StorableModel.Type] = [
        Trainer.self, Team.self, Member.self, Badge.self,
    ]

    @Test(
        "deleting a trainer cascades to its teams and their members, in one commit",
        arguments: DatabaseBackend.allCases)
    func cascades(_ backend: DatabaseBackend) async throws {
        try await withTemporaryDirectory { directory in
            let database = try await backend.open(Self.models, in: directory)
            try await database.transaction { transaction in
                transaction[Trainer.self].upsert(contentsOf: [
                    Trainer(id: 1, name: "Ash"), Trainer(id: 2, name: "Misty"),
                ])
                transaction[Team.self].upsert(contentsOf: [
                    Team(id: 10, trainerID: 1), Team(id: 11, trainerID: 2),
                    Team(id: 12, trainerID: 1),
                ])
                transaction[Member.self].upsert(contentsOf: [
                    Member(id: 100, teamID: 10), Member(id: 101, teamID: 11),
                    Member(id: 102, teamID: 12),
                ])
            }
            let trainers = try database.store(for: Trainer.self)
            let teams = try database.store(for: Team.self)
            let members = try database.store(for: Member.self)
            #expect(try await trainers.delete(id: 1))
            #expect(try await teams.fetch(RecordQuery()).map(\.id) == [11])
            #expect(try await members.fetch(RecordQuery()).map(\.id) == [101])
            #expect(try await members.fetchResult(RecordQuery()).version == 2)
            try await database.close()
        }
    }

    @Test(
        "a trainer with a badge cannot be deleted, and nothing of the write is kept",
        arguments: DatabaseBackend.allCases)
    func denies(_ backend: DatabaseBackend) async throws {
        try await withTemporaryDirectory { directory in
            let database = try await backend.open(Self.models, in: directory)
            try await database.transaction { transaction in
                transaction[Trainer.self].upsert(Trainer(id: 1, name: "Brock"))
                transaction[Team.self].upsert(Team(id: 10, trainerID: 1))
                transaction[Badge.self].upsert(Badge(id: 5, trainerID: 1))
            }
            let trainers = try database.store(for: Trainer.self)
            let error = await #expect(throws: StoreError.self) {
                try await trainers.delete(id: 1)
            }
            #expect(error?.code == .deleteDenied)
            #expect(
                error?.description
                    == "Trainer 1 cannot be deleted: Badge 5 refers to it, and the reference's "
                    + "delete rule is deny. Nothing was changed.")
            #expect(try await trainers.count(where: .true) == 1)
            #expect(try await database.store(for: Team.self).count(where: .true) == 1)
            // With the badge deleted in the same transaction, the trainer goes.
            try await database.transaction { transaction in
                _ = transaction[Badge.self].delete(id: 5)
                _ = transaction[Trainer.self].delete(id: 1)
            }
            #expect(try await trainers.count(where: .true) == 0)
            #expect(try await database.store(for: Team.self).count(where: .true) == 0)
            try await database.close()
        }
    }

    @Test(
        "a bulk upsert of records that refer to others is checked too",
        arguments: DatabaseBackend.allCases)
    func bulkUpsertsAreChecked(_ backend: DatabaseBackend) async throws {
        try await withTemporaryDirectory { directory in
            let database = try await backend.open(Self.models, in: directory)
            let teams = try database.store(for: Team.self)
            try await database.store(for: Trainer.self).upsert(
                contentsOf: (1...3).map { Trainer(id: $0, name: "t\($0)") })
            let error = await #expect(throws: StoreError.self) {
                try await teams.upsert(
                    contentsOf: (1...200).map { Team(id: $0, trainerID: $0 % 5) })
            }
            #expect(error?.code == .danglingReference)
            #expect(error?.modelName == "Team" && error?.recordID == "4")
            #expect(try await teams.count(where: .true) == 0)
            try await teams.upsert(
                contentsOf: (1...200).map { Team(id: $0, trainerID: $0 % 3 + 1) })
            #expect(try await teams.count(where: .true) == 200)
            try await database.close()
        }
    }

    @Test(
        "a database refuses models whose references it cannot keep",
        arguments: DatabaseBackend.allCases)
    func refusesBrokenReferences(_ backend: DatabaseBackend) async throws {
        try await withTemporaryDirectory { directory in
            let missing = await #expect(throws: StoreError.self) {
                try await backend.open([Team.self], in: directory)
            }
            #expect(missing?.code == .invalidModels)
            #expect(
                missing?.reason
                    == "Team.trainer_id refers to Trainer, which is not among the models; open "
                    + "the database with Trainer too")
            let orphan = await #expect(throws: StoreError.self) {
                try await backend.open([Trainer.self, Orphan.self], in: directory)
            }
            #expect(orphan?.reason?.hasPrefix("Orphan.trainer_id cannot be nullified") == true)
        }
    }
}
