import Foundation
import GRDB
import PokedexKit
import SQLiteStorage

// Group 10's rows on small records (forms and their species, a few fields each), where the
// store's fixed costs show more than on the Pokémon: a `SQLiteModelDatabase` against GRDB's
// associations, on the same records, each row checked on both sides first.

extension ReferenceBenchmarks {
    /// "Forms whose species is legendary".
    static let legendaryForms: Condition<SmallForm> =
        .reference(\.speciesID, to: SmallSpecies.self, where: \.isLegendary == true)

    /// "Species with a form of attack ≥ 150".
    static let speciesWithStrongForm: Condition<SmallSpecies> =
        .anyReferrer(
            SmallForm.self, through: \.speciesID, where: \.attack >= SmallRecords.strongAttack)

    /// The four rows on small records, each targeting ≤ 1× GRDB.
    ///
    /// With `formCount` forms (three a species), in a `SQLiteModelDatabase` and in a GRDB
    /// `DatabasePool`: the forms of legendary species, 100 forms with their species, the
    /// species with a strong form counted, and a species with two forms written in one
    /// transaction.
    static func smallRecordRows(
        forms formCount: Int, in directory: URL, _ bench: Bench
    ) async throws -> [Result] {
        let records = SmallRecords(forms: formCount)
        let database = try await SQLiteModelDatabase.open(
            at: directory.appending(path: "small-\(formCount).sqlite"),
            for: [SmallSpecies.self, SmallForm.self])
        try await database.store(for: SmallSpecies.self).upsert(contentsOf: records.species)
        try await database.store(for: SmallForm.self).upsert(contentsOf: records.forms)
        let pool = try GRDBBaseline.open(
            at: directory.appending(path: "small-grdb-\(formCount).sqlite"))
        try SmallForm.createTables(in: pool)
        try await pool.write { db in
            for record in records.species { try record.insert(db) }
            for record in records.forms { try record.insert(db) }
        }
        var results = try await smallReadRows(records, database, pool, bench)
        results.append(try await smallWriteRow(records, database, pool, bench))
        try await database.close()
        try pool.close()
        return results
    }

    /// The three reads: a to-one condition, the first 100 forms with their species, and a
    /// to-many condition counted.
    private static func smallReadRows(
        _ records: SmallRecords, _ database: SQLiteModelDatabase, _ pool: DatabasePool,
        _ bench: Bench
    ) async throws -> [Result] {
        let size = "\(records.forms.count.formatted()) forms"
        let formStore = try database.store(for: SmallForm.self)
        let speciesStore = try database.store(for: SmallSpecies.self)
        let firstHundred = RecordQuery<SmallForm>(limit: 100)
        let storeIncluding = {
            try await database.fetch(firstHundred, including: \.speciesID, from: SmallSpecies.self)
        }
        let grdbLegendary = {
            try await pool.read { db in
                try SmallForm
                    .joining(required: SmallForm.species.filter(Column("isLegendary") == true))
                    .order(Column("id")).fetchAll(db)
            }
        }
        let grdbIncluding = {
            try await pool.read { db in
                try SmallForm.including(required: SmallForm.species)
                    .order(Column("id")).limit(100)
                    .asRequest(of: SmallFormWithSpecies.self).fetchAll(db)
            }
        }
        let grdbStrong = {
            try await pool.read { db in
                try SmallSpecies.having(
                    SmallSpecies.forms.filter(Column("attack") >= SmallRecords.strongAttack)
                        .isEmpty == false
                ).fetchCount(db)
            }
        }

        // Check: both sides answer alike, and as plain Swift does.
        let expectedLegendary = records.legendaryFormIDs
        guard
            try await formStore.fetch(RecordQuery(where: legendaryForms)).map(\.id)
                == expectedLegendary, try await grdbLegendary().map(\.id) == expectedLegendary
        else { throw BenchmarkError.disagreement("small forms of legendary species, \(size)") }
        let included = try await storeIncluding()
        let grdbIncluded = try await grdbIncluding()
        guard included.map(\.record) == grdbIncluded.map(\.form),
            included.map(\.related) == grdbIncluded.map(\.species),
            included.count == min(100, records.forms.count)
        else { throw BenchmarkError.disagreement("small forms with their species, \(size)") }
        let expectedStrong = records.speciesWithStrongForm
        guard try await speciesStore.count(where: speciesWithStrongForm) == expectedStrong,
            try await grdbStrong() == expectedStrong
        else { throw BenchmarkError.disagreement("species with a strong form, \(size)") }

        let repetitions =
            records.forms.count <= 100_000 && !bench.quick ? 3 * bench.repetitions : nil
        let prefix = "SQLite, small records:"
        return [
            try await bench.compare(
                group: group, name: "\(prefix) forms of legendary species (to-one), \(size)",
                target: .atMost(1),
                candidate: (
                    "fetch .reference(\\.speciesID, where: isLegendary)",
                    { blackHole(try await formStore.fetch(RecordQuery(where: legendaryForms))) }
                ),
                baseline: (
                    "GRDB joining(required: species.filter(isLegendary))",
                    { blackHole(try await grdbLegendary()) }
                ),
                note: "\(expectedLegendary.count) of \(records.forms.count) forms, "
                    + "\(records.species.count) species; both in id order",
                repetitions: repetitions),
            try await bench.compare(
                group: group, name: "\(prefix) 100 forms with their species, \(size)",
                target: .atMost(1),
                candidate: (
                    "fetch(_:including: \\.speciesID, from:)",
                    { blackHole(try await storeIncluding()) }
                ),
                baseline: (
                    "GRDB including(required: species)", { blackHole(try await grdbIncluding()) }
                ),
                note: "the first 100 forms, decoded with their "
                    + "\(Set(included.map(\.record.speciesID)).count) species",
                repetitions: repetitions),
            try await bench.compare(
                group: group,
                name: "\(prefix) species with a form of attack ≥ "
                    + "\(SmallRecords.strongAttack) counted (to-many), \(size)",
                target: .atMost(1),
                candidate: (
                    "count(where: .anyReferrer(through: \\.speciesID, where: attack >= 150))",
                    { blackHole(try await speciesStore.count(where: speciesWithStrongForm)) }
                ),
                baseline: (
                    "GRDB having(forms.filter(attack >= 150).isEmpty == false).fetchCount",
                    { blackHole(try await grdbStrong()) }
                ),
                note: "\(expectedStrong) of \(records.species.count) species; attack has no "
                    + "index on either side", repetitions: repetitions),
        ]
    }

