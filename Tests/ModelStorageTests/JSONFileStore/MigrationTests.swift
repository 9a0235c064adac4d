import Foundation
import JSONFileStorage
import KeyPathQuery
import ModelStorage
import TestSupport
import Testing

@Suite("Schema migration")
struct MigrationTests {
    /// Version 1 of a record: `atk` instead of `attack`, and no `favorite`.
    static func recordV1(_ id: Int) -> String {
        "{\"atk\":\(id * 10),\"id\":\(id),\"name\":\"r\(id)\",\"tags\":[]}"
    }

    @Test func anOlderDocumentAndJournalAreMigratedAndSavedAtOnce() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            let original = Data(storeDocument(records: [Self.recordV1(1), Self.recordV1(2)]).utf8)
            try original.write(to: url)
            try Data(
                ("{\"journal\":1,\"schemaVersion\":1,\"generation\":1}\n"
                    + "{\"version\":4,\"delete\":[],\"put\":[\(Self.recordV1(3))]}\n").utf8
            ).write(to: url.appendingPathExtension("journal"))

            let store = try await JSONFileStore<RecordV2>.open(at: url)
            #expect(store.migratedFromSchemaVersion == 1)
            #expect(
                try await store.fetch(.everyRecord)
                    == (1...3).map {
                        RecordV2(id: $0, name: "r\($0)", attack: $0 * 10, favorite: false, tags: [])
                    })
            // Saved at once at the new version; the file as it was is the backup.
            #expect(lines(of: url).dropFirst().first?.contains("\"schemaVersion\":2") == true)
            #expect(contents(of: url.appendingPathExtension("backup")) == original)
            try await store.update(id: 1) { $0.favorite = true }
            try await store.close()

            // Reopened after a close: wait out a child process another test may be starting.
            let reopened = try await JSONFileStore<RecordV2>.open(
                at: url, options: JSONFileStoreOptions(lockTimeout: .seconds(10)))
            #expect(reopened.migratedFromSchemaVersion == nil)
            #expect(try await reopened.fetch(id: 1)?.favorite == true)
        }
    }

    @Test func aMigratedDocumentKeepsItsWriteVersions() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            let document = storeDocument(records: [Self.recordV1(1), Self.recordV1(2)])
            try Data((document.dropLast(3) + "],\n\"writeVersions\":[1,3]}\n").utf8).write(to: url)
            let store = try await JSONFileStore<RecordV2>.open(at: url)
            #expect(store.migratedFromSchemaVersion == 1)
            #expect(lines(of: url).dropLast().last == #""writeVersions":[1,3]}"#)
            // Read at version 2: record 2, written at 3, is a conflict; record 1 is not.
            for id in [1, 2] {
                let stored = try #require(try await store.fetch(id: id))
                var edit = Versioned(stored, version: 2)
                edit.favorite = true
                if id == 2 {
                    await #expect(throws: StoreError.self) { try await store.save(edit) }
                } else {
                    try await store.save(edit)
                }
            }
            #expect(try await store.fetch(.everyRecord).map(\.favorite) == [true, false])
        }
    }

    @Test func aReadOnlyStoreMigratesInMemoryOnly() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            try Data(storeDocument(records: [Self.recordV1(1)]).utf8).write(to: url)
            let before = try filesSnapshot(of: directory)
            let store = try await JSONFileStore<RecordV2>.open(at: url, options: .readOnly)
            #expect(try await store.fetch(id: 1)?.attack == 10)
            try expectUnchanged(directory, since: before)
        }
    }

    @Test func aMissingStepIsRefusedAndTheFileLeftAlone() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            try Data(storeDocument(schemaVersion: 2, records: [Self.recordV1(1)]).utf8).write(
                to: url)
            let before = try filesSnapshot(of: directory)
            let error = await #expect(throws: StoreError.self) {
                try await JSONFileStore<RecordMissingStep>.open(at: url)
            }
            let failure = try #require(error)
            guard failure.code == .migrationFailed, failure.storeLocation == .file(url.path),
                failure.foundVersion == 2, let location = failure.location,
                let reason = failure.reason
            else {
                Issue.record("unexpected \(String(describing: error))")
                return
            }
            #expect(location.recordIndex == 0)
            #expect(reason.contains("no migration from version 2"))
            try expectUnchanged(directory, since: before)
        }
    }

    @Test func aStepThatThrowsNamesTheRecord() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            try Data(
                storeDocument(records: ["{\"id\":1,\"name\":\"a\"}", "{\"id\":2}"]).utf8
            ).write(to: url)
            let before = try filesSnapshot(of: directory)
            let error = await #expect(throws: StoreError.self) {
                try await JSONFileStore<RecordStrictStep>.open(at: url)
            }
            let failure = try #require(error)
            guard failure.code == .migrationFailed, failure.foundVersion == 1,
                let location = failure.location, let reason = failure.reason
            else {
                Issue.record("unexpected \(String(describing: error))")
                return
            }
            #expect(location.recordIndex == 1 && location.line == 3)
            #expect(reason.contains("threw"))
            try expectUnchanged(directory, since: before)
        }
    }

    @Test func jsonValueEditsReadNaturally() throws {
        var record: JSONValue = ["id": 1, "atk": 20, "tags": ["a"]]
        record["attack"] = record["atk"]
        record["atk"] = nil
        record["favorite"] = true
        #expect(record == ["id": 1, "attack": 20, "tags": ["a"], "favorite": true])
        #expect(record["attack"]?.integerValue == 20)
        #expect(record["tags"]?[0]?.stringValue == "a")
        #expect(record["missing"] == nil)
        var scalar: JSONValue = 3.5
        scalar["key"] = 1
        #expect(scalar == .double(3.5))
        #expect(record.description.hasPrefix("{\"attack\":20,"))
    }
}
