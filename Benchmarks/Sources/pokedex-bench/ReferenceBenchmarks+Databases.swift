import Foundation
import JSONFileStorage
import PokedexKit
import SQLiteStorage

// Group 10's rows on databases as wholes: a transaction that writes three models against a
// write of one, and opening a database of five models against opening one of one, in the two
// backends that keep files (SQLite and the JSON store).

extension ReferenceBenchmarks {
    /// The commits each measured run makes, one after another.
    static let commitsPerRun = 20

    /// A transaction writing a species, a Pokémon and a note (three records, three models)
    /// against `upsert(contentsOf:)` of three Pokémon (three records, one model), each one
    /// durable commit, in the same database of three models; reported beside it, against
    /// three Pokémon a third of the table apart, which dirty a page each as the three
    /// models' rows do.
    ///
    /// On SQLite, the same two writes in GRDB are reported beside them
    /// (`GRDBThreeModels`): the store's transaction against GRDB's, and GRDB's own write of
    /// three models against its write of three Pokémon.
    static func transactionRows(
        _ species: [BenchSpecies], _ originals: [BenchPokemon], in directory: URL,
        _ bench: Bench
    ) async throws -> [Result] {
        let models: [any StorableModel.Type] = [
            BenchSpecies.self, BenchPokemon.self, BenchNote.self,
        ]
        let sqlite = try await SQLiteModelDatabase.open(
            at: directory.appending(path: "three.sqlite"), for: models)
        let grdb = try await GRDBThreeModels(
            at: directory.appending(path: "three-grdb.sqlite"), species: species,
            originals: originals)
        var results = try await transactionRow(
            "SQLite", sqlite, species: species, originals: originals,
            pokemonStore: try sqlite.store(for: BenchPokemon.self),
            speciesStore: try sqlite.store(for: BenchSpecies.self), grdb: grdb, bench)
        try await sqlite.close()
        try grdb.pool.close()
        let file = try await JSONFileModelDatabase.open(
            at: directory.appending(path: "three.json"), for: models)
        results += try await transactionRow(
            "JSONFile", file, species: species, originals: originals,
            pokemonStore: try file.store(for: BenchPokemon.self),
            speciesStore: try file.store(for: BenchSpecies.self), grdb: nil, bench)
        try await file.close()
        return results
    }

    private static func transactionRow(
        _ backend: String, _ database: some ModelDatabase, species: [BenchSpecies],
        originals: [BenchPokemon], pokemonStore: some ModelStore<BenchPokemon>,
        speciesStore: some ModelStore<BenchSpecies>, grdb: GRDBThreeModels?, _ bench: Bench
    ) async throws -> [Result] {
        try await speciesStore.upsert(contentsOf: species)
        try await pokemonStore.upsert(contentsOf: originals)
        var commits = ThreeModelCommits(species: species, originals: originals)
        let acrossModels = {
            for _ in 0..<commitsPerRun {
                let (changedSpecies, changedPokemon, note) = commits.nextAcrossModels()
                try await database.transaction { transaction in
                    transaction[BenchSpecies.self].upsert(changedSpecies)
                    transaction[BenchPokemon.self].upsert(changedPokemon)
                    transaction[BenchNote.self].upsert(note)
                }
            }
        }
        func oneModel(spread: Bool) -> () async throws -> Void {
            {
                for _ in 0..<commitsPerRun {
                    try await pokemonStore.upsert(contentsOf: commits.nextPokemon(spread: spread))
                }
            }
        }
        var rows = try await bench.compareThree(
            group: group, name: "\(backend): a transaction over 3 models, \(commitsPerRun) commits",
            target: .atMost(1.2),
            candidate: (
                "species + Pokémon + note, one transaction", { try await Bench.time(acrossModels) }
            ),
            baseline: (
                "3 Pokémon, upsert(contentsOf:) on one store",
                { try await Bench.time(oneModel(spread: false)) }
            ),
            reference: (
                "the same, 3 Pokémon a third of the table apart",
                { try await Bench.time(oneModel(spread: true)) }
            ),
            note: "each commit durable (one sync); all in the same database of 3 models, "
                + "\(species.count) species and \(originals.count) Pokémon",
            repetitions: bench.quick ? nil : 3 * bench.repetitions)
        if let grdb {
            rows += try await grdbRows(
                backend, acrossModels: { try await Bench.time(acrossModels) }, grdb, bench)
        }
        // Check: the last transaction's note is there, with its Pokémon.
        let notes = try await database.transaction { transaction in
            try transaction[BenchNote.self].fetch(RecordQuery())
        }
        guard !notes.isEmpty else {
            throw BenchmarkError.disagreement("\(backend) the notes of the transactions")
        }
        return rows
    }

