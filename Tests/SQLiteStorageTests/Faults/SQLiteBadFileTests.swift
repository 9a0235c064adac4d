import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import SQLiteStorage
import TestSupport
import Testing

/// A file the store cannot use opens with a typed error that names the file, and its bytes
/// are left exactly as they were.
@Suite("SQLiteStore and bad files")
struct SQLiteBadFileTests {
    /// Opens a store on a file that must be refused, and checks the error and the bytes.
    func expectRefused(
        _ url: URL, options: SQLiteStoreOptions = .readWrite, saying phrase: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let before = try Data(contentsOf: url)
        let siblings = try FileManager.default.contentsOfDirectory(
            atPath: url.deletingLastPathComponent().path)
        do {
            let store = try await SQLiteStore<ConformanceRecord>.open(at: url, options: options)
            try await store.close()
            Issue.record("the store opened", sourceLocation: sourceLocation)
        } catch let error as StoreError {
            #expect(
                error.description.contains(url.path), "\(error)", sourceLocation: sourceLocation)
            #expect(error.description.contains(phrase), "\(error)", sourceLocation: sourceLocation)
        }
        #expect(
            try Data(contentsOf: url) == before, "the file's bytes", sourceLocation: sourceLocation)
        // The -wal and -shm files SQLite makes to read a WAL database go when the store closes
        // its connection, unless it was read-only (it cannot remove them); the WAL is empty.
        var after = try FileManager.default.contentsOfDirectory(
            atPath: url.deletingLastPathComponent().path)
        if options.mode == .readOnly {
            let wal = url.path + "-wal"
            #expect(
                (try? Data(contentsOf: URL(filePath: wal)))?.isEmpty ?? true, "the WAL",
                sourceLocation: sourceLocation)
            after.removeAll { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") }
        }
        #expect(
            after.sorted() == siblings.sorted(), "the directory's files",
            sourceLocation: sourceLocation)
    }

    @Test("a file that is not an SQLite database")
    func notADatabase() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "notes.sqlite")
            try Data(#"{"records": []}"#.utf8).write(to: url)
            try await expectRefused(url, saying: "is not an SQLite database")
            try Data(repeating: 0, count: 4096).write(to: url)
            try await expectRefused(url, saying: "is not an SQLite database")
        }
    }

    @Test("a database whose table does not match the model")
    func tableMismatch() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "other.sqlite")
            let database = try RawDatabase(url)
            try database.execute(
                """
                CREATE TABLE modelstorage_version (table_name TEXT PRIMARY KEY, version INTEGER);
                INSERT INTO modelstorage_version VALUES ('conformance_record', 3);
                CREATE TABLE conformance_record (
                    _order INTEGER PRIMARY KEY, _key NOT NULL UNIQUE, _record TEXT NOT NULL,
                    id INTEGER, name TEXT, power INTEGER, favorite INTEGER, tags TEXT);
                PRAGMA user_version = 1;
                """)
            try await expectRefused(url, saying: "does not match ConformanceRecord")
            try await expectRefused(url, saying: "no column attack")
            try await expectRefused(url, saying: "a column power it does not map")
            // The same error as PostgreSQL's for a table of another shape.
            do {
                try await SQLiteStore<ConformanceRecord>.open(at: url).close()
                Issue.record("the store opened")
            } catch let error as StoreError {
                #expect(error.code == .tableMismatch, "\(error)")
                #expect(error.tableName == "conformance_record")
                #expect(error.missingColumns?.contains("attack") == true)
                #expect(error.unexpectedColumns == ["power"])
            }
        }
    }

    @Test("a table of the same name that no store wrote")
    func foreignTable() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "foreign.sqlite")
            try RawDatabase(url).execute("CREATE TABLE conformance_record (id INTEGER, name TEXT)")
            try await expectRefused(url, saying: "was not written by a store")
        }
    }

    @Test("a database at a newer schema version")
    func newerSchemaVersion() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.sqlite")
            let store = try await SQLiteStore<ConformanceRecord>.open(at: url)
            try await store.upsert(contentsOf: (1...5).map(ConformanceRecord.sample))
            try await store.close()
            try RawDatabase(url).execute(
                "UPDATE modelstorage_version SET schema_version = 7 "
                    + "WHERE table_name = 'conformance_record'")
            try await expectRefused(url, saying: "schema version 7")
            try await expectRefused(url, options: .readOnly, saying: "schema version 7")
        }
    }

    @Test(
        "a file the process cannot write",
        .requires(.readOnlyFile))
    func readOnlyFile() async throws {
        try await ReadOnlyMount.withReadOnlyFile { url in
            try await expectRefused(url, saying: "cannot be written")
        }
    }

    @Test(
        "a directory the process cannot write",
        .requires(.unprivilegedChild))
    func readOnlyDirectory() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.sqlite")
            let store = try await SQLiteStore<ConformanceRecord>.open(at: url)
            try await store.upsert(contentsOf: (1...3).map(ConformanceRecord.sample))
            try await store.close()
            // The file may be written, its directory not: as root (who writes through
            // permissions) the probe runs as nobody, whom a root-owned 0755 directory refuses.
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o666], ofItemAtPath: url.path)
            if getuid() != 0 {
                try FileManager.default.setAttributes(
                    [.posixPermissions: 0o555], ofItemAtPath: directory.path)
            }
            defer {
                try? FileManager.default.setAttributes(
                    [.posixPermissions: 0o755], ofItemAtPath: directory.path)
            }
            let before = try Data(contentsOf: url)
            let siblings = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            let lines = try await probeStore(
                at: url, as: getuid() == 0 ? (uid: 65_534, gid: 65_534) : nil)
            // Writing is refused before SQLite opens the file, naming it; so is reading, since
            // SQLite cannot make the -shm file a WAL database is read through.
            #expect(lines.first == "refused \(EACCES) \(url.path)", "\(lines)")
            #expect(lines.last?.hasPrefix("unreadable") == true, "\(lines)")
            #expect(lines.last?.contains(url.path) == true, "\(lines)")
            #expect(try Data(contentsOf: url) == before, "the file's bytes")
            let after = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(after.sorted() == siblings.sorted(), "the directory's files")
        }
    }

    @Test("paths that are no database file")
    func badPaths() async throws {
        try await withTemporaryDirectory { directory in
            await #expect(throws: StoreError.self) {
                try await SQLiteStore<ConformanceRecord>.open(
                    at: directory.appending(path: "missing/store.sqlite"))
            }
            await #expect(throws: StoreError.self) {
                try await SQLiteStore<ConformanceRecord>.open(at: directory)
            }
            await #expect(throws: StoreError.self) {
                try await SQLiteStore<ConformanceRecord>.open(
                    at: directory.appending(path: "absent.sqlite"), options: .readOnly)
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(left.isEmpty)
        }
    }
}
