import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import SQLiteStorage
import TestSupport
import Testing

/// A database cut off while it was being created, as a power loss leaves it.
///
/// Before its first commit there is no table of the store's yet, or a hot rollback journal
/// beside the file. Nothing was ever acknowledged in either, and a reader must not refuse
/// them.
@Suite("SQLiteStore on a database cut off while it was being created")
struct SQLiteCutOffTests {
    /// An SQLite database that holds no table at all: its header and an empty schema.
    private func emptyDatabase(at url: URL) throws {
        let raw = try RawDatabase(url, registeringTextFunctions: false)
        try raw.execute("CREATE TABLE t (x); DROP TABLE t")
    }

    @Test(
        "a database with no table of the store's yet reads as an empty store until a writer fills it"
    )
    func noTableYet() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.sqlite")
            try emptyDatabase(at: url)
            let before = try Data(contentsOf: url)
            let reader = try await SQLiteStore<ConformanceRecord>.open(at: url, options: .readOnly)
            #expect(try await reader.count(where: .true) == 0)
            #expect(try await reader.fetch(RecordQuery<ConformanceRecord>()).isEmpty)
            #expect(try await reader.fetch(id: 1) == nil)
            #expect(try await reader.fetchVersioned(id: 1) == nil)
            let empty = try await reader.fetchResult(RecordQuery<ConformanceRecord>())
            #expect(empty.totalCount == 0 && empty.version == 0)
            // Reading changed nothing in the file.
            #expect(try Data(contentsOf: url) == before)

            let writer = try await SQLiteStore<ConformanceRecord>.open(at: url)
            try await writer.upsert(contentsOf: (1...3).map(ConformanceRecord.sample))
            #expect(try await reader.count(where: .true) == 3)
            #expect(try await reader.fetch(id: 2) == ConformanceRecord.sample(2))
            try await writer.close()
            try await reader.close()
        }
    }

    /// A database of three records, copied with the hot journal of a fourth write cut off
    /// mid-transaction: its file holds pages of the write, which the journal rolls back.
    private func databaseWithHotJournal(in directory: URL) async throws -> URL {
        let source = directory.appending(path: "source.sqlite")
        let store = try await SQLiteStore<ConformanceRecord>.open(at: source)
        try await store.upsert(contentsOf: (1...3).map(ConformanceRecord.sample))
        try await store.close()
        let raw = try RawDatabase(source)
        try raw.execute(
            "PRAGMA journal_mode = DELETE; PRAGMA cache_size = 2; BEGIN; "
                + "CREATE TABLE filler (x); "
                + "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400) "
                + "INSERT INTO filler SELECT randomblob(2000) FROM n; "
                + "DELETE FROM modelstorage_version")
        let copy = directory.appending(path: "dex.sqlite")
        try FileManager.default.copyItem(at: source, to: copy)
        try FileManager.default.copyItem(
            at: directory.appending(path: "source.sqlite-journal"),
            to: directory.appending(path: "dex.sqlite-journal"))
        try raw.execute("ROLLBACK")
        return copy
    }

    @Test("a read-only open rolls back a hot journal when the file can be written")
    func hotJournalRolledBack() async throws {
        try await withTemporaryDirectory { directory in
            let url = try await databaseWithHotJournal(in: directory)
            let journal =
                try FileManager.default.attributesOfItem(
                    atPath: url.path + "-journal")[.size] as? Int
            #expect((journal ?? 0) > 0)
            let reader = try await SQLiteStore<ConformanceRecord>.open(at: url, options: .readOnly)
            #expect(try await reader.count(where: .true) == 3)
            #expect(try await reader.fetch(id: 3) == ConformanceRecord.sample(3))
            try await reader.close()
            #expect(!FileManager.default.fileExists(atPath: url.path + "-journal"))
        }
    }

    @Test("a hot journal the process cannot roll back is an error that says what to do")
    func hotJournalOnReadOnlyFile() async throws {
        try await withTemporaryDirectory { directory in
            let mounted = getuid() == 0
            let shelf = directory.appending(path: "shelf")
            try FileManager.default.createDirectory(at: shelf, withIntermediateDirectories: true)
            if mounted {
                try #require(
                    Tmpfs.run("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", shelf.path))
            }
            defer { if mounted { Tmpfs.run("umount", shelf.path) } }
            let url = try await databaseWithHotJournal(in: shelf)
            if mounted {
                try #require(Tmpfs.run("mount", "-o", "remount,ro", shelf.path))
            } else {
                try FileManager.default.setAttributes(
                    [.posixPermissions: 0o555], ofItemAtPath: shelf.path)
            }
            defer {
                if !mounted {
                    try? FileManager.default.setAttributes(
                        [.posixPermissions: 0o755], ofItemAtPath: shelf.path)
                }
            }
            let error = await #expect(throws: StoreError.self) {
                _ = try await SQLiteStore<ConformanceRecord>.open(at: url, options: .readOnly)
            }
            let text = error.map { "\($0)" } ?? ""
            #expect(text.contains("hot journal"), "\(text)")
            #expect(text.contains("open the store for writing once"), "\(text)")
            #expect(text.contains(url.path), "\(text)")
        }
    }

    @Test(
        "a new database torn in its first page, with its journal, reads as an empty store",
        arguments: TornFirstPage.allCases)
    func tornFirstPageReadsAsEmpty(_ state: TornFirstPage) async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.sqlite")
            try state.write(at: url)
            let reader = try await SQLiteStore<ConformanceRecord>.open(at: url, options: .readOnly)
            #expect(try await reader.count(where: .true) == 0)
            #expect(try await reader.fetch(id: 1) == nil)
            try await reader.close()
            #expect(!FileManager.default.fileExists(atPath: url.path + "-journal"))
        }
    }

    @Test(
        "a new database torn in its first page, with its journal, takes writes and keeps them",
        arguments: TornFirstPage.allCases)
    func tornFirstPageTakesWrites(_ state: TornFirstPage) async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.sqlite")
            try state.write(at: url)
            let writer = try await SQLiteStore<ConformanceRecord>.open(at: url)
            #expect(try await writer.count(where: .true) == 0)
            try await writer.upsert(contentsOf: (1...3).map(ConformanceRecord.sample))
            try await writer.close()
            let reopened = try await SQLiteStore<ConformanceRecord>.open(
                at: url, options: .readOnly)
            #expect(try await reopened.count(where: .true) == 3)
            #expect(try await reopened.fetch(id: 2) == ConformanceRecord.sample(2))
            try await reopened.close()
        }
    }

    @Test("a file that is not an SQLite database is still refused, journal or not")
    func foreignFileRefused() async throws {
        try await withTemporaryDirectory { directory in
            for withJournal in [false, true] {
                let url = directory.appending(path: "notes-\(withJournal).sqlite")
                let notes = Data("{\"not\": \"a database\"}".utf8)
                try notes.write(to: url)
                if withJournal {
                    try Data("garbage that is no journal".utf8)
                        .write(to: URL(filePath: url.path + "-journal"))
                }
                await #expect(throws: StoreError.self) {
                    _ = try await SQLiteStore<ConformanceRecord>.open(at: url)
                }
                #expect(try Data(contentsOf: url) == notes)
            }
        }
    }
}