    /// The store's transaction over three models against GRDB's write of the same three, and
    /// GRDB's write of three models against its write of three Pokémon, from the same
    /// interleaved runs; all reported.
    private static func grdbRows(
        _ backend: String, acrossModels: @escaping () async throws -> Double,
        _ grdb: GRDBThreeModels, _ bench: Bench
    ) async throws -> [Result] {
        let note =
            "each commit synced (synchronous = FULL on both); GRDB sets only the changed "
            + "columns, upserts the note, and has no version row"
        let rows = try await bench.compareThree(
            group: group,
            name:
                "\(backend): a transaction over 3 models against GRDB's, \(commitsPerRun) commits",
            target: .report,
            candidate: ("species + Pokémon + note, one transaction", acrossModels),
            baseline: (
                "GRDB: the same, one write",
                { try await Bench.time { try await grdb.writeAcrossModels(commitsPerRun) } }
            ),
            reference: (
                "GRDB: 3 Pokémon, one write",
                { try await Bench.time { try await grdb.writePokemon(commitsPerRun) } }
            ),
            note: note, repetitions: bench.quick ? nil : 3 * bench.repetitions)
        guard try await grdb.noteCount() > 0 else {
            throw BenchmarkError.disagreement("GRDB's notes of the writes over 3 models")
        }
        // GRDB's own ratio: its two sides of the runs above.
        let own = Result(
            group: group, name: "GRDB: a write over 3 models, \(commitsPerRun) commits",
            candidate: "species + Pokémon + note, one write", baseline: "3 Pokémon, one write",
            candidateMedianSeconds: rows[0].baselineMedianSeconds,
            baselineMedianSeconds: rows[1].baselineMedianSeconds, target: .report,
            note: note, candidateSeconds: rows[0].baselineSeconds,
            baselineSeconds: rows[1].baselineSeconds)
        return rows + [own]
    }

    /// Opening a database of five models (the species, plus ten records in each of four
    /// models) and counting its species, against opening a database of the species alone
    /// and counting them: the same first model, 1,025 records in both.
    static func openingRows(
        _ species: [BenchSpecies], _ originals: [BenchPokemon], in directory: URL,
        _ bench: Bench
    ) async throws -> [Result] {
        let five: [any StorableModel.Type] = [
            BenchSpecies.self, BenchPokemon.self, BenchNote.self, BenchTeam.self,
            BenchTrainer.self,
        ]
        let one: [any StorableModel.Type] = [BenchSpecies.self]
        let fill: @Sendable (inout DatabaseTransaction) throws -> Void = { transaction in
            transaction[BenchSpecies.self].upsert(contentsOf: species)
            transaction[BenchPokemon.self].upsert(contentsOf: originals.prefix(10))
            transaction[BenchNote.self].upsert(
                contentsOf: (1...10).map { BenchNote(id: $0, pokemonID: $0, text: "note \($0)") })
            transaction[BenchTeam.self].upsert(
                contentsOf: (1...10).map { BenchTeam(id: $0, name: "team \($0)") })
            transaction[BenchTrainer.self].upsert(
                contentsOf: (1...10).map { BenchTrainer(id: $0, name: "trainer \($0)", badges: $0) }
            )
        }
        let fillOne: @Sendable (inout DatabaseTransaction) throws -> Void = { transaction in
            transaction[BenchSpecies.self].upsert(contentsOf: species)
        }
        let setup = OpeningSetup(five: five, one: one, fillFive: fill, fillOne: fillOne)
        return [
            try await openingRow(
                "SQLite", file: directory.appending(path: "open.sqlite"), setup, bench
            ) { try await SQLiteModelDatabase.open(at: $0, for: $1) },
            try await openingRow(
                "JSONFile", file: directory.appending(path: "open.json"), setup, bench
            ) { try await JSONFileModelDatabase.open(at: $0, for: $1) },
        ]
    }

