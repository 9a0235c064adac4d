import Foundation
import KeyPathQuery
import ModelStorage
import PokedexKit
import PostgresStorage
import PostgresTestServer

/// Issue 21's rows on PostgreSQL, group 10's on SQLite (`pokedex-bench --only 10`): conditions
/// that follow the reference from a Pokémon to its species, to one ("legendary species") and
/// to many ("species with any fire variety"), and 1,000 Pokémon fetched with their species,
/// in a `PostgresModelDatabase` of species and Pokémon against hand-written postgres-nio
/// (``HandWrittenReferences``) on the same tables.
///
/// The records are group 10's: the 1,025 real species and 1,351 real Pokémon of
/// `Data/pokeapi/all`, the Pokémon repeated with fresh ids up to the size, each keeping its
/// species. Before measuring, each row checks that both sides return what plain Swift
/// computes, and stops if either does not.
extension PostgresBenchmarks {
    /// The target for the rows that follow references.
    static let referenceTarget = Target.atMost(1.5)

    /// The operations that follow references, as `--only` names them, in the order they run.
    static let referenceOperations = ["legendary", "fire-variety", "including"]

    static func defaultReferenceSizes(quick: Bool) -> [Int] {
        quick ? [2_000] : [10_000]
    }

    /// "Pokémon whose species is legendary".
    static let legendary: Condition<BenchPokemon> =
        .reference(\.speciesID, to: BenchSpecies.self, where: \.isLegendary == true)

    /// "Species with any variety of type fire".
    static let anyFire: Condition<BenchSpecies> =
        .anyReferrer(BenchPokemon.self, through: \.speciesID, where: .contains(\.types, "fire"))

    /// Makes a database of species and Pokémon for each size and measures the operations of
    /// ``referenceOperations`` that `only` selects (all when it is empty) on each.
    static func runReferences(
        _ bench: Bench, sizes: [Int], only: Set<String>, on server: PostgresTestServer
    ) async throws -> [Result] {
        let measures: [(String, (ReferenceDatabase, Bench) async throws -> Result)] = [
            ("legendary", legendaryPokemon),
            ("fire-variety", speciesWithFireVariety),
            ("including", pokemonWithSpecies),
        ]
        let selected = measures.filter { only.isEmpty || only.contains($0.0) }
        guard !selected.isEmpty else { return [] }
        let (species, originals) = try Fixtures.speciesAndPokemon()
        var results: [Result] = []
        for size in sizes {
            let database = try await ReferenceDatabase.make(
                species: species, pokemon: Fixtures.pokemon(size, from: originals), on: server)
            do {
                for (_, measure) in selected { results.append(try await measure(database, bench)) }
                try await database.close()
            } catch {
                try? await database.close()
                throw error
            }
        }
        return results
    }

    // MARK: Rows

    /// `fetch(RecordQuery(where: legendary))` on the Pokémon against a prepared join on the
    /// species.
    static func legendaryPokemon(_ database: ReferenceDatabase, _ bench: Bench) async throws
        -> Result
    {
        let legendaryIDs = Set(database.species.filter(\.isLegendary).map(\.id))
        let expected = database.pokemon.filter { legendaryIDs.contains($0.speciesID) }
        let store = database.pokemonStore
        let handWritten = database.handWritten
        let query = RecordQuery(where: legendary)
        guard try await store.fetch(query) == expected,
            try await handWritten.legendaryPokemon() == expected
        else { throw BenchmarkError.disagreement("legendary species, \(database.size)") }
        return try await bench.compare(
            group: group, name: "legendary species (to-one), \(database.size)",
            target: referenceTarget,
            candidate: (
                "fetch .reference(\\.speciesID, where: isLegendary)",
                { blackHole(try await store.fetch(query)) }
            ),
            baseline: (
                "prepared SELECT … JOIN bench_species … WHERE is_legendary = $1",
                { blackHole(try await handWritten.legendaryPokemon()) }
            ),
            note: "\(legendaryIDs.count) of \(database.species.count) species are legendary, "
                + "\(expected.count) Pokémon match; both in the table's order, every match's "
                + "JSON decoded", repetitions: repetitions(bench))
    }

    /// `fetch(RecordQuery(where: anyFire))` on the species against a prepared `EXISTS` on the
    /// Pokémon, their types tested by `jsonb` containment.
    static func speciesWithFireVariety(_ database: ReferenceDatabase, _ bench: Bench)
        async throws -> Result
    {
        let fireIDs = Set(database.pokemon.filter { $0.types.contains("fire") }.map(\.speciesID))
        let expected = database.species.filter { fireIDs.contains($0.id) }
        let store = database.speciesStore
        let handWritten = database.handWritten
        let query = RecordQuery(where: anyFire)
        guard try await store.fetch(query) == expected,
            try await handWritten.species(withAVarietyOfType: "fire") == expected
        else {
            throw BenchmarkError.disagreement("species with any fire variety, \(database.size)")
        }
        return try await bench.compare(
            group: group, name: "species with any fire variety (to-many), \(database.size)",
            target: referenceTarget,
            candidate: (
                "fetch .anyReferrer(BenchPokemon.self, where: .contains(\\.types, \"fire\"))",
                { blackHole(try await store.fetch(query)) }
            ),
            baseline: (
                "prepared SELECT … WHERE EXISTS (… species_id = s.id AND types @> $1::jsonb)",
                { blackHole(try await handWritten.species(withAVarietyOfType: "fire")) }
            ),
            note: "\(expected.count) of \(database.species.count) species match; both in the "
                + "table's order", repetitions: repetitions(bench))
    }

    /// `fetch(RecordQuery(limit: 1_000), including: \.speciesID, from: BenchSpecies.self)`
    /// against a prepared join of the first 1,000 Pokémon with their species, decoded as
    /// pairs.
    static func pokemonWithSpecies(_ database: ReferenceDatabase, _ bench: Bench) async throws
        -> Result
    {
        let limit = HandWrittenReferences.PokemonWithSpecies.limit
        let speciesByID = Dictionary(uniqueKeysWithValues: database.species.map { ($0.id, $0) })
        let expected = database.pokemon.prefix(limit).map {
            RelatedRecord(record: $0, related: speciesByID[$0.speciesID])
        }
        let modelDatabase = database.database
        let handWritten = database.handWritten
        let query = RecordQuery<BenchPokemon>(limit: limit)
        func byStore() async throws -> [RelatedRecord<BenchPokemon, BenchSpecies?>] {
            try await modelDatabase.fetch(query, including: \.speciesID, from: BenchSpecies.self)
        }
        let byHand = try await handWritten.pokemonWithSpecies().map {
            RelatedRecord(record: $0.pokemon, related: Optional($0.species))
        }
        guard try await byStore() == expected, byHand == expected,
            expected.allSatisfy({ $0.related != nil })
        else {
            throw BenchmarkError.disagreement("Pokémon with their species, \(database.size)")
        }
        return try await bench.compare(
            group: group, name: "\(limit.formatted()) Pokémon with their species, \(database.size)",
            target: referenceTarget,
            candidate: (
                "fetch(RecordQuery(limit: 1000), including: \\.speciesID)",
                { blackHole(try await byStore()) }
            ),
            baseline: (
                "prepared SELECT p._record, s._record FROM (… LIMIT 1000) p JOIN bench_species s",
                { blackHole(try await handWritten.pokemonWithSpecies()) }
            ),
            note: "every Pokémon and its species decoded on both sides (the store decodes each "
                + "distinct species once: \(Set(expected.map(\.record.speciesID)).count) here)",
            repetitions: repetitions(bench))
    }
}
