import Foundation
import JSONFileStorage
import ModelStorage
import ModelStorageTesting
import TestSupport
import Testing

/// Files written before the history was kept open with their history starting at their
/// version; a history section that does not read is a typed error naming the file and the
/// place.
extension JSONFileChangeFeedTests {
    static let section = ConformanceEntry.storageName

    /// A document of the database layout holding notes 1 and 3 at version 4, with `history`
    /// after their write versions (empty: none, as written before histories were kept).
    static func document(history: String = "") -> String {
        """
        {"format":2,"generation":1,"version":4,"models":{
        "\(section)":{"schemaVersion":1,"records":[
        {"id":"n1","pokemonID":1,"text":"note 1"},
        {"id":"n3","pokemonID":3,"text":"note 3"}
        ],
        "writeVersions":[1,3]\(history)}
        }}

        """
    }

    @Test("a document written before histories were kept starts the history at its version")
    func anOldDocumentStartsTheHistoryAtItsVersion() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "entries.json")
            try Data(Self.document().utf8).write(to: url)
            var store = try await open(url)
            try await expectExpired(store, since: ChangeCursor(version: 3), horizon: 4)
            #expect(
                summary(try await store.changes(since: .start))
                    == ["n1@1 note 1", "n3@3 note 3", "next 4"])
            try await store.delete(id: "n1")
            #expect(
                summary(try await store.changes(since: ChangeCursor(version: 4)))
                    == ["n1@5 deleted", "next 5"])
            // Written again, the document keeps the history from there on.
            store = try await reopen(store, .closed)
            #expect(lines(of: url).contains(#""horizon":4,"tombstones":["#))
            try await expectExpired(store, since: ChangeCursor(version: 3), horizon: 4)
            #expect(
                summary(try await store.changes(since: ChangeCursor(version: 4)))
                    == ["n1@5 deleted", "next 5"])
            try await store.close()
        }
    }

    /// A document of the single-model layout without write versions: its records' write
    /// versions are unknown, so they read as written at the document's version, where the
    /// history starts.
    @Test("a single-model document without write versions reports its records at its version")
    func aSingleModelDocumentWithoutWriteVersions() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "entries.json")
            let document = """
                {"format":1,"schemaVersion":1,"generation":1,"version":7,"records":[
                {"id":"n1","pokemonID":1,"text":"note 1"},
                {"id":"n2","pokemonID":2,"text":"note 2"}
                ]}

                """
            try Data(document.utf8).write(to: url)
            var store = try await open(url)
            #expect(
                summary(try await store.changes(since: .start))
                    == ["n1@7 note 1", "n2@7 note 2", "next 7"])
            try await expectExpired(store, since: ChangeCursor(version: 6), horizon: 7)
            #expect(summary(try await store.changes(since: ChangeCursor(version: 7))) == ["next 7"])
            try await store.delete(id: "n2")
            store = try await reopen(store, .closed)
            #expect(
                summary(try await store.changes(since: ChangeCursor(version: 7)))
                    == ["n2@8 deleted", "next 8"])
            #expect(
                summary(try await store.changes(since: .start)) == ["n1@7 note 1", "next 8"])
            try await store.close()
        }
    }

    @Test(
        "a history section that does not read names the file and the place",
        arguments: [
            (
                #","horizon":2,"tombstones":["# + "\n"
                    + #"{"id":"n2","version":2,"deletedAt":1700000000.5},"# + "\n"
                    + #"{"id":"n4","version":9,"deletedAt":1700000001}"# + "\n]",
                "models.\(section).tombstones[1]", 8, "above the document's version"
            ),
            (
                #","horizon":2,"tombstones":["# + "\n"
                    + #"{"id":"n2","version":"two","deletedAt":1700000000.5}"# + "\n]",
                "models.\(section).tombstones[0].version", 7, "a tombstone of"
            ),
            (
                #","horizon":2,"tombstones":["# + "\n"
                    + #"{"id":"n2","version":2,"deletedAt":1700000000.5},"# + "\n"
                    + #"{"id":"n2","version":4,"deletedAt":1700000001}"# + "\n]",
                "models.\(section).tombstones[1]", 8, "two tombstones"
            ),
            (
                #","horizon":12,"tombstones":[]"#, "models.\(section).horizon", nil,
                "the horizon 12"
            ),
        ] as [(String, String, Int?, String)])
    func aCorruptHistoryIsATypedError(
        history: String, codingPath: String, line: Int?, problem: String
    ) async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "entries.json")
            try Data(Self.document(history: history).utf8).write(to: url)
            let error = await #expect(throws: StoreError.self) { try await open(url) }
            #expect(error?.code == .corruptFile)
            #expect(error?.storeLocation == .file(url.path))
            #expect(error?.location?.codingPath == codingPath)
            #expect(error?.location?.line == line)
            #expect(error?.problem?.contains(problem) == true, "\(String(describing: error))")
        }
    }
}
