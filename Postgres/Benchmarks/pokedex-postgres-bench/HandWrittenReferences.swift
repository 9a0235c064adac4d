import Foundation
import PokedexKit
import PostgresNIO

/// What a user of postgres-nio writes instead of `PostgresModelDatabase` for the questions
/// that follow the reference from a Pokémon to its species, on the tables the database made
/// (`bench_species` and `bench_pokemon`, the same rows, the same indexes): a `PostgresClient`
/// (postgres-nio's connection pool), a prepared statement for each question
/// (``LegendaryPokemon`` and the others) that joins the two tables on the referring column
/// and the species' `id` column, and each row's `_record` decoded with one `JSONDecoder`.
struct HandWrittenReferences: Sendable {
    private let connection: RunningClient
    private let decoder = JSONDecoder()

    /// The client the statements run on.
    var client: PostgresClient { connection.client }

    /// A client of the database at a Unix socket, running until ``close()``.
    init(socket: String, username: String, database: String) {
        connection = RunningClient(socket: socket, username: username, database: database)
    }

    /// Stops the client and closes its connections.
    func close() async {
        await connection.close()
    }

    private func decode<Record: Decodable>(_ json: String, as _: Record.Type) throws -> Record {
        try decoder.decode(Record.self, from: Data(json.utf8))
    }

    /// The Pokémon whose species is legendary, in the table's order.
    func legendaryPokemon() async throws -> [BenchPokemon] {
        var found: [BenchPokemon] = []
        for try await json in try await client.execute(LegendaryPokemon(value: true)) {
            found.append(try decode(json, as: BenchPokemon.self))
        }
        return found
    }

    /// The species that have a Pokémon with a type among its types, in the table's order.
    func species(withAVarietyOfType type: String) async throws -> [BenchSpecies] {
        var found: [BenchSpecies] = []
        for try await json in try await client.execute(
            SpeciesWithVarietyOfType(value: JSONBStrings(strings: [type])))
        {
            found.append(try decode(json, as: BenchSpecies.self))
        }
        return found
    }

    /// The first 1,000 Pokémon in the table's order (``PokemonWithSpecies/limit``), each
    /// with its species.
    func pokemonWithSpecies() async throws -> [(pokemon: BenchPokemon, species: BenchSpecies)] {
        var found: [(pokemon: BenchPokemon, species: BenchSpecies)] = []
        found.reserveCapacity(PokemonWithSpecies.limit)
        for try await (pokemon, species) in try await client.execute(PokemonWithSpecies()) {
            found.append(
                (
                    try decode(pokemon, as: BenchPokemon.self),
                    try decode(species, as: BenchSpecies.self)
                ))
        }
        return found
    }
}
