import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import SQLiteStorage
import TestSupport
import Testing

/// Each record's write version in `SQLiteStore`: the hidden `_version` column, kept across
/// reopens, and added to a table written before it was kept, with nothing lost.
@Suite("SQLiteStore write versions")
struct SQLiteWriteVersionTests {
    typealias Record = ConformanceRecord

    func open(_ url: URL, _ options: SQLiteStoreOptions = SQLiteStoreOptions()) async throws
        -> SQLiteStore<Record>
    {
        try await SQLiteStore<Record>.open(at: url, options: options)
    }

    /// The conflict a save of `attack` over a record written since the read, its values
    /// back to those read, throws.
    func writtenBack(_ id: Int) -> StoreError {
        .conflict(
            StoreConflict(
                id: "\(id)", changedBySave: ["attack"], changedInStore: [],
                deletedInStore: false))
    }

    @Test func aReadBeforeAReopenConflictsOnlyWithRecordsWrittenSince() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.sqlite")
            let store = try await open(url)
            try await store.upsert(contentsOf: (1...3).map(Record.sample))
            let reads = [
                try #require(try await store.fetchVersioned(id: 1)),
                try #require(try await store.fetchVersioned(id: 2)),
            ]
            try await store.update(id: 2) { $0.attack = 99 }
            try await store.update(id: 2) { $0.attack = Record.sample(2).attack }
            try await store.update(id: 3) { $0.name = "three" }
            try await store.close()
            #expect(
                try RawDatabase(url).strings(
                    "SELECT _version FROM conformance_record ORDER BY _order") == ["1", "3", "4"])

            // Record 1 was not written since its read, record 2 was (its values back).
            let reopened = try await open(url)
            for var read in reads {
                read.attack = 7
                if read.id == 2 {
                    await #expect(throws: writtenBack(2)) { try await reopened.save(read) }
                } else {
                    try await reopened.save(read)
                }
            }
            #expect(
                try await reopened.fetch(.everyRecord).map(\.attack)
                    == [7, Record.sample(2).attack, Record.sample(3).attack])
            try await reopened.close()
        }
    }

    @Test func aTableWrittenBeforeWriteVersionsGainsThemWithNothingLost() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.sqlite")
            let store = try await open(url)
            try await store.upsert(contentsOf: (1...3).map(Record.sample))
            try await store.update(id: 2) { $0.attack = 99 }
            let expected = try await store.fetch(.everyRecord)
            try await store.close()
            // The table as the store wrote it before it kept write versions.
            try RawDatabase(url).execute("ALTER TABLE conformance_record DROP COLUMN _version")

            // Read-only, the table is read as it is, and left so.
            let reader = try await open(url, .readOnly)
            #expect(try await reader.fetch(.everyRecord) == expected)
            try await reader.close()
            #expect(
                try RawDatabase(url).strings(
                    "SELECT count(*) FROM pragma_table_info('conformance_record') "
                        + "WHERE name = '_version'") == ["0"])

            // Writable, every record reads as written at the store's version when opened.
            let writer = try await open(url)
            #expect(try await writer.fetch(.everyRecord) == expected)
            #expect(try await writer.fetchVersioned(id: 1)?.version == 2)
            #expect(
                try RawDatabase(url).strings("SELECT _version FROM conformance_record")
                    == ["2", "2", "2"])
            for record in expected {
                var before = Versioned(record, version: 1)
                before.attack = 7
                await #expect(throws: writtenBack(record.id)) { try await writer.save(before) }
                var current = Versioned(record, version: 2)
                current.attack = 7
                try await writer.save(current)
            }
            #expect(try await writer.fetch(.everyRecord).map(\.attack) == [7, 7, 7])
            try await writer.close()
        }
    }
}
