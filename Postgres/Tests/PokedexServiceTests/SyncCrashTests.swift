import Foundation
import PokedexKit
import PostgresNIO
import PostgresTestServer
import Testing

/// Issue 41's proof: devices that sync their favorites and notes through two instances of
/// `pokedex-service` on one PostgreSQL converge, though every process is killed under them.
///
/// Over a seed, three `SyncReplicaWorker` processes (two of Ash's devices and one of
/// Misty's, each over a SQLite file of its own) write at random and sync, while the test
/// SIGKILLs workers as they push or pull and starts them again on the same files, SIGKILLs a
/// service instance and starts another, and crashes PostgreSQL (`pg_ctl stop -m immediate`)
/// and starts it again. Then everything healthy is started again and each device syncs until
/// nothing moves, and the test checks:
///
/// - (a) every device holds exactly the server's favorites and notes of its user;
/// - (b) every write a worker acknowledged is on the server or superseded (see
///   ``SyncInvariants/lostWrites()``);
/// - (c) no write was applied twice (see ``SyncInvariants/duplicates()``).
///
/// CI runs three seeds; `SYNC_CRASH_SEEDS=N` runs N, and `SYNC_CRASH_SEED=s` one.
@Suite("pokedex-service: sync converges through crashes of every process", .serialized)
struct SyncCrashTests {
    static let seeds: [UInt64] = {
        let environment = ProcessInfo.processInfo.environment
        if let seed = environment["SYNC_CRASH_SEED"].flatMap(UInt64.init) { return [seed] }
        if let count = environment["SYNC_CRASH_SEEDS"].flatMap(UInt64.init), count > 0 {
            return Array(1...count)
        }
        return [1, 2, 3]
    }()

    /// The devices: their users, and the instance each starts on.
    static let users = ["ash", "ash", "misty"]

    @Test("Killed workers, services and PostgreSQL lose and repeat no write", arguments: seeds)
    func convergesThroughCrashes(seed: UInt64) async throws {
        var random = SeededRandom(seed: seed)
        let directory = try SyncServiceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Every commit acknowledged survives the crashes of PostgreSQL's processes here, as
        // the service's users are promised; the machine does not crash, so nothing is synced
        // to the disk. (On a throwaway server, the crashes lose commits, and the test fails.)
        try await PostgresTestServer.withServer(durability: .processCrashSafe) { server in
            let database = try await server.makeDatabase()
            var run = CrashRun(seed: seed, directory: directory, database: database)
            do {
                try await run.startInstances()
                for device in Self.users.indices { try run.startWriter(device, &random) }
                var log: [String] = []
                for _ in 0..<8 {
                    try await Task.sleep(for: .milliseconds(200 + Int(random.next() % 800)))
                    log.append(try await run.injectFault(&random, server: server))
                }
                try await run.quiesce()
                try await run.check(log: log)
            } catch {
                run.killEverything()
                throw error
            }
            try await run.stopInstances()
        }
    }
}

/// One seed's processes and what they said.
struct CrashRun {
    let seed: UInt64
    let directory: URL
    let database: PostgresConnection.Configuration
    var instances: [ServiceInstance] = []
    /// Each device's current worker, and the instance it syncs through.
    var workers: [(process: WorkerProcess, instance: Int)?] = SyncCrashTests.users.map { _ in nil }
    /// Each device's runs, finished or not, in order.
    var runs: [[WorkerProcess]] = SyncCrashTests.users.map { _ in [] }
    /// Each device's settling runs' last lines.
    var settled: [[String]] = SyncCrashTests.users.map { _ in [] }

    init(seed: UInt64, directory: URL, database: PostgresConnection.Configuration) {
        self.seed = seed
        self.directory = directory
        self.database = database
    }

    func token(_ device: Int) -> String {
        SyncServiceTests.tokens[SyncCrashTests.users[device]] ?? ""
    }

    func file(_ device: Int) -> String {
        directory.appending(path: "device-\(device).sqlite").path
    }

    mutating func startInstances() async throws {
        for _ in 0..<2 {
            instances.append(
                try await ServiceInstance.start(
                    on: database, environment: SyncServiceTests.environment))
        }
    }

    /// Starts a device's next writing run, through a random instance.
    mutating func startWriter(_ device: Int, _ random: inout SeededRandom) throws {
        let instance = Int(random.next() % 2)
        let name = "d\(device)r\(runs[device].count)"
        let process = try WorkerProcess(
            arguments: [
                "write", file(device), instances[instance].baseURL.absoluteString, name,
                String(seed &* 1000 &+ UInt64(device * 100 + runs[device].count)),
                String(30 + random.next() % 40),
            ], token: token(device))
        workers[device] = (process, instance)
        runs[device].append(process)
    }

