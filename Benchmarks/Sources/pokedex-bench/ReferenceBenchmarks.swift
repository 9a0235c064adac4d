import Foundation
import GRDB
import JSONFileStorage
import PokedexKit
import SQLiteStorage

/// 10. References across models, on the real species and Pokémon replicated to each size:
///
/// - conditions that follow a reference, to one ("legendary species") and to many ("species
///   with any fire variety"), in a `SQLiteModelDatabase` against GRDB 7 (a `DatabasePool` in
///   WAL mode, associations or a hand-written `EXISTS`, a hand-made index on the foreign key);
/// - 1,000 Pokémon fetched with their species against GRDB's `including(required:)`;
/// - the same shapes on small records (forms and species of a few fields), where the store's
///   fixed costs show, against GRDB's associations, and a species with two forms written in
///   one transaction against one GRDB write (`ReferenceBenchmarks+SmallRecords.swift`);
/// - in memory and in the JSON store, a reference condition answered through the index on the
///   foreign key against the same question asked through an attribute without one (a scan):
///   counted (the target) and fetched, each side primed and run for run
///   (`Bench.comparePrimedAndInterleaved`, as group 8's index rows are);
/// - a transaction writing three models against a write of one model, and opening a database
///   of five models against opening one of one model (`ReferenceBenchmarks+Databases.swift`).
///
/// Sizes are 10,000 and 1,000,000 Pokémon, and as many small forms (`--sizes` picks others;
/// `--quick` uses 2,000).
enum ReferenceBenchmarks {
    static let group = "10. References across models"

    /// The size the index's target (≥ 100× a scan) is set at.
    static let targetSize = 1_000_000

    static func defaultSizes(quick: Bool) -> [Int] {
        quick ? [2_000] : [10_000, 1_000_000]
    }

    static func run(_ bench: Bench, sizes: [Int]?) async throws -> [Result] {
        let sizes = Array(Set(sizes ?? defaultSizes(quick: bench.quick))).sorted()
        guard let smallest = sizes.first, smallest > 0 else {
            throw BenchmarkError.setup("--sizes needs record counts above zero")
        }
        let (species, originals) = try Fixtures.speciesAndPokemon()
        return try await Fixtures.withTemporaryDirectory { directory in
            var results: [Result] = []
            for size in sizes {
                let pokemon = Fixtures.pokemon(size, from: originals)
                results += try await sqliteRows(species, pokemon, in: directory, bench)
                results += try await smallRecordRows(forms: size, in: directory, bench)
                results += try await indexRows(species, pokemon, in: directory, bench)
            }
            results += try await transactionRows(species, originals, in: directory, bench)
            results += try await openingRows(species, originals, in: directory, bench)
            return results
        }
    }

    /// "Pokémon whose species is legendary".
    static let legendary: Condition<BenchPokemon> =
        .reference(\.speciesID, to: BenchSpecies.self, where: \.isLegendary == true)

    /// "Species with any variety of type fire".
    static let anyFire: Condition<BenchSpecies> =
        .anyReferrer(BenchPokemon.self, through: \.speciesID, where: .contains(\.types, "fire"))

    // MARK: SQLite against GRDB

