import Foundation
import PokedexKit
import PostgresNIO
import PostgresStorage
import PostgresTestServer

/// One size's database of species and Pokémon (group 10's records): a database of its own
/// on the benchmark's server, where `PostgresModelDatabase` made the tables of `BenchSpecies`
/// and `BenchPokemon` (with the index `BenchPokemon` declares on `speciesID`) and stored the
/// records; open through the database and through the hand-written baseline, which reads
/// those same tables.
struct ReferenceDatabase: Sendable {
    /// The 1,025 real species, in id order.
    let species: [BenchSpecies]
    /// The Pokémon stored, in id order (ids 1 to `pokemon.count`).
    let pokemon: [BenchPokemon]
    let database: PostgresModelDatabase
    let speciesStore: PostgresStore<BenchSpecies>
    let pokemonStore: PostgresStore<BenchPokemon>
    let handWritten: HandWrittenReferences

    /// Makes a database on the server and stores the records in it through the database:
    /// the species, then the Pokémon, each in one `upsert(contentsOf:)`.
    static func make(
        species: [BenchSpecies], pokemon: [BenchPokemon], on server: PostgresTestServer
    ) async throws -> ReferenceDatabase {
        guard BenchSpecies.storageName == "bench_species",
            BenchPokemon.storageName == "bench_pokemon"
        else {
            throw BenchmarkError.setup(
                "the hand-written statements name the tables bench_species and bench_pokemon, "
                    + "but the database's are \(BenchSpecies.storageName) and "
                    + BenchPokemon.storageName)
        }
        let configuration = try await server.makeDatabase()
        guard let socket = configuration.unixSocketPath, let name = configuration.database else {
            throw BenchmarkError.setup("the server's database is not on a Unix socket")
        }
        let database = try await PostgresModelDatabase.open(
            configuration, for: [BenchSpecies.self, BenchPokemon.self])
        let handWritten = HandWrittenReferences(
            socket: socket, username: configuration.username, database: name)
        do {
            let made = ReferenceDatabase(
                species: species, pokemon: pokemon, database: database,
                speciesStore: try database.store(for: BenchSpecies.self),
                pokemonStore: try database.store(for: BenchPokemon.self),
                handWritten: handWritten)
            try await made.speciesStore.upsert(contentsOf: species)
            try await made.pokemonStore.upsert(contentsOf: pokemon)
            try await made.checkTables()
            // Both sides then read tables whose statistics and visibility maps are current.
            try await made.execute(#"VACUUM ANALYZE "bench_species""#)
            try await made.execute(#"VACUUM ANALYZE "bench_pokemon""#)
            return made
        } catch {
            try? await database.close()
            await handWritten.close()
            throw error
        }
    }

    /// Closes the database and the client.
    func close() async throws {
        try await database.close()
        await handWritten.close()
    }

    var size: String {
        "\(pokemon.count.formatted()) Pokémon"
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

    /// Checks what the hand-written statements rely on: the index on `species_id`, `types`
    /// as a `jsonb` array, and every row exact (`_exact`), so that the database answers the
    /// conditions in PostgreSQL rather than through its records.
    private func checkTables() async throws {
        let indexes = try await texts(
            "SELECT indexdef FROM pg_indexes WHERE tablename = 'bench_pokemon'")
        guard indexes.contains(where: { $0.contains("(species_id") }) else {
            throw BenchmarkError.setup(
                "the table bench_pokemon has no index on species_id: \(indexes)")
        }
        let types = try await texts(
            "SELECT data_type::text FROM information_schema.columns "
                + "WHERE table_name = 'bench_pokemon' AND column_name = 'types'")
        guard types == ["jsonb"] else {
            throw BenchmarkError.setup("bench_pokemon.types is \(types), not jsonb")
        }
        let inexact = try await texts(
            #"SELECT ((SELECT count(*) FROM "bench_species" WHERE NOT "_exact") "#
                + #"+ (SELECT count(*) FROM "bench_pokemon" WHERE NOT "_exact"))::text"#)
        guard inexact == ["0"] else {
            throw BenchmarkError.setup("\(inexact) rows are inexact; the real data has none")
        }
    }
}
