import Foundation
import JSONFileStorage
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import TestSupport
import Testing

/// Files of the single-model layout, written by the store before databases of several
/// models (the fixtures), open as a database with nothing lost; each model of a database
/// keeps its own schema version.
@Suite("JSONFileModelDatabase and older files")
struct JSONFileModelDatabaseFormatTests {
    struct RolledBack: Error {}

    /// Copies a fixture's files into a directory and returns the document's URL.
    func copyFixture(_ name: String, to directory: URL) throws -> URL {
        let fixtures = try #require(
            Bundle.module.url(forResource: "Fixtures", withExtension: nil)
        )
        .appending(path: name)
        for file in ["store.json", "store.json.journal"] {
            try FileManager.default.copyItem(
                at: fixtures.appending(path: file), to: directory.appending(path: file))
        }
        return directory.appending(path: "store.json")
    }

    /// Whether saving an edit of a record read at a version is a conflict; nothing is
    /// written either way.
    func isConflict(
        _ record: Record, readAt version: UInt64, in store: JSONFileStore<Record>
    ) async throws -> Bool {
        var edit = Versioned(record, version: version)
        edit.attack = 1_000
        let saved = edit
        do {
            try await store.transaction { transaction in
                _ = try transaction.save(saved)
                throw RolledBack()
            }
        } catch is RolledBack {
            return false
        } catch let error as StoreError where error.code == .conflict {
            return true
        }
        return false
    }

    /// The records of the `SingleModelFormat1` fixture: the document's four, then the
    /// journal's two commits (record 2's attack set to 99; record 4 deleted, record 5 put).
    static let format1Records = [
        Record(id: 1, name: "r1", attack: 1),
        Record(id: 2, name: "r2", attack: 99),
        Record(id: 3, name: "r3", attack: 3, favorite: true, tags: ["red"]),
        Record(id: 5, name: "r5", attack: 5, tags: ["new"]),
    ]

    /// Checks the `SingleModelFormat1` records, version and write versions (1, 5, 3, 6) —
    /// these only in a writable store, which can try a save.
    func expectFormat1Records(
        in store: JSONFileStore<Record>, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        #expect(
            try await store.fetch(.everyRecord) == Self.format1Records,
            sourceLocation: sourceLocation)
        #expect(
            try await store.fetchResult(.everyRecord).version == 6,
            sourceLocation: sourceLocation)
        guard !store.isReadOnly else { return }
        var conflicts: [Int] = []
        for record in Self.format1Records
        where try await isConflict(record, readAt: 4, in: store) {
            conflicts.append(record.id)
        }
        #expect(conflicts == [2, 5], "read at 4", sourceLocation: sourceLocation)
        conflicts = []
        for record in Self.format1Records
        where try await isConflict(record, readAt: 5, in: store) {
            conflicts.append(record.id)
        }
        #expect(conflicts == [5], "read at 5", sourceLocation: sourceLocation)
    }

    @Test func aSingleModelFileOpensAsADatabaseWithNothingLost() async throws {
        try await withTemporaryDirectory { directory in
            let url = try copyFixture("SingleModelFormat1", to: directory)
            let original = try #require(contents(of: url))

            // Read-only: every record, the version, the write versions and the journal's
            // commits, and no file changed.
            let before = try filesSnapshot(of: directory)
            let viewer = try await JSONFileModelDatabase.open(
                at: url, for: [Record.self, RecordTrainer.self], options: .readOnly)
            try await expectFormat1Records(in: try viewer.store(for: Record.self))
            #expect(try await viewer.store(for: RecordTrainer.self).count() == 0)
            try expectUnchanged(directory, since: before)

            // Writable: the journal is folded into a document of the new layout at once, the
            // original kept as the backup.
            let database = try await JSONFileModelDatabase.open(
                at: url, for: [Record.self, RecordTrainer.self])
            #expect(contents(of: url.appendingPathExtension("backup")) == original)
            let document = lines(of: url)
            #expect(document.first == "{\"format\":2,\"generation\":2,\"version\":6,\"models\":{")
            #expect(document.contains(#""writeVersions":[1,5,3,6]},"#))
            #expect(document.contains("\"trainer\":{\"schemaVersion\":1,\"records\":["))
            let records = try database.store(for: Record.self)
            try await expectFormat1Records(in: records)
            try await database.store(for: RecordTrainer.self).upsert(
                RecordTrainer(id: 1, name: "ash"))
            try await database.close()

            // Reopened from the new layout, as one model's store: still nothing lost.
            let reopened = try await JSONFileStore<Record>.open(at: url)
            #expect(try await reopened.fetch(.everyRecord) == Self.format1Records)
            #expect(try await reopened.fetchResult(.everyRecord).version == 7)
            try await reopened.close()
        }
    }

    @Test func aSingleModelFileAtAnOlderSchemaIsMigrated() async throws {
        try await withTemporaryDirectory { directory in
            let url = try copyFixture("SingleModelSchema1", to: directory)
            let database = try await JSONFileModelDatabase.open(
                at: url, for: [RecordV2.self, RecordTrainer.self])
            #expect(database.migratedFromSchemaVersion(of: RecordV2.self) == 1)
            #expect(database.migratedFromSchemaVersion(of: RecordTrainer.self) == nil)
            let store = try database.store(for: RecordV2.self)
            #expect(store.migratedFromSchemaVersion == 1)
            #expect(
                try await store.fetch(.everyRecord) == [
                    RecordV2(id: 1, name: "a", attack: 10, favorite: false, tags: []),
                    RecordV2(id: 2, name: "b", attack: 20, favorite: false, tags: ["x"]),
                    RecordV2(id: 3, name: "c", attack: 30, favorite: false, tags: []),
                ])
            #expect(try await store.fetchResult(.everyRecord).version == 3)
            #expect(
                lines(of: url).contains(
                    "\"\(RecordV2.storageName)\":{\"schemaVersion\":2,\"records\":["))
            try await database.close()
        }
    }

    @Test func eachModelIsMigratedFromItsOwnSchemaVersion() async throws {
        try await withTemporaryDirectory { directory in
            // A database document whose records are at schema version 1 and trainers at 1,
            // and a journal that continues it, its header naming each model's version.
            let url = directory.appending(path: "dex.json")
            let document =
                "{\"format\":2,\"generation\":1,\"version\":2,\"models\":{\n"
                + "\"\(RecordV2.storageName)\":{\"schemaVersion\":1,\"records\":[\n"
                + MigrationTests.recordV1(1) + "\n],\n\"writeVersions\":[1]},\n"
                + "\"trainer\":{\"schemaVersion\":1,\"records\":[\n"
                + "{\"id\":1,\"name\":\"ash\",\"recordIDs\":[1]}\n],\n\"writeVersions\":[2]}\n}}\n"
            try Data(document.utf8).write(to: url)
            let journal =
                "{\"journal\":2,\"generation\":1,\"schemaVersions\":"
                + "{\"\(RecordV2.storageName)\":1,\"trainer\":1}}\n"
                + "{\"version\":3,\"changes\":[{\"model\":\"\(RecordV2.storageName)\","
                + "\"delete\":[],\"put\":[\(MigrationTests.recordV1(2))]},"
                + "{\"model\":\"trainer\",\"delete\":[],\"put\":"
                + "[{\"id\":1,\"name\":\"ash\",\"recordIDs\":[1,2]}]}]}\n"
            try Data(journal.utf8).write(to: url.appendingPathExtension("journal"))

            let database = try await JSONFileModelDatabase.open(
                at: url, for: [RecordV2.self, RecordTrainer.self], options: .readOnly)
            #expect(database.migratedFromSchemaVersion(of: RecordV2.self) == 1)
            #expect(database.migratedFromSchemaVersion(of: RecordTrainer.self) == nil)
            #expect(
                try await database.store(for: RecordV2.self).fetch(.everyRecord).map(\.attack)
                    == [10, 20])
            #expect(
                try await database.store(for: RecordTrainer.self).fetch(id: 1)?.recordIDs == [1, 2])
            #expect(
                try await database.store(for: RecordTrainer.self).fetchResult(.everyRecord).version
                    == 3)
        }
    }
}
