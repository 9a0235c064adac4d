import Foundation
import PokedexKit
import PokedexOfflineData
import Testing

@Suite("Pokedex: the user's favorites and notes follow them between devices")
struct PokedexReplicaTests {
    /// A server over an in-memory database of the Pokédex's models, holding Bulbasaur's line
    /// and Pikachu, serving favorites and notes owned by their `userID`.
    static func server() async throws -> SyncServer {
        let database = try InMemoryModelDatabase(
            for: PokedexModels.referenceData + PokedexModels.userData + SyncServer.bookkeepingModels
        )
        try await database.store(for: Pokemon.self).upsert(
            contentsOf: try [1, 2, 3, 25].map { Pokemon(try BundledPokeAPI.pokemon(id: $0)) })
        return try SyncServer(
            database: database,
            models: [.model(Favorite.self, owner: \.userID), .model(Note.self, owner: \.userID)])
    }

    @Test(
        "Favorites and notes written offline on two devices meet on both",
        arguments: PokedexBackend.allCases)
    func twoDevicesConverge(_ backend: PokedexBackend) async throws {
        let server = try await Self.server()
        try await backend.withDatabase { laptopDB, laptopStore in
            try await backend.withDatabase { phoneDB, phoneStore in
                let laptop = try await PokedexUserDataTests.pokedex(laptopDB, laptopStore)
                let phone = try await PokedexUserDataTests.pokedex(phoneDB, phoneStore)
                // Offline, before any server is known: the writes wait in each outbox.
                try await laptop.setFavorite(true, pokemonID: 25)
                _ = try await laptop.addNote("Caught in Viridian Forest", pokemonID: 25)
                try await phone.setFavorite(true, pokemonID: 1)
                try await phone.setFavorite(true, pokemonID: 25)

                let laptopReplica = try laptop.replica(
                    transport: InProcessTransport(server: server, user: "ash"))
                let phoneReplica = try phone.replica(
                    transport: InProcessTransport(server: server, user: "ash"))
                #expect(try await laptopReplica.status().pendingWrites == 2)
                try await laptopReplica.sync()
                try await phoneReplica.sync()
                try await laptopReplica.sync()

                for pokedex in [laptop, phone] {
                    #expect(try await pokedex.isFavorite(pokemonID: 25))
                    #expect(try await pokedex.isFavorite(pokemonID: 1))
                    #expect(
                        try await pokedex.notes(pokemonID: 25).map(\.text) == [
                            "Caught in Viridian Forest"
                        ])
                    #expect(try await pokedex.favorites().allSatisfy { $0.userID == "ash" })
                }
                // Unmarking on one device removes both devices' favorites of it everywhere.
                try await phone.setFavorite(false, pokemonID: 25)
                try await phoneReplica.sync()
                try await laptopReplica.sync()
                #expect(try await !laptop.isFavorite(pokemonID: 25))
                #expect(try await laptop.favorites().map(\.pokemonID) == [1])
            }
        }
    }

    @Test("Favorite flags of an earlier store migrate into the outbox, and reach the server")
    func migratedFlagsAreSynced() async throws {
        let server = try await Self.server()
        try await PokedexBackend.sqlite.withDatabase { database, store in
            var charmander = Pokemon(try BundledPokeAPI.pokemon(id: 3))
            charmander.favorite = true
            let pokedex = try await PokedexUserDataTests.pokedex(database, store)
            try await store.upsert(charmander)
            #expect(try await pokedex.migrateLegacyFavorites() == 1)
            let replica = try pokedex.replica(
                transport: InProcessTransport(server: server, user: "misty"))
            #expect(try await replica.status().pendingWrites == 1)
            try await replica.sync()
            let onServer = try await server.database.store(for: Favorite.self).fetch(.everyRecord)
            #expect(onServer.map(\.pokemonID) == [3])
            #expect(onServer.map(\.userID) == ["misty"])
        }
    }

    @Test("A Pokédex without the replica's bookkeeping cannot make a replica, and says why")
    func replicaNeedsBookkeeping() async throws {
        try await PokedexBackend.memory.withDatabase(
            of: PokedexModels.referenceData + PokedexModels.userData
        ) { database, store in
            let pokedex = Pokedex(
                store: store, database: database,
                client: PokeAPIClient(transport: BundledPokeAPITransport()))
            try await store.upsert(Pokemon(try BundledPokeAPI.pokemon(id: 25)))
            try await pokedex.setFavorite(true, pokemonID: 25)
            let error = #expect(throws: SyncError.self) {
                try pokedex.replica(
                    transport: InProcessTransport(server: SyncServer.placeholder(), user: "a"))
            }
            #expect(error?.code == .misconfigured)
        }
    }
}

extension SyncServer {
    /// A server no request reaches, for tests that fail before one is made.
    static func placeholder() throws -> SyncServer {
        try SyncServer(
            database: InMemoryModelDatabase(
                for: [Favorite.self, Pokemon.self] + bookkeepingModels),
            models: [.model(Favorite.self, owner: \.userID)])
    }
}
