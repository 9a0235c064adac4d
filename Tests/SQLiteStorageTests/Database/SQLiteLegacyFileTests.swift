import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import PokedexKit
import SQLiteStorage
import TestSupport
import Testing

/// A database written by the store of one model, before databases held several, opens with
/// nothing lost (the fixture's README says how it was made).
@Suite("SQLiteModelDatabase and a file of one model written by earlier code")
struct SQLiteLegacyFileTests {
    /// A copy of the fixture in a temporary directory.
    static func withLegacyFile(_ body: (URL) async throws -> Void) async throws {
        let fixture = try #require(
            Bundle.module.url(
                forResource: "pokedex-single-model", withExtension: "sqlite",
                subdirectory: "Fixtures"))
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.sqlite")
            try FileManager.default.copyItem(at: fixture, to: url)
            try await body(url)
        }
    }

    @Test("it opens with every record, its order, the version and the write versions")
    func opensWithNothingLost() async throws {
        try await Self.withLegacyFile { url in
            let database = try await SQLiteModelDatabase.open(
                at: url, for: [Pokemon.self, ConformanceRecord.self, ConformanceNote.self])
            let pokemon = try database.store(for: Pokemon.self)
            // The file's Pokémon are at schema version 1, before `species_id`: migrated.
            #expect(pokemon.migratedFromSchemaVersion == 1)
            #expect(try await pokemon.fetch(RecordQuery()).allSatisfy { $0.speciesID == nil })
            let result = try await pokemon.fetchResult(RecordQuery())
            #expect(result.records.map(\.id) == [214, 25, 409, 68])
            #expect(result.records.filter(\.favorite).map(\.name) == ["pikachu"])
            #expect(result.version == 3)
            // Write versions kept: Machamp was written by the first commit, Pikachu by the
            // second, so a read at version 3 saves Machamp and a read at 1 conflicts on Pikachu.
            var machamp = try #require(try await pokemon.fetchVersioned(id: 68))
            machamp.value.favorite = true
            try await pokemon.save(machamp, mergePolicy: .error)
            var asReadAtOne = result.records[1]
            asReadAtOne.favorite = false
            var stalePikachu = Versioned(asReadAtOne, version: 1)
            stalePikachu.value.name = "raichu"
            let conflict = await #expect(throws: StoreError.self) {
                try await pokemon.save(stalePikachu, mergePolicy: .error)
            }
            #expect(conflict?.code == .conflict)
            // The new models get tables; the version goes on from the file's.
            let notes = try database.store(for: ConformanceNote.self)
            try await notes.upsert(ConformanceNote(id: 1, text: "electric"))
            #expect(try await notes.fetchResult(RecordQuery()).version == 5)
            try await database.close()
            let raw = try RawDatabase(url, registeringTextFunctions: false)
            #expect(
                try raw.versionRows() == [
                    "conformance_note 5 1", "conformance_record 0 1", "pokemon 4 2",
                ])
            // Every table, the old one too, gains the partial index of records holding NUL.
            #expect(
                try raw.strings(
                    "SELECT name FROM sqlite_master WHERE type = 'index' "
                        + "AND name LIKE '%records_holding_nul' ORDER BY name") == [
                        "conformance_note__records_holding_nul",
                        "conformance_record__records_holding_nul", "pokemon__records_holding_nul",
                    ])
        }
    }

    @Test("read-only, the store of its one model refuses to migrate it and leaves it as it was")
    func opensReadOnly() async throws {
        try await Self.withLegacyFile { url in
            let before = try Data(contentsOf: url)
            let refusal = await #expect(throws: StoreError.self) {
                try await SQLiteStore<Pokemon>.open(
                    at: url, options: SQLiteStoreOptions(mode: .readOnly))
            }
            #expect(refusal?.code == .migrationFailed)
            #expect(refusal?.description.contains("open it for writing once") == true)
            #expect(try Data(contentsOf: url) == before)
            // Once a writer has migrated it, it opens read-only with every record.
            try await SQLiteStore<Pokemon>.open(at: url).close()
            let store = try await SQLiteStore<Pokemon>.open(
                at: url, options: SQLiteStoreOptions(mode: .readOnly))
            #expect(try await store.count(where: .true) == 4)
            #expect(try await store.fetchResult(RecordQuery()).version == 3)
            try await store.close()
        }
    }
}
