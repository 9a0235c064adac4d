import KeyPathQuery
import ModelStorage
import PostgresStorage
import Testing

/// A gym leader, whom gyms and their ribbons refer to.
private struct Leader: StorableModel, Hashable {
    var id: Int
    var name: String
    static let queryAttributes: AttributeMap<Leader> = [\.id: "id", \.name: "name"]
}

/// A gym: deleted with its leader.
private struct Gym: StorableModel, Hashable {
    var id: Int
    var leaderID: Int
    static let queryAttributes: AttributeMap<Gym> = [\.id: "id", \.leaderID: "leader_id"]
    static var references: [ModelReference<Gym>] {
        [ModelReference(\.leaderID, to: Leader.self, onDelete: .cascade)]
    }
}

/// A gym's trainer: deleted with the gym, so with its leader too.
private struct GymTrainer: StorableModel, Hashable {
    var id: Int
    var gymID: Int
    static let queryAttributes: AttributeMap<GymTrainer> = [\.id: "id", \.gymID: "gym_id"]
    static var references: [ModelReference<GymTrainer>] {
        [ModelReference(\.gymID, to: Gym.self, onDelete: .cascade)]
    }
}

/// A ribbon a leader awarded: the leader cannot be deleted while it exists.
private struct Ribbon: StorableModel, Hashable {
    var id: Int
    var leaderID: Int
    static let queryAttributes: AttributeMap<Ribbon> = [\.id: "id", \.leaderID: "leader_id"]
    static var references: [ModelReference<Ribbon>] {
        [ModelReference(\.leaderID, to: Leader.self, onDelete: .deny)]
    }
}

/// A league's record of a gym's battles: the gym cannot be deleted while it exists, so
/// neither can its leader, whose delete would cascade to it.
private struct BattleRecord: StorableModel, Hashable {
    var id: Int
    var gymID: Int
    static let queryAttributes: AttributeMap<BattleRecord> = [\.id: "id", \.gymID: "gym_id"]
    static var references: [ModelReference<BattleRecord>] {
        [ModelReference(\.gymID, to: Gym.self, onDelete: .deny)]
    }
}

/// The delete rules cascade and deny on PostgreSQL: a cascade deletes what refers to the
/// deleted records in the same commit, as far as it reaches; a deny, met directly or at the
/// end of a cascade, throws `deleteDenied` naming the records, and nothing is changed.
@Suite("PostgresModelDatabase delete rules")
struct PostgresDeleteRuleTests {
    private static let models: [any StorableModel.Type] = [
        Leader.self, Gym.self, GymTrainer.self, Ribbon.self, BattleRecord.self,
    ]

    /// Every record of every model, by fetching, and the version.
    private struct Everything: Equatable {
        var leaders: [Leader]
        var gyms: [Gym]
        var trainers: [GymTrainer]
        var ribbons: [Ribbon]
        var battles: [BattleRecord]
        var version: UInt64

        init(_ database: PostgresModelDatabase) async throws {
            leaders = try await database.store(for: Leader.self).fetch(.everyRecord)
            gyms = try await database.store(for: Gym.self).fetch(.everyRecord)
            trainers = try await database.store(for: GymTrainer.self).fetch(.everyRecord)
            ribbons = try await database.store(for: Ribbon.self).fetch(.everyRecord)
            battles = try await database.store(for: BattleRecord.self).fetch(.everyRecord)
            version = try await database.read { $0.version }
        }
    }

    /// A database of leaders 1 and 2, gyms 10 and 12 of leader 1 and 11 of leader 2, and a
    /// trainer in each gym (100, 101, 102).
    private static func openWithGyms(_ stores: TestStores) async throws -> PostgresModelDatabase {
        let database = try await stores.openDatabase(models)
        try await database.transaction { transaction in
            transaction[Leader.self].upsert(contentsOf: [
                Leader(id: 1, name: "Brock"), Leader(id: 2, name: "Misty"),
            ])
            transaction[Gym.self].upsert(contentsOf: [
                Gym(id: 10, leaderID: 1), Gym(id: 11, leaderID: 2), Gym(id: 12, leaderID: 1),
            ])
            transaction[GymTrainer.self].upsert(contentsOf: [
                GymTrainer(id: 100, gymID: 10), GymTrainer(id: 101, gymID: 11),
                GymTrainer(id: 102, gymID: 12),
            ])
        }
        return database
    }

