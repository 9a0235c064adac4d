import Foundation
import JSONFileStorage
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import TestSupport
import Testing

/// Each record's write version in the JSON file store: kept in the journal and the document,
/// so that a read made before a reopen conflicts exactly with the records written since it;
/// and a file written before write versions were kept opens with nothing lost.
@Suite("JSONFileStore write versions")
struct WriteVersionTests {
    func open(_ url: URL) async throws -> JSONFileStore<Record> {
        try await JSONFileStore<Record>.open(
            at: url, options: JSONFileStoreOptions(lockTimeout: .seconds(10)))
    }

    /// The conflict a save of `attack` over a record written back since the read throws.
    func writtenBack(_ id: Int) -> StoreError {
        .conflict(
            StoreConflict(
                id: "\(id)", changedBySave: ["attack"], changedInStore: [],
                deletedInStore: false))
    }

    @Test(arguments: [false, true])
    func aReadBeforeAReopenConflictsOnlyWithRecordsWrittenSince(closing: Bool) async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            var untouched: Versioned<Record>?
            var rewritten: Versioned<Record>?
            do {
                let store = try await open(url)
                try await store.upsert(contentsOf: (1...3).map(Record.sample))
                untouched = try await store.fetchVersioned(id: 1)
                rewritten = try await store.fetchVersioned(id: 2)
                let attack = Record.sample(2).attack
                try await store.update(id: 2) { $0.attack = 99 }
                try await store.update(id: 2) { $0.attack = attack }
                try await store.update(id: 3) { $0.name = "three" }
                // Closed, the document holds the write versions; not closed, the journal.
                if closing { try await store.close() }
            }
            var edit = try #require(untouched)
            var stale = try #require(rewritten)
            let reopened = try await open(url)
            edit.attack = 7
            stale.attack = 7
            try await reopened.save(edit)
            await #expect(throws: writtenBack(2)) { try await reopened.save(stale) }
            #expect(try await reopened.fetch(id: 1)?.attack == 7)
            #expect(try await reopened.fetch(id: 2) == Record.sample(2))
        }
    }

    @Test func aFileWrittenBeforeWriteVersionsOpensWithNothingLost() async throws {
        try await withTemporaryDirectory { directory in
            let fixtures = try #require(
                Bundle.module.url(forResource: "Fixtures", withExtension: nil)
            )
            .appending(path: "BeforeWriteVersions")
            for name in ["store.json", "store.json.journal"] {
                try FileManager.default.copyItem(
                    at: fixtures.appending(path: name), to: directory.appending(path: name))
            }
            let url = directory.appending(path: "store.json")
            let original = try #require(contents(of: url))
            let store = try await open(url)
            // The journal of the single-model layout cannot be continued: opening folded it
            // into a document of the database layout, and kept the original as the backup.
            #expect(contents(of: url.appendingPathExtension("backup")) == original)
            let expected = [
                Record(id: 1, name: "r1", attack: 1),
                Record(id: 2, name: "r2", attack: 99),
                Record(id: 3, name: "r3", attack: 3, favorite: true, tags: ["red"]),
            ]
            #expect(try await store.fetch(.everyRecord) == expected)
            #expect(try await store.fetchVersioned(id: 1)?.version == 4)

            // The document's records read as written at its version (3), the journal's at
            // theirs (4): a read at 3 conflicts only with record 2, a read at 2 with all.
            try await expectConflicts(
                in: store, readAt: 2, [1: true, 2: true, 3: true], expected)
            try await expectConflicts(
                in: store, readAt: 3, [1: false, 2: true, 3: false], expected)

            // Closing writes the document in the new layout, every record kept, with each
            // record's write version: records 1 and 3 were saved and put back above (versions
            // 5 and 6, 7 and 8), record 2 is as the journal wrote it.
            try await store.close()
            #expect(lines(of: url).first?.hasPrefix("{\"format\":2,") == true)
            #expect(lines(of: url).dropLast().last == #""writeVersions":[6,4,8]}"#)
            let reopened = try await open(url)
            #expect(try await reopened.fetch(id: 2) == expected[1])
            #expect(try await reopened.count() == 3)
        }
    }

    /// Saves an edit of each record read at a version, under `.error`: it must throw a
    /// conflict exactly where expected, and write the edit elsewhere (then undone, with a
    /// fresh read, so that the next call starts from the same records).
    func expectConflicts(
        in store: JSONFileStore<Record>, readAt version: UInt64, _ conflicts: [Int: Bool],
        _ records: [Record], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for record in records {
            var edit = Versioned(record, version: version)
            edit.attack = 1000
            if conflicts[record.id] == true {
                await #expect(
                    throws: writtenBack(record.id), "record \(record.id)",
                    sourceLocation: sourceLocation
                ) { try await store.save(edit) }
            } else {
                try await store.save(edit)
                #expect(
                    try await store.fetch(id: record.id)?.attack == 1000,
                    sourceLocation: sourceLocation)
                try await store.upsert(record)
            }
        }
    }
}
