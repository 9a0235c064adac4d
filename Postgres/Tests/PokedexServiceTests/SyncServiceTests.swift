import Foundation
import ModelSync
import PokedexKit
import PokedexOfflineData
import PostgresTestServer
import SQLiteStorage
import Testing

/// `pokedex-service`'s sync: replicas over SQLite on two "machines", kept in step through two
/// instances of the service on one PostgreSQL database, with tokens for two users.
@Suite("pokedex-service: sync of the user's favorites and notes")
struct SyncServiceTests {
    static let tokens = ["ash": "ash-secret-token", "misty": "misty-secret-token"]

    /// The service's environment: the users and the hashes of their tokens.
    static var environment: [String: String] {
        [
            "POKEDEX_TOKENS": tokens.map { "\($0.key):\(sha256(Data($0.value.utf8)))" }.joined(
                separator: ",")
        ]
    }

    /// A Pokédex over a new SQLite file with the bundled Pokémon, as `pokedex sync` leaves one.
    static func device(in directory: URL, _ name: String) async throws -> (
        Pokedex, SQLiteModelDatabase
    ) {
        let database = try await SQLiteModelDatabase.open(
            at: directory.appending(path: "\(name).sqlite"), for: PokedexModels.all)
        let store = try database.store(for: Pokemon.self)
        try await store.upsert(
            contentsOf: try [1, 4, 6, 7, 25].map { Pokemon(try BundledPokeAPI.pokemon(id: $0)) })
        let pokedex = Pokedex(
            store: store, database: database,
            client: PokeAPIClient(transport: BundledPokeAPITransport()))
        return (pokedex, database)
    }

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appending(
            path: "sync-service-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("Two machines' stores converge through two instances, and each user sees only their own")
    func twoMachinesConverge() async throws {
        let database = try await PostgresTestServer.shared().makeDatabase()
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await ServiceInstance.withInstances(2, on: database, environment: Self.environment) {
            instances in
            let (laptop, laptopDB) = try await Self.device(in: directory, "laptop")
            let (phone, phoneDB) = try await Self.device(in: directory, "phone")
            let (other, otherDB) = try await Self.device(in: directory, "misty")
            try await laptop.setFavorite(true, pokemonID: 6)
            _ = try await laptop.addNote("Breathes fire hot enough to melt boulders.", pokemonID: 6)
            try await phone.setFavorite(true, pokemonID: 25)
            try await other.setFavorite(true, pokemonID: 7)

            let laptopReplica = try laptop.replica(
                transport: HTTPSyncTransport(
                    baseURL: instances[0].baseURL, token: Self.tokens["ash"] ?? ""))
            let phoneReplica = try phone.replica(
                transport: HTTPSyncTransport(
                    baseURL: instances[1].baseURL, token: Self.tokens["ash"] ?? ""))
            let otherReplica = try other.replica(
                transport: HTTPSyncTransport(
                    baseURL: instances[1].baseURL, token: Self.tokens["misty"] ?? ""))
            try await laptopReplica.sync()
            try await phoneReplica.sync()
            try await otherReplica.sync()
            try await laptopReplica.sync()

            for pokedex in [laptop, phone] {
                #expect(try await pokedex.favorites().map(\.pokemonID).sorted() == [6, 25])
                #expect(try await pokedex.notes(pokemonID: 6).count == 1)
            }
            #expect(try await other.favorites().map(\.pokemonID) == [7])
            #expect(try await laptopReplica.status().pendingWrites == 0)
            #expect(try await laptopReplica.status().lastSyncedAt != nil)

            // The user's own routes agree with the replicas.
            let (status, body) = try await instances[0].request(
                "GET", "/me/favorites", token: Self.tokens["ash"])
            #expect(status == 200)
            let favorites = try JSONDecoder().decode([Favorite].self, from: body)
            #expect(favorites.map(\.pokemonID).sorted() == [6, 25])
            for database in [laptopDB, phoneDB, otherDB] { try await database.close() }
        }
    }

    @Test(
        "A favorite pushed through one instance reaches a replica that follows the other, without polling"
    )
    func liveNoticesAcrossInstances() async throws {
        let database = try await PostgresTestServer.shared().makeDatabase()
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await ServiceInstance.withInstances(2, on: database, environment: Self.environment) {
            instances in
            let (laptop, laptopDB) = try await Self.device(in: directory, "laptop")
            let (phone, phoneDB) = try await Self.device(in: directory, "phone")
            let token = Self.tokens["ash"] ?? ""
            let laptopReplica = try laptop.replica(
                transport: HTTPSyncTransport(baseURL: instances[0].baseURL, token: token))
            let phoneReplica = try phone.replica(
                transport: HTTPSyncTransport(baseURL: instances[1].baseURL, token: token))
            let following = Task { await phoneReplica.run(retryDelay: .milliseconds(100)) }
            defer { following.cancel() }
            let favorites = try await phoneDB.store(for: Favorite.self).observe(.everyRecord)
            var updates = favorites.makeAsyncIterator()
            _ = await updates.next()  // the first result: none yet
            try await laptop.setFavorite(true, pokemonID: 4)
            try await laptopReplica.sync()
            let deadline = ContinuousClock.now + .seconds(60)
            var seen: [Int] = []
            while seen != [4], ContinuousClock.now < deadline {
                guard let result = await updates.next() else { break }
                seen = result.records.map(\.pokemonID)
            }
            #expect(seen == [4])
            following.cancel()
            try await laptopDB.close()
            try await phoneDB.close()
        }
    }

    @Test(
        "No token gets 401, another user's records 403, and hostile bodies a 4xx; nothing changes")
    func refusals() async throws {
        let database = try await PostgresTestServer.shared().makeDatabase()
        try await ServiceInstance.withInstances(1, on: database, environment: Self.environment) {
            instances in
            let service = instances[0]
            let ash = Self.tokens["ash"], misty = Self.tokens["misty"]
            let pull = Data(#"{"model":"favorite","cursor":{"version":0},"limit":10}"#.utf8)
            #expect(try await service.request("POST", "/sync/pull", body: pull).status == 401)
            #expect(
                try await service.request("POST", "/sync/pull", token: "wrong", body: pull).status
                    == 401)
            #expect(try await service.request("GET", "/sync/notices").status == 401)
            #expect(try await service.request("GET", "/me", token: "wrong").status == 401)
            let (status, body) = try await service.request("POST", "/sync/pull", body: pull)
            #expect(status == 401)
            #expect(try JSONDecoder().decode(SyncError.self, from: body).code == .unauthorized)

            // Ash marks Charizard; Misty tries to overwrite and delete it by its id.
            let (_, made) = try await service.request("PUT", "/me/favorites/6", token: ash)
            let favorite = try JSONDecoder().decode(Favorite.self, from: made)
            let forged = PushRequest(
                pushID: "forged",
                entries: [
                    PushEntry(
                        model: "favorite", id: "\"\(favorite.id)\"",
                        record: String(
                            decoding: try JSONEncoder().encode(
                                Favorite(id: favorite.id, userID: "misty", pokemonID: 7)),
                            as: UTF8.self),
                        base: nil, baseVersion: 0)
                ])
            #expect(
                try await service.request(
                    "POST", "/sync/push", token: misty, body: JSONEncoder().encode(forged)
                ).status
                    == 403)
            #expect(
                try await service.request("DELETE", "/me/favorites/6", token: misty).status == 200)
            let (_, afterwards) = try await service.request("GET", "/me/favorites", token: ash)
            #expect(
                try JSONDecoder().decode([Favorite].self, from: afterwards).map(\.pokemonID) == [6])
            // A pull of Misty's from the start with a widening scope sees nothing of Ash's.
            let widening = Data(
                #"{"model":"favorite","scope":{"or":{"conditions":[{"constant":{"_0":true}}]}},"cursor":{"version":0},"limit":10}"#
                    .utf8)
            let (_, seen) = try await service.request(
                "POST", "/sync/pull", token: misty, body: widening)
            #expect(try JSONDecoder().decode(PullResponse.self, from: seen).changes.isEmpty)

            // Hostile bodies.
            let huge = Data(repeating: UInt8(ascii: " "), count: 5 << 20)
            #expect(
                try await service.request("POST", "/sync/push", token: ash, body: huge).status
                    == 413)
            #expect(
                try await service.request("POST", "/sync/push", token: ash, body: Data("{".utf8))
                    .status == 400)
            var deep = "{\"constant\":{\"_0\":true}}"
            for _ in 0..<40 { deep = "{\"not\":{\"condition\":\(deep)}}" }
            let nested = Data(
                #"{"model":"favorite","scope":\#(deep),"cursor":{"version":0},"limit":10}"#.utf8)
            #expect(
                try await service.request("POST", "/sync/pull", token: ash, body: nested).status
                    == 413)
            let (_, still) = try await service.request("GET", "/me/favorites", token: ash)
            #expect(try JSONDecoder().decode([Favorite].self, from: still).count == 1)
        }
    }
}