    @Test("deleting a leader cascades to the leader's gyms and their trainers, in one commit")
    func cascades() async throws {
        try await TestStores.with { stores in
            let database = try await Self.openWithGyms(stores)
            let before = try await Everything(database)
            #expect(try await database.store(for: Leader.self).delete(id: 1))
            let after = try await Everything(database)
            #expect(after.leaders.map(\.id) == [2])
            #expect(after.gyms.map(\.id) == [11])
            #expect(after.trainers.map(\.id) == [101])
            #expect(after.version == before.version + 1)
            // Through a transaction's delete by condition, to the last leader.
            let deleted = try await database.transaction { transaction in
                try transaction[Leader.self].delete(where: \.name == "Misty")
            }
            #expect(deleted == 1)
            let none = try await Everything(database)
            #expect(none.leaders.isEmpty && none.gyms.isEmpty && none.trainers.isEmpty)
            #expect(none.version == before.version + 2)
        }
    }

    @Test("a leader with a ribbon cannot be deleted: deleteDenied, and nothing is changed")
    func denies() async throws {
        try await TestStores.with { stores in
            let database = try await Self.openWithGyms(stores)
            try await database.store(for: Ribbon.self).upsert(Ribbon(id: 5, leaderID: 1))
            let before = try await Everything(database)
            let error = await #expect(throws: StoreError.self) {
                try await database.store(for: Leader.self).delete(id: 1)
            }
            #expect(
                error
                    == StoreError.deleteDenied(
                        "Leader", id: "1", referencedBy: "Ribbon", referringID: "5"))
            #expect(
                error?.description
                    == "Leader 1 cannot be deleted: Ribbon 5 refers to it, and the reference's "
                    + "delete rule is deny. Nothing was changed.")
            #expect(try await Everything(database) == before)
            // With the ribbon deleted in the same transaction, the leader goes, and the
            // cascade with it.
            try await database.transaction { transaction in
                _ = transaction[Ribbon.self].delete(id: 5)
                _ = transaction[Leader.self].delete(id: 1)
            }
            let after = try await Everything(database)
            #expect(after.leaders.map(\.id) == [2])
            #expect(after.gyms.map(\.id) == [11])
            #expect(after.trainers.map(\.id) == [101])
            #expect(after.ribbons.isEmpty)
        }
    }

    @Test("a cascade that reaches a deny throws deleteDenied naming it, and changes nothing")
    func cascadeReachesADeny() async throws {
        try await TestStores.with { stores in
            let database = try await Self.openWithGyms(stores)
            try await database.store(for: BattleRecord.self).upsert(
                BattleRecord(id: 7, gymID: 12))
            let before = try await Everything(database)
            let error = await #expect(throws: StoreError.self) {
                try await database.store(for: Leader.self).delete(id: 1)
            }
            #expect(
                error
                    == StoreError.deleteDenied(
                        "Gym", id: "12", referencedBy: "BattleRecord", referringID: "7"))
            #expect(try await Everything(database) == before)
            // In a transaction with other writes: none of them is kept either.
            let inTransaction = await #expect(throws: StoreError.self) {
                try await database.transaction { transaction in
                    transaction[Leader.self].upsert(Leader(id: 3, name: "Erika"))
                    _ = transaction[GymTrainer.self].delete(id: 101)
                    _ = transaction[Leader.self].delete(id: 1)
                }
            }
            #expect(inTransaction?.code == .deleteDenied)
            #expect(inTransaction?.modelName == "Gym" && inTransaction?.recordID == "12")
            #expect(try await Everything(database) == before)
        }
    }
}