    /// The models and the records of the two databases that ``openingRows(_:_:in:_:)`` opens.
    private struct OpeningSetup {
        var five: [any StorableModel.Type]
        var one: [any StorableModel.Type]
        var fillFive: @Sendable (inout DatabaseTransaction) throws -> Void
        var fillOne: @Sendable (inout DatabaseTransaction) throws -> Void
    }

    /// Makes the two databases of a backend beside `file`, then opens each and counts its
    /// species, interleaved.
    private static func openingRow<Database: ModelDatabase & SpeciesHolding>(
        _ backend: String, file: URL, _ setup: OpeningSetup, _ bench: Bench,
        open: @escaping (URL, [any StorableModel.Type]) async throws -> Database
    ) async throws -> Result {
        let name = file.deletingPathExtension().lastPathComponent
        let fiveURL = file.deletingLastPathComponent()
            .appending(path: "\(name)-five.\(file.pathExtension)")
        let oneURL = file.deletingLastPathComponent()
            .appending(path: "\(name)-one.\(file.pathExtension)")
        for (url, models, body) in [
            (fiveURL, setup.five, setup.fillFive), (oneURL, setup.one, setup.fillOne),
        ] {
            let database = try await open(url, models)
            try await database.transaction(body)
            try await database.close()
        }
        return try await bench.compareMeasured(
            group: group, name: "\(backend): open a database of 5 models + count",
            target: .atMost(1.5),
            candidate: ("5 models", opening { try await open(fiveURL, setup.five) }),
            baseline: ("1 model", opening { try await open(oneURL, setup.one) }),
            note: "the same first model (1025 species) in both; the 4 others hold 10 records "
                + "each", repetitions: bench.quick ? nil : 3 * bench.repetitions)
    }

    /// One run that opens a database and counts its species, timed, then closes it, untimed.
    private static func opening<Database: ModelDatabase>(
        _ open: @escaping () async throws -> Database
    ) -> () async throws -> Double where Database: SpeciesHolding {
        {
            var opened: Database?
            let seconds = try await Bench.time {
                let database = try await open()
                opened = database
                guard try await database.speciesCount() == 1_025 else {
                    throw BenchmarkError.disagreement("the species of a reopened database")
                }
            }
            try await opened?.close()
            return seconds
        }
    }
}

/// A database whose store of species can be taken: the two backends that keep files.
protocol SpeciesHolding {
    func speciesCount() async throws -> Int
}

extension SQLiteModelDatabase: SpeciesHolding {
    func speciesCount() async throws -> Int {
        try await store(for: BenchSpecies.self).count(where: .true)
    }
}

extension JSONFileModelDatabase: SpeciesHolding {
    func speciesCount() async throws -> Int {
        try await store(for: BenchSpecies.self).count(where: .true)
    }
}

/// The records of each commit of group 10's transaction rows, on every side: each commit
/// changes the records it writes (so that no write is a no-op) and writes other ones than the
/// commit before it.
struct ThreeModelCommits {
    let species: [BenchSpecies]
    let originals: [BenchPokemon]
    /// The commits made so far.
    private(set) var count = 0

    init(species: [BenchSpecies], originals: [BenchPokemon]) {
        self.species = species
        self.originals = originals
    }

    /// The next commit over three models: a species, a Pokémon and a note on it (one of
    /// 1,000 notes, written again every 1,000 commits).
    mutating func nextAcrossModels() -> (BenchSpecies, BenchPokemon, BenchNote) {
        var changedSpecies = species[count % species.count]
        changedSpecies.generation = 100 + count
        let changedPokemon = pokemon(0)
        let note = BenchNote(
            id: count % 1_000 + 1, pokemonID: changedPokemon.id, text: "seen \(count)")
        count += 1
        return (changedSpecies, changedPokemon, note)
    }

    /// The next commit of three Pokémon: neighbours (one page of the table), or a third of the
    /// table apart (three pages, as many as the three models' own rows take).
    mutating func nextPokemon(spread: Bool) -> [BenchPokemon] {
        let stride = spread ? originals.count / 3 : 1
        let records = [pokemon(0), pokemon(stride), pokemon(2 * stride)]
        count += 1
        return records
    }

    /// A Pokémon of this commit, with a changed attack.
    private func pokemon(_ offset: Int) -> BenchPokemon {
        var record = originals[(count * 3 + offset) % originals.count]
        record.attack = 1_000 + count
        return record
    }
}