    /// The two reference conditions and the fetch with species, in a `SQLiteModelDatabase`
    /// and in GRDB, on the same records.
    private static func sqliteRows(
        _ species: [BenchSpecies], _ pokemon: [BenchPokemon], in directory: URL, _ bench: Bench
    ) async throws -> [Result] {
        let size = "\(pokemon.count.formatted()) Pokémon"
        let database = try await SQLiteModelDatabase.open(
            at: directory.appending(path: "store-\(pokemon.count).sqlite"),
            for: [BenchSpecies.self, BenchPokemon.self])
        let speciesStore = try database.store(for: BenchSpecies.self)
        let pokemonStore = try database.store(for: BenchPokemon.self)
        try await speciesStore.upsert(contentsOf: species)
        try await pokemonStore.upsert(contentsOf: pokemon)
        let pool = try GRDBBaseline.open(
            at: directory.appending(path: "grdb-\(pokemon.count).sqlite"))
        try createGRDBTables(in: pool)
        try await pool.write { db in
            for record in species { try record.insert(db) }
            for record in pokemon { try record.insert(db) }
        }

        let grdbLegendary = {
            try await pool.read { db in
                try BenchPokemon
                    .joining(required: BenchPokemon.species.filter(Column("is_legendary") == true))
                    .order(Column("id")).fetchAll(db)
            }
        }
        let grdbFire = {
            try await pool.read { db in
                try BenchSpecies.filter(
                    sql: """
                        EXISTS (SELECT 1 FROM bench_pokemon \
                        WHERE bench_pokemon.species_id = bench_species.id \
                        AND EXISTS (SELECT 1 FROM json_each(bench_pokemon.types) \
                        WHERE json_each.value = 'fire'))
                        """
                ).order(Column("id")).fetchAll(db)
            }
        }
        let firstThousand = RecordQuery<BenchPokemon>(limit: 1_000)
        let grdbIncluding = {
            try await pool.read { db in
                try BenchPokemon.including(required: BenchPokemon.species)
                    .order(Column("id")).limit(1_000)
                    .asRequest(of: BenchPokemonWithSpecies.self).fetchAll(db)
            }
        }

        // Check: both sides answer alike, and as plain Swift does.
        let legendaryIDs = Set(species.filter(\.isLegendary).map(\.id))
        let fireIDs = Set(pokemon.filter { $0.types.contains("fire") }.map(\.speciesID))
        let expectedLegendary = pokemon.filter { legendaryIDs.contains($0.speciesID) }.map(\.id)
        let expectedFire = species.filter { fireIDs.contains($0.id) }.map(\.id)
        guard
            try await pokemonStore.fetch(RecordQuery(where: legendary)).map(\.id)
                == expectedLegendary, try await grdbLegendary().map(\.id) == expectedLegendary
        else { throw BenchmarkError.disagreement("legendary species, \(size)") }
        guard try await speciesStore.fetch(RecordQuery(where: anyFire)).map(\.id) == expectedFire,
            try await grdbFire().map(\.id) == expectedFire
        else { throw BenchmarkError.disagreement("species with any fire variety, \(size)") }
        let included = try await database.fetch(
            firstThousand, including: \.speciesID, from: BenchSpecies.self)
        let grdbIncluded = try await grdbIncluding()
        guard included.map(\.record) == grdbIncluded.map(\.pokemon),
            included.map(\.related) == grdbIncluded.map(\.species),
            included.count == min(1_000, pokemon.count)
        else { throw BenchmarkError.disagreement("Pokémon with their species, \(size)") }

        let repetitions = pokemon.count <= 100_000 && !bench.quick ? 3 * bench.repetitions : nil
        var results: [Result] = []
        results.append(
            try await bench.compare(
                group: group, name: "SQLite: legendary species (to-one), \(size)",
                target: .atMost(1.5),
                candidate: (
                    "fetch .reference(\\.speciesID, where: isLegendary)",
                    { blackHole(try await pokemonStore.fetch(RecordQuery(where: legendary))) }
                ),
                baseline: (
                    "GRDB joining(required: species.filter(is_legendary))",
                    { blackHole(try await grdbLegendary()) }
                ),
                note: "\(legendaryIDs.count) of \(species.count) species are legendary; both "
                    + "in id order", repetitions: repetitions))
        results.append(
            try await bench.compare(
                group: group, name: "SQLite: species with any fire variety (to-many), \(size)",
                target: .atMost(1.5),
                candidate: (
                    "fetch .anyReferrer(through: \\.speciesID, where: types contains fire)",
                    { blackHole(try await speciesStore.fetch(RecordQuery(where: anyFire))) }
                ),
                baseline: (
                    "GRDB, hand-written EXISTS over json_each",
                    { blackHole(try await grdbFire()) }
                ),
                note: "\(fireIDs.count) species; GRDB keeps types as JSON text, as it stores "
                    + "a Codable array", repetitions: repetitions))
        results.append(
            try await bench.compare(
                group: group, name: "SQLite: 1,000 Pokémon with their species, \(size)",
                target: .atMost(1.5),
                candidate: (
                    "fetch(_:including: \\.speciesID, from:)",
                    {
                        blackHole(
                            try await database.fetch(
                                firstThousand, including: \.speciesID, from: BenchSpecies.self))
                    }
                ),
                baseline: (
                    "GRDB including(required: species)", { blackHole(try await grdbIncluding()) }
                ),
                note: "the first 1,000 Pokémon, decoded with their species",
                repetitions: repetitions))
        try await database.close()
        try pool.close()
        return results
    }

