import Foundation
import ModelStorage
import ModelSync
import PokedexKit
import PokedexOfflineData
import PostgresStorage
import PostgresTestServer
import SQLiteStorage

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension PostgresBenchmarks {
    /// The Pokémon each device holds, so that its favorites refer to stored ones.
    static let devicePokemonIDs = [1, 4, 6, 7, 25]

    /// The rows that need `pokedex-service`: two instances on one new database, with a token
    /// for ``syncUser`` and for each user of the crowd.
    static func runServiceSync(
        _ bench: Bench, on server: PostgresTestServer, executable: URL
    ) async throws -> [Result] {
        let crowd = crowdSize(quick: bench.quick)
        let users = [syncUser] + (0..<crowd.users).map { "trainer-\($0)" }
        let database = try await server.makeDatabase()
        return try await ServiceProcess.withInstances(
            2, of: executable, on: database, users: users
        ) { instances in
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            return [
                try await pushOfflineWrites(
                    bench, on: server, echo: instances[0], session: session),
                try await liveLatency(bench, instances: instances, session: session),
                try await crowdSync(
                    bench, instances: instances, users: Array(users.dropFirst()),
                    session: session),
            ]
        }
    }

    // MARK: Push

    /// The writes the push row pushes.
    static func pushSize(quick: Bool) -> Int {
        quick ? 400 : 1_000
    }

    /// A replica's push of offline writes over ``ModelSync/InProcessTransport`` to a
    /// ``ModelSync/SyncServer`` on PostgreSQL, against the same records upserted in one
    /// transaction of the shared `PostgresModelDatabase` plus one loopback HTTP round trip a
    /// page of 500 (the replica's push size).
    static func pushOfflineWrites(
        _ bench: Bench, on server: PostgresTestServer, echo: ServiceProcess,
        session: URLSession
    ) async throws -> Result {
        let count = pushSize(quick: bench.quick)
        let pages = (count + 499) / 500
        let shared = try await PostgresModelDatabase.open(
            try await server.makeDatabase(), for: [SyncFavorite.self] + SyncServer.bookkeepingModels
        )
        defer { Task { try? await shared.close() } }
        let syncServer = try SyncServer(
            database: shared, models: [.model(SyncFavorite.self, owner: \.userID)])
        let user = syncUser
        func pushed() async throws -> Double {
            try await withLocalDatabase(for: [SyncFavorite.self] + Replica.bookkeepingModels) {
                local in
                let replica = try Replica(
                    database: local, transport: InProcessTransport(server: syncServer, user: user),
                    models: [try ReplicaModel(SyncFavorite.self)])
                let writes = (0..<count).map { SyncFavorite.made(by: "", $0) }
                try await replica.transaction { transaction in
                    for write in writes { transaction[SyncFavorite.self].upsert(write) }
                }
                var results: [PushResult] = []
                let seconds = try await Bench.time { results = try await replica.push() }
                let pending = try await replica.status().pendingWrites
                guard results.count == count, results.allSatisfy({ $0.outcome == .applied }),
                    pending == 0
                else {
                    throw BenchmarkError.disagreement(
                        "a push of \(count) writes (\(results.count) answered, \(pending) left)")
                }
                return seconds
            }
        }
        func direct() async throws -> Double {
            let writes = (0..<count).map { SyncFavorite.made(by: user, $0) }
            return try await Bench.time {
                try await shared.transaction { transaction in
                    for write in writes { transaction[SyncFavorite.self].upsert(write) }
                }
                for _ in 0..<pages { _ = try await echo.get("/me", as: user, through: session) }
            }
        }
        return try await bench.compareMeasured(
            group: syncGroup, name: "push of \(count.formatted()) offline writes",
            target: .atMost(2),
            candidate: ("replica.push(), InProcessTransport", pushed),
            baseline: ("one upserting transaction + \(pages) GET /me", direct),
            note: "the candidate's writes wait in a new replica's outbox (SQLite), made untimed; "
                + "push() sends \(pages) pushes of 500, each applied by SyncServer in one "
                + "PostgreSQL transaction with its receipt (the records it names read in one "
                + "query), and stores each answer with the next push in one local commit. The "
                + "baseline upserts the same number of new records in one "
                + "transaction of the same PostgresModelDatabase, then makes \(pages) loopback "
                + "HTTP round trips (GET /me of pokedex-service, one URLSession)",
            repetitions: bench.repetitions)
    }

    // MARK: Live latency

    /// The favorites measured in the latency row.
    static func latencySamples(quick: Bool) -> Int {
        quick ? 10 : 200
    }

    /// A Pokédex over a new SQLite file in `directory` with a few bundled Pokémon, as
    /// `pokedex sync` leaves one.
    static func device(
        in directory: URL, _ name: String
    ) async throws -> (Pokedex, SQLiteModelDatabase) {
        let database = try await SQLiteModelDatabase.open(
            at: directory.appending(path: "\(name).sqlite"), for: PokedexModels.all)
        let store = try database.store(for: Pokemon.self)
        try await store.upsert(
            contentsOf: try devicePokemonIDs.map { Pokemon(try BundledPokeAPI.pokemon(id: $0)) })
        let pokedex = Pokedex(
            store: store, database: database,
            client: PokeAPIClient(transport: BundledPokeAPITransport()))
        return (pokedex, database)
    }

    /// The time from a favorite marked on a laptop (a local write, then `push()` through one
    /// instance) until a phone's live query of its favorites shows it, the phone following the
    /// other instance with `run()`, against a bare `GET /me` round trip to that instance.
    static func liveLatency(
        _ bench: Bench, instances: [ServiceProcess], session: URLSession
    ) async throws -> Result {
        let samples = latencySamples(quick: bench.quick)
        let directory = FileManager.default.temporaryDirectory.appending(
            path: "pokedex-sync-latency-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (laptop, laptopDB) = try await device(in: directory, "laptop")
        let (phone, phoneDB) = try await device(in: directory, "phone")
        let token = ServiceProcess.token(of: syncUser)
        let laptopReplica = try laptop.replica(
            transport: HTTPSyncTransport(baseURL: instances[0].baseURL, token: token))
        let phoneReplica = try phone.replica(
            transport: HTTPSyncTransport(baseURL: instances[1].baseURL, token: token))
        let failures = FailureLog()
        let following = Task {
            await phoneReplica.run(retryDelay: .milliseconds(100)) { failures.add($0) }
        }
        let watched = WatchedFavorites()
        let observation = try await phoneDB.store(for: Favorite.self).observe(.everyRecord)
        let watching = Task {
            for await result in observation { watched.update(result.records.map(\.pokemonID)) }
        }
        defer {
            following.cancel()
            watching.cancel()
        }
        var latencies: [Double] = []
        var roundTrips: [Double] = []
        // Three unmeasured rounds first: connections made, the phone following.
        for round in 0..<(samples + 3) {
            let pokemonID = devicePokemonIDs[round % devicePokemonIDs.count]
            let roundTrip = try await Bench.time {
                _ = try await instances[1].get("/me", as: syncUser, through: session)
            }
            let start = ContinuousClock.now
            try await laptop.setFavorite(true, pokemonID: pokemonID)
            try await laptopReplica.push()
            let seen = try await watched.wait(after: start) { $0.contains(pokemonID) }
            // Unmarked again, unmeasured, so that the next round starts from none.
            try await laptop.setFavorite(false, pokemonID: pokemonID)
            try await laptopReplica.push()
            _ = try await watched.wait(after: start) { !$0.contains(pokemonID) }
            if round >= 3 {
                latencies.append(seconds(seen - start))
                roundTrips.append(roundTrip)
            }
        }
        following.cancel()
        watching.cancel()
        try await laptopDB.close()
        try await phoneDB.close()
        guard failures.count == 0 else {
            throw BenchmarkError.setup("the phone's run() failed: \(failures.first ?? "")")
        }
        return Result(
            group: syncGroup, name: "a favorite to another replica's live query",
            candidate: "write + push() → instance 1 → NOTIFY → instance 2 → notice → run()",
            baseline: "GET /me to instance 2",
            candidateMedianSeconds: Bench.median(latencies),
            baselineMedianSeconds: Bench.median(roundTrips), target: .atMost(3),
            note: "over loopback, \(samples) favorites; latency median "
                + milliseconds(Bench.median(latencies)) + ", p99 "
                + milliseconds(percentile(99, of: latencies)) + "; GET /me median "
                + milliseconds(Bench.median(roundTrips)) + ", p99 "
                + milliseconds(percentile(99, of: roundTrips))
                + ". From the laptop's write (SQLite) to the phone's observe() result: the "
                + "push through instance 1, PostgreSQL's NOTIFY to instance 2, its notice "
                + "over Server-Sent Events carrying the change, and the phone's local commit of "
                + "it (no pull: the phone is in step)",
            candidateSeconds: latencies, baselineSeconds: roundTrips)
    }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The value at a percentile (nearest rank) of some values.
    static func percentile(_ percent: Double, of values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }

    /// Seconds as milliseconds, for a note.
    static func milliseconds(_ seconds: Double) -> String {
        String(format: "%.1f ms", seconds * 1_000)
    }
}

/// The Pokémon a live query's latest result marks as favorites, and when it arrived.
// `@unchecked Sendable`: `lock` guards both stored properties.
final class WatchedFavorites: @unchecked Sendable {
    private let lock = NSLock()
    private var pokemonIDs: Set<Int> = []
    private var changedAt = ContinuousClock.now

    /// Takes a result, noting when it arrived.
    func update(_ ids: [Int]) {
        let now = ContinuousClock.now
        lock.withLock {
            pokemonIDs = Set(ids)
            changedAt = now
        }
    }

    /// Waits until the latest result, arrived after `start`, satisfies a test, and returns when
    /// it arrived; gives up after 60 s.
    func wait(
        after start: ContinuousClock.Instant, until test: (Set<Int>) -> Bool
    ) async throws -> ContinuousClock.Instant {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            let (ids, at) = lock.withLock { (pokemonIDs, changedAt) }
            if at > start, test(ids) { return at }
            try await Task.sleep(for: .milliseconds(1))
        }
        throw BenchmarkError.setup("the phone's live query did not change within 60 s")
    }
}

/// The failures a replica's `run()` reports.
// `@unchecked Sendable`: `lock` guards `failures`.
final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [String] = []

    func add(_ error: SyncError) {
        lock.withLock { failures.append("\(error)") }
    }

    var count: Int { lock.withLock { failures.count } }
    var first: String? { lock.withLock { failures.first } }
}