    /// A new species and two forms of it, in one transaction of the store over both models
    /// against one GRDB write, `commitsPerRun` durable commits a run.
    private static func smallWriteRow(
        _ records: SmallRecords, _ database: SQLiteModelDatabase, _ pool: DatabasePool,
        _ bench: Bench
    ) async throws -> Result {
        let size = "\(records.forms.count.formatted()) forms"
        // Each side's run: `commitsPerRun` commits, each of the next new species and its
        // forms, and the commits it made so far.
        func commits(_ write: @escaping (SmallSpecies, [SmallForm]) async throws -> Void)
            -> (run: () async throws -> Void, made: () -> Int)
        {
            var made = 0
            let run = {
                for _ in 0..<commitsPerRun {
                    let (species, forms) = records.newSpecies(made)
                    made += 1
                    try await write(species, forms)
                }
            }
            return (run, { made })
        }
        let store = commits { species, forms in
            try await database.transaction { transaction in
                transaction[SmallSpecies.self].upsert(species)
                transaction[SmallForm.self].upsert(contentsOf: forms)
            }
        }
        let grdb = commits { species, forms in
            try await pool.write { db in
                try species.insert(db)
                for form in forms { try form.insert(db) }
            }
        }
        let row = try await bench.compare(
            group: group,
            name: "SQLite, small records: a species + 2 forms in one transaction, "
                + "\(commitsPerRun) commits, \(size)",
            target: .atMost(1),
            candidate: ("transaction: upsert the species and its forms", store.run),
            baseline: ("GRDB: insert the species and its forms, one write", grdb.run),
            note: "each commit durable (synchronous = FULL on both); the store checks that the "
                + "forms' species exists", repetitions: bench.quick ? nil : 3 * bench.repetitions)

        // Check: both sides wrote the same records, each species with its two forms.
        let made = store.made()
        let speciesCount = records.species.count + made
        let formCount = records.forms.count + 2 * made
        let lastSpecies = records.newSpecies(made - 1).0.id
        let stored = try await database.read { transaction in
            (
                transaction[SmallSpecies.self].count, transaction[SmallForm.self].count,
                try transaction[SmallForm.self].count(where: \.speciesID == lastSpecies)
            )
        }
        let written = try await pool.read { db in
            (
                try SmallSpecies.fetchCount(db), try SmallForm.fetchCount(db),
                try SmallForm.filter(Column("speciesId") == lastSpecies).fetchCount(db)
            )
        }
        guard grdb.made() == made, stored == (speciesCount, formCount, 2),
            written == (speciesCount, formCount, 2)
        else { throw BenchmarkError.disagreement("a species and 2 forms written, \(size)") }
        return row
    }
}
