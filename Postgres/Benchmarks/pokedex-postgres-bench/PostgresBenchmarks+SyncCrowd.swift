import Foundation
import ModelStorage
import ModelSync
import PokedexKit
import PokedexOfflineData

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension PostgresBenchmarks {
    /// The crowd: how many replicas, of how many users, and how many rounds of writes and a
    /// sync each does.
    static func crowdSize(quick: Bool) -> (replicas: Int, users: Int, rounds: Int) {
        quick ? (20, 5, 2) : (100, 20, 3)
    }

    /// The writes each replica makes before each sync.
    static let crowdWritesPerRound = 2

    /// Many replicas (in-memory databases, ``ModelSync/HTTPSyncTransport``, half on each
    /// instance) writing and syncing at once: a reported row, the median sync under that load
    /// against a bare `GET /me` round trip with no load, with the throughput, the p99 and the
    /// failures in its note.
    static func crowdSync(
        _ bench: Bench, instances: [ServiceProcess], users: [String], session: URLSession
    ) async throws -> Result {
        let (count, _, rounds) = crowdSize(quick: bench.quick)
        let pokemon = try devicePokemonIDs.map { Pokemon(try BundledPokeAPI.pokemon(id: $0)) }
        var replicas: [(Replica, InMemoryModelDatabase)] = []
        for index in 0..<count {
            let database = try InMemoryModelDatabase(for: PokedexModels.all)
            try await database.store(for: Pokemon.self).upsert(contentsOf: pokemon)
            let user = users[index % users.count]
            let transport = HTTPSyncTransport(
                baseURL: instances[index % instances.count].baseURL,
                token: ServiceProcess.token(of: user))
            replicas.append(
                (
                    try Replica(
                        database: database, transport: transport, models: Pokedex.replicaModels()),
                    database
                ))
        }
        // Bare round trips with no load, the baseline.
        var roundTrips: [Double] = []
        for index in 0..<(bench.quick ? 10 : 50) {
            let instance = instances[index % instances.count]
            roundTrips.append(
                try await Bench.time {
                    _ = try await instance.get("/me", as: users[0], through: session)
                })
        }
        let start = ContinuousClock.now
        let outcomes = await withTaskGroup(of: (times: [Double], failures: [String]).self) {
            group in
            for (index, (replica, _)) in replicas.enumerated() {
                group.addTask {
                    var times: [Double] = []
                    var failures: [String] = []
                    for round in 0..<rounds {
                        do {
                            try await replica.transaction { transaction in
                                for write in 0..<crowdWritesPerRound {
                                    let pokemonID =
                                        devicePokemonIDs[
                                            (index + round + write) % devicePokemonIDs.count]
                                    transaction[Favorite.self].upsert(
                                        Favorite(pokemonID: pokemonID))
                                }
                            }
                            times.append(try await Bench.time { try await replica.sync() })
                        } catch {
                            failures.append("\(error)")
                        }
                    }
                    return (times, failures)
                }
            }
            var outcomes: [(times: [Double], failures: [String])] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        let elapsed = seconds(ContinuousClock.now - start)
        let times = outcomes.flatMap(\.times)
        let failures = outcomes.flatMap(\.failures)
        guard failures.isEmpty else {
            throw BenchmarkError.setup(
                "\(failures.count) of \(count * rounds) syncs failed: \(failures[0])")
        }
        // Once more each, unmeasured: every replica then holds all of its user's favorites.
        let perUser = count / users.count * rounds * crowdWritesPerRound
        for (replica, database) in replicas {
            try await replica.sync()
            let held = try await database.store(for: Favorite.self).count(where: .true)
            guard held == perUser else {
                throw BenchmarkError.disagreement(
                    "a replica of the crowd holds \(held) favorites, not \(perUser)")
            }
        }
        for (_, database) in replicas { try await database.close() }
        let syncs = Double(times.count)
        let writes = syncs * Double(crowdWritesPerRound)
        return Result(
            group: syncGroup,
            name: "\(count) replicas syncing at once, median sync",
            candidate: "replica.sync() among \(count), HTTPSyncTransport",
            baseline: "GET /me, no load",
            candidateMedianSeconds: Bench.median(times),
            baselineMedianSeconds: Bench.median(roundTrips), target: .report,
            note: "\(count) replicas (in-memory) of \(users.count) users, half on each instance, "
                + "\(rounds) rounds each of \(crowdWritesPerRound) favorites and a sync, all at "
                + "once: \(times.count) syncs in \(String(format: "%.2f", elapsed)) s, "
                + String(format: "%.0f syncs/s, %.0f writes/s", syncs / elapsed, writes / elapsed)
                + "; sync median \(milliseconds(Bench.median(times))), p99 "
                + "\(milliseconds(percentile(99, of: times))); none failed, and each replica "
                + "then holds its user's \(perUser) favorites",
            candidateSeconds: times, baselineSeconds: roundTrips)
    }
}
