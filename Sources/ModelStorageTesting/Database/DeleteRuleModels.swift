import KeyPathQuery
import ModelStorage

/// The models of the delete-rule checks, which a database of its own holds: leaders, the gyms
/// deleted with their leader and the trainers deleted with their gym (cascade), the ribbons
/// that keep a leader (deny), and the battle records that keep a gym, so that a leader's
/// delete that cascades to the gym is denied too.
enum DeleteRuleModels {
    /// Every model, in the order the database is opened with.
    static let all: [any StorableModel.Type] = [
        Leader.self, Gym.self, Trainer.self, Ribbon.self, Battle.self,
    ]

    /// A gym leader, whom gyms and ribbons refer to.
    struct Leader: StorableModel, Hashable {
        var id: Int
        var name: String
        static let queryAttributes: AttributeMap<Leader> = [\.id: "id", \.name: "name"]
    }

    /// A gym: deleted with its leader.
    struct Gym: StorableModel, Hashable {
        var id: Int
        var leaderID: Int
        static let queryAttributes: AttributeMap<Gym> = [\.id: "id", \.leaderID: "leader_id"]
        static var references: [ModelReference<Gym>] {
            [ModelReference(\.leaderID, to: Leader.self, onDelete: .cascade)]
        }
    }

    /// A gym's trainer: deleted with the gym, so with its leader too.
    struct Trainer: StorableModel, Hashable {
        var id: Int
        var gymID: Int
        static let queryAttributes: AttributeMap<Trainer> = [\.id: "id", \.gymID: "gym_id"]
        static var references: [ModelReference<Trainer>] {
            [ModelReference(\.gymID, to: Gym.self, onDelete: .cascade)]
        }
    }

    /// A ribbon a leader awarded: the leader cannot be deleted while it exists.
    struct Ribbon: StorableModel, Hashable {
        var id: Int
        var leaderID: Int
        static let queryAttributes: AttributeMap<Ribbon> = [\.id: "id", \.leaderID: "leader_id"]
        static var references: [ModelReference<Ribbon>] {
            [ModelReference(\.leaderID, to: Leader.self, onDelete: .deny)]
        }
    }

    /// A record of a gym's battles: the gym cannot be deleted while it exists, so neither
    /// can its leader, whose delete would cascade to it.
    struct Battle: StorableModel, Hashable {
        var id: Int
        var gymID: Int
        static let queryAttributes: AttributeMap<Battle> = [\.id: "id", \.gymID: "gym_id"]
        static var references: [ModelReference<Battle>] {
            [ModelReference(\.gymID, to: Gym.self, onDelete: .deny)]
        }
    }

    /// Every record of every model, read at one moment, with the version.
    struct Everything: Equatable, Sendable, CustomStringConvertible {
        var leaders: [Int]
        var gyms: [Int]
        var trainers: [Int]
        var ribbons: [Int]
        var battles: [Int]
        var version: UInt64

        init(_ database: any ModelDatabase) async throws {
            self = try await database.read { snapshot in
                try Everything(
                    leaders: snapshot[Leader.self].fetch(.everyRecord).map(\.id),
                    gyms: snapshot[Gym.self].fetch(.everyRecord).map(\.id),
                    trainers: snapshot[Trainer.self].fetch(.everyRecord).map(\.id),
                    ribbons: snapshot[Ribbon.self].fetch(.everyRecord).map(\.id),
                    battles: snapshot[Battle.self].fetch(.everyRecord).map(\.id),
                    version: snapshot.version)
            }
        }

        private init(
            leaders: [Int], gyms: [Int], trainers: [Int], ribbons: [Int], battles: [Int],
            version: UInt64
        ) {
            (self.leaders, self.gyms, self.trainers) = (leaders, gyms, trainers)
            (self.ribbons, self.battles, self.version) = (ribbons, battles, version)
        }

        var description: String {
            "leaders \(leaders), gyms \(gyms), trainers \(trainers), ribbons \(ribbons), "
                + "battles \(battles), version \(version)"
        }
    }

    /// Stores leaders 1 and 2, gyms 10 and 12 of leader 1 and 11 of leader 2, and a trainer
    /// in each gym (100, 101, 102), in one transaction.
    static func addGyms(to database: any ModelDatabase) async throws {
        try await database.transaction { transaction in
            transaction[Leader.self].upsert(contentsOf: [
                Leader(id: 1, name: "Brock"), Leader(id: 2, name: "Misty"),
            ])
            transaction[Gym.self].upsert(contentsOf: [
                Gym(id: 10, leaderID: 1), Gym(id: 11, leaderID: 2), Gym(id: 12, leaderID: 1),
            ])
            transaction[Trainer.self].upsert(contentsOf: [
                Trainer(id: 100, gymID: 10), Trainer(id: 101, gymID: 11),
                Trainer(id: 102, gymID: 12),
            ])
        }
    }
}
