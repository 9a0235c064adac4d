import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import SQLiteStorage
import TestSupport
import Testing

/// Another connection that holds a database's lock past the busy timeout: the save or the
/// open throws `StoreError.locked` naming the file, with SQLite's message, leaves the bytes
/// as they were, and works once the lock is released.
@Suite("SQLiteStore and a lock held elsewhere")
struct SQLiteLockTests {
    /// A short busy timeout, so that the tests do not wait long.
    static let options = SQLiteStoreOptions(lockTimeout: .milliseconds(200))

    @Test("a save waits for the busy timeout, then throws locked; it works after the release")
    func saveWhileAnotherConnectionWrites() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.sqlite")
            let store = try await SQLiteStore<ConformanceRecord>.open(
                at: url, options: Self.options)
            try await store.upsert(contentsOf: (1...3).map(ConformanceRecord.sample))
            let other = try RawDatabase(url)
            try other.execute("BEGIN EXCLUSIVE")
            let before = try snapshot(of: url)

            let error = await #expect(throws: StoreError.self) {
                try await store.insert(.sample(4))
            }
            #expect(error?.code == .locked)
            #expect(error?.storeLocation == .file(url.path))
            #expect(
                error?.message?.contains("database is locked") == true,
                "\(String(describing: error))")
            #expect(error?.description.contains(url.path) == true)
            #expect(try snapshot(of: url) == before, "the database and its WAL")
            // Reads never wait for a write, even another connection's.
            #expect(try await store.count() == 3)

            try other.execute("ROLLBACK")
            try await store.insert(.sample(4))
            #expect(try await store.count() == 4)
            try await store.close()
        }
    }

    @Test("an open that must read a database locked by a rollback-journal writer")
    func openWhileARollbackWriterHoldsTheLock() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "shared.sqlite")
            // Another program's database, in SQLite's default rollback-journal mode, whose
            // writer holds the exclusive lock that keeps readers out.
            let other = try RawDatabase(url)
            try other.execute(
                "CREATE TABLE notes (text TEXT); BEGIN EXCLUSIVE; INSERT INTO notes VALUES ('a')")
            let before = try snapshot(of: url)

            for options in [
                Self.options, SQLiteStoreOptions(mode: .readOnly, lockTimeout: .milliseconds(200)),
            ] {
                let error = await #expect(throws: StoreError.self) {
                    let store = try await SQLiteStore<ConformanceRecord>.open(
                        at: url, options: options)
                    try await store.close()
                }
                #expect(error?.code == .locked, "\(String(describing: error))")
                #expect(error?.storeLocation == .file(url.path))
                #expect(error?.message?.contains("SQLite result code") == true)
            }
            #expect(try snapshot(of: url) == before, "the database and its journal")

            try other.execute("COMMIT")
            let store = try await SQLiteStore<ConformanceRecord>.open(
                at: url, options: Self.options)
            try await store.insert(.sample(1))
            #expect(try await store.count() == 1)
            try await store.close()
            #expect(try RawDatabase(url).strings("SELECT text FROM notes") == ["a"])
        }
    }

    /// The bytes of a database and of the files SQLite keeps beside it (`-wal`, `-journal`),
    /// by name; the `-shm` index is left out, since readers write their marks in it.
    func snapshot(of url: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for suffix in ["", "-wal", "-journal"] {
            let file = URL(filePath: url.path + suffix)
            if let bytes = try? Data(contentsOf: file) { files[file.lastPathComponent] = bytes }
        }
        return files
    }
}
