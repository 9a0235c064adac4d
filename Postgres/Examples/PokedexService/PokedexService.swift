// pokedex-service: a small HTTP API over a PostgreSQL database of every Pokédex model
// (Pokémon, species, evolution chains, types, abilities), on Hummingbird 2.
//
//   GET    /pokemon?type=fire,flying&name=char&min-attack=80&weak-to=rock&favorites=true&sort=-attack&limit=10
//   GET    /pokemon/{id}
//   GET    /pokemon/{id}/entry?lang=de
//   GET    /pokemon/{id}/moves?lang=ja                          (MoveRoutes)
//   GET    /moves/{id or name}?lang=fr
//   GET    /search?q=breathes%20fire&lang=de&limit=5            (SearchRoutes)
//   PUT    /pokemon/{id}/favorite
//   DELETE /pokemon/{id}/favorite
//   GET    /species/{id or name}
//   GET    /types/{type}[,{type}]/matchups
//   POST   /sync/pull, POST /sync/push, GET /sync/notices      (bearer token; SyncRoutes)
//   GET    /me, /me/favorites, /me/notes; PUT, DELETE, POST      (bearer token; UserRoutes)
//   GET    /                                                   (the web Pokédex; WebPage)
//
// Run as many instances on one database as you like: each request reads or writes the
// database, so a favorite set through one shows through every other at once. On first start
// each empty table is filled from the bundled data (1,351 Pokémon, their species, chains, types,
// abilities, moves and learnsets), and an entry is read from the database alone. See Postgres/README.md.

import Foundation
import Hummingbird
import ModelStorage
import ModelSync
import PokedexKit
import PokedexOfflineData
import PostgresNIO
import PostgresStorage

@main
enum PokedexService {
    static func main() async {
        let configuration: ServiceConfiguration
        do {
            guard
                let read = try ServiceConfiguration.read(
                    arguments: Array(CommandLine.arguments.dropFirst()),
                    environment: ProcessInfo.processInfo.environment)
            else {
                print(ServiceConfiguration.usage)
                return
            }
            configuration = read
        } catch {
            printError("pokedex-service: \(error) (pokedex-service --help lists the options)")
            exit(2)
        }
        do {
            try await run(configuration)
        } catch let error as StoreError {
            printError("pokedex-service: \(error)")
            exit(1)
        } catch {
            // postgres-nio's and NIO's errors describe themselves in full only when reflected.
            printError("pokedex-service: \(String(reflecting: error))")
            exit(1)
        }
    }

    /// Opens the database, fills its empty tables, and serves it until SIGINT or SIGTERM,
    /// then closes it.
    static func run(_ configuration: ServiceConfiguration) async throws {
        let tokens = try configuration.syncTokens()
        // The reference data, every user's favorites and notes, and the receipts of the pushes
        // applied; a replica's outbox is the devices' to keep, not the service's.
        let database = try await PostgresModelDatabase.open(
            configuration.connection, for: servedModels,
            options: PostgresStoreOptions(readerCount: configuration.readerCount))
        do {
            let filled = try await fillEmptyTables(database)
            let store = try database.store(for: Pokemon.self)
            let stored = try await store.count(where: .true)
            let router = Router()
            let pokedex = Pokedex(
                store: store, database: database,
                client: PokeAPIClient(transport: BundledPokeAPITransport()))
            // A database an earlier version served keeps its favorites as flags on the
            // Pokémon: moved to Favorite records, in one transaction, once.
            try await pokedex.migrateLegacyFavorites()
            PokemonRoutes(pokedex: pokedex, chart: TypeChart(try BundledPokeAPI.allTypes()))
                .add(to: router)
            try ReferenceRoutes.bundled().add(to: router)
            MoveRoutes(pokedex: pokedex).add(to: router)
            SearchRoutes(pokedex: pokedex).add(to: router)
            let sync = try SyncServer(
                database: database,
                models: [
                    .model(Favorite.self, owner: \.userID), .model(Note.self, owner: \.userID),
                ])
            SyncRoutes(server: sync, tokens: tokens).add(to: router)
            UserRoutes(database: database, tokens: tokens).add(to: router)
            try WebPage.add(to: router)
            let app = Application(
                router: router,
                configuration: ApplicationConfiguration(
                    address: .hostname(configuration.httpHost, port: configuration.httpPort),
                    serverName: "pokedex-service"),
                onServerRunning: { channel in
                    // The port bound, which is a free one when 0 was asked for.
                    let port = channel.localAddress?.port ?? configuration.httpPort
                    announce(
                        "pokedex-service listening on http://\(configuration.httpHost):\(port)"
                            + " (database \(configuration.databaseDescription), \(stored) Pokémon"
                            + (filled ? ", filled from the bundled data)" : ")"))
                })
            // Until SIGINT or SIGTERM: then the server stops accepting, finishes the requests
            // under way and returns.
            try await app.runService()
        } catch {
            try? await database.close()
            throw error
        }
        try await database.close()
        announce("pokedex-service stopped")
    }

    /// The models the service's database holds.
    static var servedModels: [any StorableModel.Type] {
        PokedexModels.referenceData + PokedexModels.userData + SyncServer.bookkeepingModels
    }

    /// Fills each empty table with the bundled records of its model, in one transaction
    /// (`PokedexRecords.write(toEmptyTablesOf:)`).
    ///
    /// The database runs transactions one at a time with every other on it: of two instances
    /// starting together on an empty database, one fills it and the other finds it filled. A
    /// database written by an earlier version, with Pokémon alone, gains the other models.
    ///
    /// - Returns: Whether this call filled a table.
    static func fillEmptyTables(_ database: PostgresModelDatabase) async throws -> Bool {
        // A filled database, the usual start, neither decodes the bundle nor writes.
        let anyEmpty = try await database.read { snapshot in
            [
                snapshot[Pokemon.self].count, snapshot[PokemonSpecies.self].count,
                snapshot[EvolutionChain.self].count, snapshot[PokemonTypeDetails.self].count,
                snapshot[PokemonAbility.self].count, snapshot[Move.self].count,
                snapshot[LearnsetEntry.self].count,
            ].contains(0)
        }
        guard anyEmpty else { return false }
        let bundled = try PokedexRecords.bundled()
        return try await database.transaction { bundled.write(toEmptyTablesOf: &$0) }
    }

    /// Writes a line to standard output at once (not buffered), so that whoever started the
    /// service sees it.
    static func announce(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Writes a line to standard error.
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