    /// GRDB's tables: a column per attribute, the foreign key declared, and the index on it
    /// made by hand.
    static func createGRDBTables(in pool: DatabasePool) throws {
        try pool.write { db in
            try db.create(table: BenchSpecies.databaseTableName) { table in
                table.primaryKey("id", .integer)
                table.column("name", .text).notNull()
                table.column("is_legendary", .boolean).notNull()
                table.column("is_mythical", .boolean).notNull()
                table.column("generation", .integer).notNull()
            }
            try db.create(table: BenchPokemon.databaseTableName) { table in
                table.primaryKey("id", .integer)
                table.column("name", .text).notNull()
                table.column("species_id", .integer).notNull()
                    .references(BenchSpecies.databaseTableName)
                table.column("species_number", .integer).notNull()
                table.column("types", .text).notNull()
                table.column("attack", .integer).notNull()
                table.column("weight", .integer).notNull()
            }
            try db.create(
                index: "bench_pokemon_species_id_index", on: BenchPokemon.databaseTableName,
                columns: ["species_id"])
        }
    }

    // MARK: An index against a scan, in memory and in the JSON store

    /// "Pokémon of one species, chosen by name", through `speciesID` (indexed) and through
    /// `speciesNumber` (the same ids, no index), in an `InMemoryModelDatabase` and a
    /// `JSONFileModelDatabase`; "legendary species" the same way, reported.
    private static func indexRows(
        _ species: [BenchSpecies], _ pokemon: [BenchPokemon], in directory: URL, _ bench: Bench
    ) async throws -> [Result] {
        let memory = try InMemoryModelDatabase(for: [BenchSpecies.self, BenchPokemon.self])
        try await memory.store(for: BenchSpecies.self).upsert(contentsOf: species)
        try await memory.store(for: BenchPokemon.self).upsert(contentsOf: pokemon)
        var results = try await indexAgainstScan(
            "InMemory", species: species, pokemon: pokemon,
            store: try memory.store(for: BenchPokemon.self), bench)
        try await memory.close()

        let file = try await JSONFileModelDatabase.open(
            at: directory.appending(path: "dex-\(pokemon.count).json"),
            for: [BenchSpecies.self, BenchPokemon.self])
        try await file.store(for: BenchSpecies.self).upsert(contentsOf: species)
        try await file.store(for: BenchPokemon.self).upsert(contentsOf: pokemon)
        results += try await indexAgainstScan(
            "JSONFile", species: species, pokemon: pokemon,
            store: try file.store(for: BenchPokemon.self), bench)
        try await file.close()
        return results
    }

