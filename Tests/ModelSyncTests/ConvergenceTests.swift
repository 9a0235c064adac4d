import Foundation
import InternalSupport
import KeyPathQuery
import ModelStorage
import ModelSync
import Testing

@Suite("Replicas converge on the server's records, whatever the network does")
struct ConvergenceTests {
    /// The seeds CI runs; `Scripts/sync-soak.sh` runs thousands more through `SYNC_SOAK_SEEDS`.
    static let seeds: [UInt64] = {
        let environment = ProcessInfo.processInfo.environment
        if let seed = environment["SYNC_SEED"].flatMap(UInt64.init) { return [seed] }
        if let count = environment["SYNC_SOAK_SEEDS"].flatMap(UInt64.init) {
            return Array(1...count)
        }
        return Array(1...12)
    }()

    /// A few seeds at a time, so that thousands of them do not run out of file descriptors.
    static let gate = SeedGate(limit: 8)

    @Test(
        "Random writes, deletes and scope changes over a faulty network converge", arguments: seeds)
    func converges(seed: UInt64) async throws {
        try await Self.gate.run { try await converge(seed: seed) }
    }

    /// One seed's run.
    func converge(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let backend = SyncBackend.allCases[Int(seed % 3)]
        let policy: MergePolicy = seed % 2 == 0 ? .mergeByPropertyObjectTrump : .overwrite
        let fixture = try await SyncFixture.make(backend, mergePolicy: policy)
        defer { fixture.remove() }
        let count = 2 + Int(random.next() % 4)
        var replicas: [SimulatedDevice] = []
        for index in 0..<count {
            let user = index == count - 1 && count > 2 ? "misty" : "ash"
            replicas.append(
                try await SimulatedDevice(fixture: fixture, index: index, user: user, seed: seed))
        }
        var log: [String] = []
        var created: Set<String> = []
        var deleted: Set<String> = []
        for step in 0..<120 {
            let device = replicas[Int(random.next() % UInt64(count))]
            let action = random.next() % 10
            log.append("\(step) d\(device.index) a\(action)")
            switch action {
            case 0, 1, 2:
                let id = "d\(device.index)-\(step)"
                created.insert(id)
                try await device.write(
                    Memo(id: id, title: "t\(step)", priority: Int(random.next() % 10)))
            case 3, 4:
                if let id = try await device.someID(&random) {
                    let priority = Int(random.next() % 10)
                    let title = "e\(step)"
                    let edit = random.next() % 2 == 0
                    log.append("  edit \(id) \(edit ? "title" : "priority \(priority)")")
                    try await device.replica.transaction { transaction in
                        try? transaction[Memo.self].update(id: id) { memo in
                            if edit { memo.title = title } else { memo.priority = priority }
                        }
                    }
                }
            case 5:
                if let id = try await device.someID(&random) {
                    deleted.insert(id)
                    log.append("  delete \(id)")
                    _ = try await device.replica.transaction { $0[Memo.self].delete(id: id) }
                }
            case 6:
                let threshold = Int(random.next() % 12) - 2
                log.append("  scope \(threshold)")
                try await device.setScope(threshold)
            case 7:
                device.network.setOffline(random.next() % 2 == 0)
            case 8:
                try await device.crash()
            default:
                do {
                    let report = try await device.replica.sync()
                    log.append("  synced \(report.pushResults.map { "\($0.id) \($0.outcome)" })")
                } catch { log.append("  sync failed \(error)") }
            }
        }
        // Quiescence: the network heals, and everyone syncs until nothing moves.
        for device in replicas {
            device.network.setOffline(false)
            device.network.stopFailing()
        }
        for _ in 0..<3 {
            for device in replicas { try await device.replica.sync() }
        }
        for device in replicas {
            let server = try await fixture.serverMemos(of: device.user)
            let inScope = server.filter { entry in
                device.threshold.map { entry.value.priority >= $0 } ?? true
            }
            let held = try await memos(in: device.database)
            #expect(
                held == inScope,
                "device \(device.index), seed \(seed), scope \(device.threshold ?? -1): \(difference(held, inScope)); server \(server.filter { held[$0.key] != nil && inScope[$0.key] == nil }.values.map { "\($0)" })"
            )
            #expect(try await device.replica.status().pendingWrites == 0)
            if held != inScope, ProcessInfo.processInfo.environment["SYNC_LOG"] != nil {
                print(log.joined(separator: "\n"))
            }
        }
        // No write is lost: every memo made and deleted by nobody is on the server.
        var everyone: [String: Memo] = [:]
        for user in ["ash", "misty"] {
            everyone.merge(try await fixture.serverMemos(of: user)) { $1 }
        }
        let missing = created.subtracting(deleted).subtracting(everyone.keys)
        #expect(missing.isEmpty, "seed \(seed): lost \(missing.sorted())")
        for device in replicas { try await device.database.close() }
        try await fixture.serverDatabase.close()
    }
}

/// One device of the simulation: a local database, its replica and its faulty network.
final class SimulatedDevice: @unchecked Sendable {
    let index: Int
    let user: String
    let database: any ModelDatabase
    let network: FaultyTransport
    let fixture: SyncFixture
    private(set) var replica: Replica
    /// The scope's lower bound on priority, or `nil` for every memo.
    private(set) var threshold: Int?
    /// How many changes a pull asks for: small, so that copies and pages span requests.
    let pageSize: Int

    init(fixture: SyncFixture, index: Int, user: String, seed: UInt64) async throws {
        self.index = index
        self.user = user
        self.fixture = fixture
        network = FaultyTransport(InProcessTransport(server: fixture.server, user: user))
        network.failAtRandom(seed: seed &* 31 &+ UInt64(index), rate: 0.25)
        pageSize = 1 + Int(seed % 4)
        (replica, database) = try await fixture.replica(
            "device-\(index)", user: user, transport: network, pageSize: pageSize)
    }

    func write(_ memo: Memo) async throws {
        try await replica.transaction { $0[Memo.self].upsert(memo) }
    }

    /// The id of one of the memos held here, or `nil` when there is none.
    func someID(_ random: inout SplitMix64) async throws -> String? {
        let ids = try await memos(in: database).keys.sorted()
        return ids.isEmpty ? nil : ids[Int(random.next() % UInt64(ids.count))]
    }

    func setScope(_ bound: Int) async throws {
        threshold = bound < 0 ? nil : bound
        try await replica.setScope(scope, for: Memo.self)
    }

    /// The process dies and starts again: the replica's memory is gone, its database stays.
    func crash() async throws {
        replica = try Replica(
            database: database, transport: network,
            models: [ReplicaModel(Memo.self, scope: scope), ReplicaModel(Jotting.self)],
            pullPageSize: pageSize)
    }

    private var scope: Condition<Memo> {
        threshold.map { \Memo.priority >= $0 } ?? .true
    }
}

/// What differs between a replica's memos and the server's: extra, missing and different.
func difference(_ held: [String: Memo], _ server: [String: Memo]) -> String {
    let extra = held.keys.filter { server[$0] == nil }.sorted()
    let missing = server.keys.filter { held[$0] == nil }.sorted()
    let changed = held.keys.filter { server[$0] != nil && server[$0] != held[$0] }.sorted()
        .map { "\($0): \(held[$0].map { "\($0)" } ?? "") vs \(server[$0].map { "\($0)" } ?? "")" }
    return "extra \(extra), missing \(missing), changed \(changed)"
}