    /// One fault, at random; says what it did.
    mutating func injectFault(
        _ random: inout SeededRandom, server: PostgresTestServer
    ) async throws -> String {
        // A device whose run ended starts another, so that there is always work under way.
        for device in workers.indices where workers[device]?.process.isRunning != true {
            try startWriter(device, &random)
        }
        switch random.next() % 10 {
        case 0..<6:
            let device = Int(random.next() % UInt64(workers.count))
            let delay = Duration.milliseconds(Int(random.next() % 30))
            let phase = try await workers[device]?.process.killDuringSync(after: delay)
            try startWriter(device, &random)
            return "killed device \(device) \(phase.map { "\($0) +\(delay)" } ?? "while writing")"
        case 6, 7:
            let instance = Int(random.next() % 2)
            instances[instance].killNow()
            instances[instance] = try await ServiceInstance.start(
                on: database, environment: SyncServiceTests.environment)
            // The devices that synced through it reach the new one when they start again.
            for device in workers.indices where workers[device]?.instance == instance {
                workers[device]?.process.kill()
                try startWriter(device, &random)
            }
            return "killed instance \(instance)"
        default:
            try await server.crashAndRestart(downtime: .milliseconds(Int(random.next() % 500)))
            return "crashed PostgreSQL"
        }
    }

    /// Kills the workers, starts fresh instances, and settles every device in turn until a
    /// round in which no sync moved anything.
    mutating func quiesce() async throws {
        for worker in workers { worker?.process.kill() }
        for instance in instances { instance.killNow() }
        instances = []
        try await startInstances()
        for _ in 0..<5 {
            var moved = false
            for device in workers.indices {
                let process = try WorkerProcess(
                    arguments: [
                        "settle", file(device), instances[device % 2].baseURL.absoluteString,
                    ],
                    token: token(device))
                let status = try await process.waitForExit()
                #expect(
                    status == 0,
                    "seed \(seed): device \(device) did not settle: \(process.errorText)")
                runs[device].append(process)
                let lines = process.lines
                settled[device] = lines
                moved = moved || lines.first { $0.hasPrefix("settled ") } != "settled 0 0"
            }
            if !moved { return }
        }
        Issue.record("seed \(seed): the devices did not settle in 5 rounds")
    }

    /// Checks (a), (b) and (c) against the server's records.
    func check(log: [String]) async throws {
        var favorites: [String: [Int: Int]] = [:]
        var notes: [String: (user: String, text: String)] = [:]
        for user in Set(SyncCrashTests.users) {
            let token = SyncServiceTests.tokens[user]
            let (_, favoriteBody) = try await instances[0].request(
                "GET", "/me/favorites", token: token)
            for favorite in try JSONDecoder().decode([Favorite].self, from: favoriteBody) {
                favorites[user, default: [:]][favorite.pokemonID, default: 0] += 1
            }
            let (_, noteBody) = try await instances[0].request("GET", "/me/notes", token: token)
            for note in try JSONDecoder().decode([Note].self, from: noteBody) {
                notes[note.id] = (user, note.text)
            }
            // (a) Each device of the user holds exactly the server's records.
            let server = Set(
                try JSONDecoder().decode([Favorite].self, from: favoriteBody).map {
                    "have favorite \($0.id) \($0.pokemonID)"
                }
                    + (try JSONDecoder().decode([Note].self, from: noteBody).map {
                        "have note \($0.id) \($0.pokemonID) \($0.text)"
                    }))
            for device in SyncCrashTests.users.indices where SyncCrashTests.users[device] == user {
                let held = Set(settled[device].filter { $0.hasPrefix("have ") })
                #expect(
                    held == server,
                    "seed \(seed), device \(device): extra \(held.subtracting(server).sorted()), missing \(server.subtracting(held).sorted()); faults \(log)"
                )
            }
        }
        var histories: [DeviceHistory] = []
        for device in runs.indices {
            var history = DeviceHistory(device: device, user: SyncCrashTests.users[device])
            for process in runs[device] { history.read(process.lines, killedAt: process.killedAt) }
            histories.append(history)
        }
        let invariants = SyncInvariants(histories: histories, favorites: favorites, notes: notes)
        let lost = invariants.lostWrites()
        #expect(lost.isEmpty, "seed \(seed): (b) \(lost.joined(separator: "\n")); faults \(log)")
        let duplicated = invariants.duplicates()
        #expect(
            duplicated.isEmpty,
            "seed \(seed): (c) \(duplicated.joined(separator: "\n")); faults \(log)")
        let acknowledged = histories.flatMap(\.writes).count { $0.commit == .acknowledged }
        let maybe = histories.flatMap(\.writes).count { $0.commit == .maybe }
        #expect(acknowledged > 0, "seed \(seed): no write was acknowledged")
        let (held, superseded) = invariants.tally()
        print(
            "SyncCrashTests seed \(seed): \(acknowledged) acknowledged writes (\(held) held as written, \(superseded) superseded), \(maybe) cut by a kill, \(runs.map(\.count).reduce(0, +)) runs, \(notes.count) notes; faults: \(log.joined(separator: ", "))"
        )
    }

    mutating func stopInstances() async throws {
        for instance in instances { try await instance.stop() }
        instances = []
    }

    /// Kills every process still running, after a failure.
    func killEverything() {
        for worker in workers { worker?.process.kill() }
        for instance in instances { instance.killNow() }
    }
}

/// A small seeded generator (SplitMix64), so that a seed replays the test's choices.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