    private static func indexAgainstScan(
        _ backend: String, species: [BenchSpecies], pokemon: [BenchPokemon],
        store: some ModelStore<BenchPokemon>, _ bench: Bench
    ) async throws -> [Result] {
        let size = "\(pokemon.count.formatted()) Pokémon"
        let names = Fixtures.spreadIDs(64, in: 1...species.count).map { species[$0 - 1].name }
        for name in names.prefix(4) {
            let speciesID = species.first { $0.name == name }?.id
            let expected = pokemon.filter { $0.speciesID == speciesID }.map(\.id)
            guard try await store.fetch(named(name, through: \.speciesID)).map(\.id) == expected,
                try await store.fetch(named(name, through: \.speciesNumber)).map(\.id) == expected,
                try await store.count(where: named(name, through: \.speciesID).condition)
                    == expected.count,
                try await store.count(where: named(name, through: \.speciesNumber).condition)
                    == expected.count
            else { throw BenchmarkError.disagreement("\(backend) species named \(name)") }
        }
        let scanned: Condition<BenchPokemon> =
            .reference(\.speciesNumber, to: BenchSpecies.self, where: \.isLegendary == true)
        guard
            try await store.fetch(RecordQuery(where: legendary))
                == (try await store.fetch(RecordQuery(where: scanned)))
        else { throw BenchmarkError.disagreement("\(backend) legendary species") }

        let perSpecies = pokemon.count / 1_351
        var results: [Result] = []
        // The condition answered, counted, carries the target. The fetch adds copying out
        // about 740 records scattered through the table, which costs as much however they
        // were found, and is reported beside it (Performance.md, "One species' Pokémon").
        for counts in [true, false] {
            results += try await oneSpecies(
                backend, store: store, names: names, counts: counts,
                target: counts && pokemon.count >= targetSize ? .fasterBy(100) : .report,
                note: (counts
                    ? "nothing copied out: the condition answered"
                    : "about \(perSpecies.formatted()) matches per variety of the species, "
                        + "copied out on both sides")
                    + "; both first find the species by name among \(species.count)",
                size: size, bench)
        }
        results.append(
            try await bench.compare(
                group: group, name: "\(backend): legendary species, index vs scan, \(size)",
                target: .report,
                candidate: (
                    "legendary, through speciesID (indexed)",
                    { blackHole(try await store.fetch(RecordQuery(where: legendary))) }
                ),
                baseline: (
                    "the same through \\.speciesNumber (a scan)",
                    { blackHole(try await store.fetch(RecordQuery(where: scanned))) }
                ),
                note: "about 6 % of the Pokémon match: copying them out bounds the gain"))
        return results
    }

    /// Two rows, primed and interleaved: one species' Pokémon through the index, against a
    /// scan.
    ///
    /// The index is on `speciesID`; `speciesNumber` has none, so the same condition through
    /// it is a scan. Both first find the species by name. Each run asks for the next of 64
    /// species, whose records were last read 64 runs and many scans before, so that no run
    /// finds its own records in the caches.
    ///
    /// - Parameters:
    ///   - backend: The backend's name, for the rows.
    ///   - store: The Pokémon of the database.
    ///   - names: The species asked for, one a run, in turn.
    ///   - counts: Whether to count the Pokémon (`count(where:)`) rather than fetch them.
    ///   - target: The primed row's target.
    ///   - note: What both rows measure.
    ///   - size: The size, for the rows' names.
    ///   - bench: The bench that measures.
    /// - Returns: The primed row, then the interleaved one.
    /// - Throws: What a fetch or a count throws.
    private static func oneSpecies(
        _ backend: String, store: some ModelStore<BenchPokemon>, names: [String], counts: Bool,
        target: Target, note: String, size: String, _ bench: Bench
    ) async throws -> [Result] {
        func run(through keyPath: any KeyPath<BenchPokemon, Int> & Sendable)
            -> () async throws -> Void
        {
            var runs = 0
            return {
                let query = named(names[runs % names.count], through: keyPath)
                runs += 1
                if counts {
                    blackHole(try await store.count(where: query.condition))
                } else {
                    blackHole(try await store.fetch(query))
                }
            }
        }
        let asked = counts ? "count(where:)" : "fetch"
        return try await bench.comparePrimedAndInterleaved(
            group: group,
            name: "\(backend): one species' Pokémon" + (counts ? " counted" : "")
                + ", index vs scan",
            size: size, target: target,
            candidate: (
                "\(asked) .reference(\\.speciesID, where: name == x), speciesID indexed",
                run(through: \.speciesID)
            ),
            baseline: (
                "the same through \\.speciesNumber (no index: a scan)",
                run(through: \.speciesNumber)
            ),
            note: note)
    }

    /// Pokémon whose species has `name`, through `keyPath`.
    private static func named(
        _ name: String, through keyPath: any KeyPath<BenchPokemon, Int> & Sendable
    ) -> RecordQuery<BenchPokemon> {
        RecordQuery(where: .reference(keyPath, to: BenchSpecies.self, where: \.name == name))
    }
}
