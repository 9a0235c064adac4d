import Foundation
import PokedexKit
import PostgresNIO
import PostgresStorage
import PostgresTestServer

/// One size's table: a database of its own on the benchmark's server, where
/// `PostgresStore<Pokemon>` made its table (with the indexes `Pokemon` declares, on `name`,
/// `attack` and `favorite`) and stored the records; open through the store and through the
/// hand-written baseline, which read and write that same table.
struct BenchDatabase: Sendable {
    /// The records stored, in order (ids 1 to `records.count`).
    let records: [Pokemon]
    /// Records to insert in the batch-insert benchmark: the next ids, names still unique.
    let newRecords: [Pokemon]
    let store: PostgresStore<Pokemon>
    let handWritten: HandWritten
    /// How long the store took to store ``records`` (one `upsert(contentsOf:)`).
    let loadSeconds: Double

    /// Makes a database on the server and stores the records in it through the store.
    static func make(_ records: [Pokemon], newRecords: [Pokemon], on server: PostgresTestServer)
        async throws -> BenchDatabase
    {
        guard Pokemon.storageName == "pokemon" else {
            throw BenchmarkError.setup(
                "the hand-written statements name the table pokemon, but the store's is "
                    + Pokemon.storageName)
        }
        let configuration = try await server.makeDatabase()
        guard let socket = configuration.unixSocketPath, let name = configuration.database else {
            throw BenchmarkError.setup("the server's database is not on a Unix socket")
        }
        let store = try await PostgresStore<Pokemon>.open(configuration)
        let handWritten = HandWritten(
            socket: socket, username: configuration.username, database: name)
        do {
            let loadSeconds = try await Bench.time { try await store.upsert(contentsOf: records) }
            let database = BenchDatabase(
                records: records, newRecords: newRecords, store: store, handWritten: handWritten,
                loadSeconds: loadSeconds)
            try await database.checkIndexes()
            // Both sides then read a table whose statistics and visibility map are current.
            try await database.execute(#"VACUUM ANALYZE "pokemon""#)
            return database
        } catch {
            try? await store.close()
            await handWritten.close()
            throw error
        }
    }

    /// Closes the store and the client.
    func close() async throws {
        try await store.close()
        await handWritten.close()
    }

    var size: String {
        "\(records.count.formatted()) records"
    }

    // MARK: SQL for setting up and checking, never timed

    /// Runs a statement through the client.
    func execute(_ sql: String) async throws {
        try await handWritten.client.execute(sql)
    }

    /// The first column of each row a query returns, as text.
    func texts(_ sql: String) async throws -> [String] {
        try await handWritten.client.texts(sql)
    }

    /// The store's version, as `modelstorage_version` holds it.
    func version() async throws -> Int {
        Int(
            try await texts(
                #"SELECT "version"::text FROM "modelstorage_version" "#
                    + #"WHERE "table_name" = 'pokemon'"#
            ).first ?? "") ?? -1
    }

    /// Checks that the store made the indexes `Pokemon` declares.
    private func checkIndexes() async throws {
        let indexes = Set(
            try await texts(
                "SELECT indexname::text FROM pg_indexes WHERE tablename = 'pokemon'"))
        let expected = ["name", "attack", "favorite"].map { "pokemon_\($0)_index" }
        guard Set(expected).isSubset(of: indexes) else {
            throw BenchmarkError.setup(
                "the table pokemon has the indexes \(indexes.sorted()), not all of \(expected)")
        }
    }
}
