import Foundation
import KeyPathQuery
import ModelStorage
import SQLiteStorage
import TestSupport
import Testing

/// A note as version 1 stored it.
private struct NoteV1: StorableModel, Hashable {
    var id: Int
    var title: String
    static let queryAttributes: AttributeMap<NoteV1> = [\.id: "id", \.title: "title"]
    static var storageName: String { "note" }
}

/// A model of another table, so that a file exists without the notes' table.
private struct Label: StorableModel, Hashable {
    var id: Int
    static let queryAttributes: AttributeMap<Label> = [\.id: "id"]
}

/// Version 2 added `pinned`, true for titles starting with "!".
private struct NoteV2: StorableModel, Hashable {
    var id: Int
    var title: String
    var pinned: Bool
    static let queryAttributes: AttributeMap<NoteV2> = [
        \.id: "id", \.title: "title", \.pinned: "pinned",
    ]
    static var storageName: String { "note" }
    static var schemaVersion: Int { 2 }
    static var migrations: [SchemaMigration] {
        [
            SchemaMigration(from: 1) { record in
                let title = record["title"]?.stringValue ?? ""
                record["pinned"] = .bool(title.hasPrefix("!"))
            }
        ]
    }
}

/// Version 2 again, with a migration that refuses a record.
private struct NoteV2Refusing: StorableModel, Hashable {
    struct Refused: Error {}
    var id: Int
    var title: String
    var pinned: Bool
    static let queryAttributes: AttributeMap<NoteV2Refusing> = [
        \.id: "id", \.title: "title", \.pinned: "pinned",
    ]
    static var storageName: String { "note" }
    static var schemaVersion: Int { 2 }
    static var migrations: [SchemaMigration] {
        [
            SchemaMigration(from: 1) { record in
                guard record["title"]?.stringValue != "bad" else { throw Refused() }
                record["pinned"] = .bool(false)
            }
        ]
    }
}

@Suite("SQLiteStore migrations")
struct SQLiteMigrationTests {
    static func writeVersion1(at url: URL, titles: [String]) async throws {
        let store = try await SQLiteStore<NoteV1>.open(at: url)
        try await store.upsert(
            contentsOf: titles.enumerated().map { NoteV1(id: 10 - $0.offset, title: $0.element) })
        try await store.close()
    }

    @Test("an older table is migrated in place, in order, with a backup of the file")
    func migrates() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "notes.sqlite")
            try await Self.writeVersion1(at: url, titles: ["!urgent", "later", "!now"])
            let before = try Data(contentsOf: url)
            let store = try await SQLiteStore<NoteV2>.open(at: url)
            #expect(store.migratedFromSchemaVersion == 1)
            #expect(
                try await store.fetch(.everyRecord)
                    == [
                        NoteV2(id: 10, title: "!urgent", pinned: true),
                        NoteV2(id: 9, title: "later", pinned: false),
                        NoteV2(id: 8, title: "!now", pinned: true),
                    ])
            #expect(
                try await store.fetch(RecordQuery(where: \.pinned == true)).map(\.id) == [10, 8])
            try await store.insert(NoteV2(id: 1, title: "new", pinned: false))
            #expect(try await store.fetch(.everyRecord).map(\.id) == [10, 9, 8, 1])
            try await store.close()
            #expect(
                try RawDatabase(url).strings(
                    "SELECT schema_version FROM modelstorage_version WHERE table_name = 'note'")
                    == ["2"])
            let backup = directory.appending(path: "notes.sqlite.backup")
            #expect(
                try RawDatabase(backup).strings("SELECT title FROM note ORDER BY _order") == [
                    "!urgent", "later", "!now",
                ])
            #expect(try Data(contentsOf: url) != before)
            let reopened = try await SQLiteStore<NoteV2>.open(at: url)
            #expect(reopened.migratedFromSchemaVersion == nil)
            try await reopened.close()
        }
    }

    /// A table without write versions gets the store's version for every record.
    @Test("a migrated table keeps each record's write version", arguments: [true, false])
    func migrationKeepsWriteVersions(tableHasThem: Bool) async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "notes.sqlite")
            try await Self.writeVersion1(at: url, titles: ["a", "b"])
            let store = try await SQLiteStore<NoteV1>.open(at: url)
            try await store.update(id: 9) { $0.title = "B" }
            try await store.close()
            if !tableHasThem {
                try RawDatabase(url).execute("ALTER TABLE note DROP COLUMN _version")
            }
            let migrated = try await SQLiteStore<NoteV2>.open(at: url)
            try await migrated.close()
            #expect(
                try RawDatabase(url).strings("SELECT _version FROM note ORDER BY _order")
                    == (tableHasThem ? ["1", "2"] : ["2", "2"]))
        }
    }

    @Test("a migration that fails leaves the file as it was")
    func failedMigration() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "notes.sqlite")
            try await Self.writeVersion1(at: url, titles: ["fine", "bad", "fine too"])
            let before = try Data(contentsOf: url)
            do {
                let store = try await SQLiteStore<NoteV2Refusing>.open(at: url)
                try await store.close()
                Issue.record("the migration succeeded")
            } catch let error as StoreError {
                #expect(error.description.contains("could not be migrated from schema version 1"))
                #expect(error.description.contains("record 1"), "\(error)")
            }
            #expect(try Data(contentsOf: url) == before)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(files == ["notes.sqlite"])
            let store = try await SQLiteStore<NoteV1>.open(at: url)
            #expect(try await store.count() == 3)
            try await store.close()
        }
    }

    @Test("a read-only store whose table a writer makes later at an older version refuses it")
    func readOnlyRefusesAnOlderTableMadeLater() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "notes.sqlite")
            let labels = try await SQLiteStore<Label>.open(at: url)
            try await labels.upsert(contentsOf: [Label(id: 1)])
            try await labels.close()
            let viewer = try await SQLiteStore<NoteV2>.open(at: url, options: .readOnly)
            #expect(try await viewer.count() == 0)
            try await Self.writeVersion1(at: url, titles: ["a"])
            do {
                _ = try await viewer.count()
                Issue.record("read a table of an older version read-only")
            } catch let error as StoreError {
                #expect(error.code == .migrationFailed, "\(error)")
                #expect(error.foundVersion == 1)
                #expect(error.description.contains("the table \"note\""), "\(error)")
            }
            try await viewer.close()
        }
    }

    @Test("a read-only store does not migrate")
    func readOnlyDoesNotMigrate() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "notes.sqlite")
            try await Self.writeVersion1(at: url, titles: ["a"])
            await #expect(throws: StoreError.self) {
                try await SQLiteStore<NoteV2>.open(at: url, options: .readOnly)
            }
        }
    }
}
