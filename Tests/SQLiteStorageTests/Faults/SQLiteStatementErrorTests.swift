import CSQLite
import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import TestSupport
import Testing

@testable import SQLiteStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A statement SQLite refuses throws `StoreError.statementFailed` naming the file, what the
/// store was doing, and SQLite's message with its extended result code; a lock, a damaged
/// file, a full disk and a failed file-system call keep the codes they mean.
@Suite("SQLite's refused statements")
struct SQLiteStatementErrorTests {
    @Test("a constraint violation: statementFailed with SQLite's message and result code")
    func constraintViolation() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "raw.sqlite").path
            let connection = try SQLiteConnection(
                path: path, writable: true, busyTimeout: .milliseconds(100))
            defer { connection.close() }
            try connection.execute(
                "CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT NOT NULL UNIQUE)",
                operation: "create the table")
            try connection.run("INSERT INTO t (v) VALUES (?)", [.text("a")], operation: "insert")
            let error = #expect(throws: StoreError.self) {
                try connection.run(
                    "INSERT INTO t (v) VALUES (?)", [.text("a")], operation: "insert a row")
            }
            #expect(error?.code == .statementFailed, "\(String(describing: error))")
            #expect(error?.storeLocation == .file(path))
            #expect(error?.operation == "insert a row")
            // SQLITE_CONSTRAINT_UNIQUE: SQLITE_CONSTRAINT (19) | 8 << 8.
            #expect(
                error?.message == "UNIQUE constraint failed: t.v (SQLite result code 2067)",
                "\(String(describing: error?.message))")
            #expect(error?.errorNumber == nil)
            #expect(
                error?.description
                    == "The database \(path) refused to insert a row: UNIQUE constraint failed: "
                    + "t.v (SQLite result code 2067). Nothing was changed.")
        }
    }

    @Test("malformed SQL: statementFailed with SQLite's syntax error and result code 1")
    func malformedSQL() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "raw.sqlite").path
            let connection = try SQLiteConnection(
                path: path, writable: true, busyTimeout: .milliseconds(100))
            defer { connection.close() }
            let prepared = #expect(throws: StoreError.self) {
                try connection.run("SELEC 1", operation: "read the records")
            }
            #expect(prepared?.code == .statementFailed, "\(String(describing: prepared))")
            #expect(prepared?.operation == "read the records")
            #expect(
                prepared?.message == "near \"SELEC\": syntax error (SQLite result code 1)",
                "\(String(describing: prepared?.message))")
            let executed = #expect(throws: StoreError.self) {
                try connection.execute("CREATE TABLE (", operation: "create a table")
            }
            #expect(executed?.code == .statementFailed, "\(String(describing: executed))")
            #expect(executed?.message?.hasSuffix("(SQLite result code 1)") == true)
        }
    }

    @Test("a store's write that another program's trigger refuses: statementFailed, nothing stored")
    func writeRefusedByATrigger() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.sqlite")
            let store = try await SQLiteStore<ConformanceRecord>.open(at: url)
            try await store.upsert(contentsOf: (1...3).map(ConformanceRecord.sample))
            let table = ConformanceRecord.storageName
            try RawDatabase(url).execute(
                "CREATE TRIGGER refuse BEFORE INSERT ON \"\(table)\" "
                    + "BEGIN SELECT RAISE(ABORT, 'no more records'); END")

            let error = await #expect(throws: StoreError.self) {
                try await store.insert(.sample(4))
            }
            #expect(error?.code == .statementFailed, "\(String(describing: error))")
            #expect(error?.storeLocation == .file(url.path))
            // SQLITE_CONSTRAINT_TRIGGER: SQLITE_CONSTRAINT (19) | 7 << 8.
            #expect(
                error?.message?.contains("no more records (SQLite result code 1811)") == true,
                "\(String(describing: error?.message))")
            #expect(try await store.fetch(.everyRecord).map(\.id) == [1, 2, 3])

            try RawDatabase(url).execute("DROP TRIGGER refuse")
            try await store.insert(.sample(4))
            #expect(try await store.count() == 4)
            try await store.close()
        }
    }

    /// What each SQLite result code reads as, by meaning.
    static let codes: [(name: String, code: Int32, expected: StoreError.Code, errno: Int32?)] = [
        ("SQLITE_BUSY", SQLITE_BUSY, .locked, nil),
        ("SQLITE_LOCKED", SQLITE_LOCKED, .locked, nil),
        ("SQLITE_PROTOCOL", SQLITE_PROTOCOL, .locked, nil),
        ("SQLITE_CORRUPT", SQLITE_CORRUPT, .corruptFile, nil),
        ("SQLITE_NOTADB", SQLITE_NOTADB, .corruptFile, nil),
        ("SQLITE_FULL", SQLITE_FULL, .io, ENOSPC),
        ("SQLITE_IOERR_WRITE", SQLITE_IOERR | (3 << 8), .io, EIO),
        ("SQLITE_CANTOPEN", SQLITE_CANTOPEN, .io, EIO),
        ("SQLITE_NOMEM", SQLITE_NOMEM, .io, ENOMEM),
        ("SQLITE_READONLY", SQLITE_READONLY, .io, EACCES),
        ("SQLITE_ERROR", SQLITE_ERROR, .statementFailed, nil),
        ("SQLITE_CONSTRAINT_UNIQUE", SQLITE_CONSTRAINT | (8 << 8), .statementFailed, nil),
        ("SQLITE_MISMATCH", SQLITE_MISMATCH, .statementFailed, nil),
        ("SQLITE_RANGE", SQLITE_RANGE, .statementFailed, nil),
        ("SQLITE_TOOBIG", SQLITE_TOOBIG, .statementFailed, nil),
        ("SQLITE_MISUSE", SQLITE_MISUSE, .statementFailed, nil),
    ]

    @Test("every result code maps by its meaning", arguments: 0..<codes.count)
    func mapping(_ index: Int) {
        let (name, code, expected, errno) = Self.codes[index]
        let error = SQLiteConnection.error(code, nil, path: "/d.sqlite", operation: "write")
        #expect(error.code == expected, "\(name): \(error)")
        #expect(error.errorNumber == errno, "\(name): \(error)")
        #expect(error.storeLocation == .file("/d.sqlite"), "\(name)")
        let text = error.message ?? error.problem ?? ""
        #expect(text.contains("(SQLite result code \(code))"), "\(name): \(text)")
    }
}
