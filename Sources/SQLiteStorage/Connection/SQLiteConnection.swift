import CSQLite
import Foundation
import KeyPathQuery
import ModelStorage
@_spi(BackendInternals) import SQLStorage

/// One connection to an SQLite database: the writer of a store, or one of its readers.
///
/// Not `Sendable`: its `ConnectionQueue` owns it and lends it to one caller at a time,
/// which is all SQLite asks of a connection opened without its own mutex. Statements are
/// prepared once and kept.
///
/// It is public only as the connection of SQLite's driver (`SQLDriver.Connection`),
/// which the shared store passes back to the driver; all of its API is the driver's own.
public final class SQLiteConnection: ReadingConnection {
    /// The database file, for errors.
    let path: String

    /// The connection and its statements.
    private let database: Database

    /// The group of writes, or the snapshot read, whose transactions may read through this
    /// connection now (see `ConnectionRecords`); 0 between them.
    public var currentSession: UInt64 = 0
    /// Whether the read running now is a read-only database's that has not found every
    /// model's table yet: SQL that follows references could name a missing table, so a
    /// query that does is answered through a snapshot read, which reads the missing models
    /// as empty (see `SQLiteModelDatabase.answersInSQL(_:on:)`).
    public var awaitsTables = false
    /// A read that failed inside the current write's body, which then fails.
    public var readFailure: StoreError?
    /// On a read-only connection, whether each table's stored JSON held NUL at a
    /// `PRAGMA data_version` (see `readsTruncatedJSON(_:in:)`): only another connection can
    /// change the answers, and its commit changes the data version.
    var recordsHoldingNUL: (dataVersion: Int64, tables: [String: Bool])?
    /// Whether the version table was seen with its `schema_version` column, which no store
    /// removes: once seen, the schema reads do not look again.
    var sawSchemaVersions = false
    /// Counts how the connection answers queries and counts, for the store's
    /// `queryEvaluationCounts`; `nil` on a connection that only watches.
    @_spi(BackendInternals) public var evaluations: QueryEvaluationCounter?
    /// The text of the updates that set some columns of a row, by table and columns.
    var updateStatements: [UpdateShape: String] = [:]

    /// Opens a connection.
    ///
    /// - Parameters:
    ///   - path: The database file.
    ///   - writable: Whether to open it for writing (creating it when absent) or only reading.
    ///   - busyTimeout: How long a statement waits for another connection's lock.
    /// - Throws: ``StoreError`` when SQLite cannot open the file.
    init(path: String, writable: Bool, busyTimeout: Duration) throws(StoreError) {
        self.path = path
        var handle: OpaquePointer?
        let flags =
            (writable ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY)
            | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteConnection.error(code, handle, path: path, operation: "open")
            sqlite3_close_v2(handle)
            throw error
        }
        database = Database(handle: handle)
        let milliseconds =
            busyTimeout.components.seconds * 1_000
            + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
        TextFunctions.register(on: handle)
    }

    /// Finalizes the statements and closes the connection; later calls throw
    /// ``StoreError/closed(at:)``.
    func close() {
        database.close()
    }

    /// The connection's handle and prepared statements, closed when the connection goes.
    ///
    /// Not `Sendable`: only its connection touches it.
    private final class Database {
        /// The connection, or `nil` once closed.
        var handle: OpaquePointer?
        var statements: [String: SQLiteStatement] = [:]
        /// The statements used last, looked through before `statements`: a save runs the
        /// same few statements, whose text (a row's upsert names every column) costs more
        /// to hash than to compare with the same string.
        var recent: [SQLiteStatement] = []
        /// Where the next statement used goes in `recent`.
        var nextRecent = 0

        init(handle: OpaquePointer) {
            self.handle = handle
        }

        deinit {
            close()
        }

        /// Keeps a statement among the eight used last.
        func noteRecent(_ statement: SQLiteStatement) {
            if recent.count < 8 {
                recent.append(statement)
            } else {
                recent[nextRecent] = statement
                nextRecent = (nextRecent + 1) % recent.count
            }
        }

        func close() {
            for statement in statements.values { sqlite3_finalize(statement.handle) }
            statements.removeAll()
            recent.removeAll()
            if let handle { sqlite3_close_v2(handle) }
            handle = nil
        }
    }

    private var handle: OpaquePointer? { database.handle }

    /// How many rows the last `INSERT`, `UPDATE` or `DELETE` changed.
    var changedRowCount: Int {
        handle.map { Int(sqlite3_changes($0)) } ?? 0
    }

    /// Whether the database was opened read-only although writing was asked for (a file or
    /// directory the process cannot write).
    var isReadOnly: Bool {
        guard let handle else { return true }
        return sqlite3_db_readonly(handle, "main") == 1
    }

    /// Whether a transaction is open: `false` once SQLite rolled one back by itself, as it
    /// may after a full disk or an I/O error.
    var isInTransaction: Bool {
        guard let handle else { return false }
        return sqlite3_get_autocommit(handle) == 0
    }

    // MARK: Statements

    /// Runs a statement and reads each row it returns.
    ///
    /// - Parameters:
    ///   - sql: The statement, with a `?` for each binding.
    ///   - bindings: The values for the placeholders.
    ///   - operation: What the statement does, for errors ("read the records").
    ///   - row: Reads one row; return `false` to stop early.
    /// - Throws: ``StoreError`` when the statement fails, or what `row` throws.
    func run(
        _ sql: String, _ bindings: [SQLBinding] = [], operation: String,
        row: (SQLiteStatement) throws(StoreError) -> Bool = { _ in true }
    ) throws(StoreError) {
        let statement = try prepare(sql, operation: operation)
        defer { statement.reset() }
        let bound = statement.bind(bindings)
        guard bound == SQLITE_OK else { throw error(bound, operation: operation) }
        while true {
            let code = sqlite3_step(statement.handle)
            switch code {
            case SQLITE_ROW:
                guard try row(statement) else { return }
            case SQLITE_DONE:
                return
            default:
                throw error(code, operation: operation)
            }
        }
    }

    /// Runs a statement that returns one integer, such as a count: the first column of its
    /// first row, or `nil` without a row.
    func integer(
        _ sql: String, _ bindings: [SQLBinding] = [], operation: String
    ) throws(StoreError) -> Int64? {
        var value: Int64?
        try run(sql, bindings, operation: operation) { statement in
            value = statement.integer(at: 0)
            return false
        }
        return value
    }

    /// Runs statements without bindings, separated by semicolons.
    func execute(_ sql: String, operation: String) throws(StoreError) {
        guard let handle else { throw .closed(at: .file(path)) }
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, operation: operation) }
    }

    private func prepare(_ sql: String, operation: String) throws(StoreError) -> SQLiteStatement {
        for statement in database.recent where statement.sql == sql { return statement }
        if let statement = database.statements[sql] {
            database.noteRecent(statement)
            return statement
        }
        guard let handle else { throw .closed(at: .file(path)) }
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(
            handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else {
            sqlite3_finalize(prepared)
            throw error(code, operation: operation)
        }
        // A query's text depends on its condition: keep a bounded number of them.
        if database.statements.count >= 256, let evicted = database.statements.first {
            sqlite3_finalize(evicted.value.handle)
            database.statements.removeValue(forKey: evicted.key)
            database.recent.removeAll { $0 === evicted.value }
        }
        let statement = SQLiteStatement(handle: prepared, sql: sql)
        database.statements[sql] = statement
        database.noteRecent(statement)
        return statement
    }

    // MARK: Errors

    /// The ``StoreError`` for a failed call on this connection.
    func error(_ code: Int32, operation: String) -> StoreError {
        Self.error(code, handle, path: path, operation: operation)
    }

    /// The ``StoreError`` for an SQLite result code, by what the code means.
    ///
    /// - `SQLITE_BUSY`, `SQLITE_LOCKED`, `SQLITE_PROTOCOL` (a lock another connection holds
    ///   past the busy timeout): `locked`.
    /// - `SQLITE_NOTADB`, `SQLITE_CORRUPT` (a file that is not a database, or is damaged):
    ///   `corruptFile`.
    /// - `SQLITE_FULL` (a full disk): `io` with `ENOSPC`, as the JSON store reports one.
    /// - `SQLITE_READONLY`, `SQLITE_PERM` (a file or directory that cannot be written): `io`
    ///   with the system's error number, or `EACCES`.
    /// - `SQLITE_IOERR`, `SQLITE_CANTOPEN`, `SQLITE_NOLFS` (a file-system call that failed):
    ///   `io` with the system's error number, or `EIO`; `SQLITE_NOMEM`: `io` with `ENOMEM`.
    /// - Any other code, a statement SQLite refused (a constraint, an SQL error, a value out
    ///   of range, a misuse): `statementFailed`.
    ///
    /// Every error names the file and keeps SQLite's message with its extended result code
    /// (connections are opened with `SQLITE_OPEN_EXRESCODE`), such as "database is locked
    /// (SQLite result code 5)" or "UNIQUE constraint failed: notes._key (SQLite result code
    /// 2067)": in ``StoreError/message`` for `io`, `locked` and `statementFailed`, in
    /// ``StoreError/problem`` for `corruptFile`.
    static func error(
        _ code: Int32, _ handle: OpaquePointer?, path: String, operation: String
    ) -> StoreError {
        let text =
            handle.map { String(cString: sqlite3_errmsg($0)) }
            ?? String(cString: sqlite3_errstr(code))
        let message = "\(text) (SQLite result code \(code))"
        let systemCode = handle.map { sqlite3_system_errno($0) } ?? 0
        switch code & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED, SQLITE_PROTOCOL:
            return .locked(at: .file(path), pid: nil, message: message)
        case SQLITE_NOTADB:
            return .corruptFile(
                at: .file(path), problem: "it is not an SQLite database (\(message))",
                location: .wholeFile)
        case SQLITE_CORRUPT:
            return .corruptFile(
                at: .file(path), problem: "SQLite finds it damaged (\(message))",
                location: .wholeFile)
        case SQLITE_FULL:
            return .io(at: .file(path), operation: operation, code: ENOSPC, message: message)
        case SQLITE_READONLY where code == SQLITE_READONLY | (3 << 8):
            // SQLITE_READONLY_ROLLBACK: a hot journal, which only a writer can roll back.
            return .io(
                at: .file(path), operation: operation, code: EACCES,
                message: "the database holds a hot journal (\(path)-journal), left by a write "
                    + "cut off before it committed, which only a connection that can write "
                    + "the file rolls back; open the store for writing once, and nothing "
                    + "committed is lost (\(message))")
        case SQLITE_READONLY, SQLITE_PERM:
            // SQLITE_READONLY_DIRECTORY and SQLITE_READONLY_CANTINIT (macros Swift does not
            // import): a WAL database read where its -shm file cannot be made.
            let noSharedMemory =
                code == SQLITE_READONLY | (6 << 8) || code == SQLITE_READONLY | (5 << 8)
            return .io(
                at: .file(path), operation: operation, code: systemCode == 0 ? EACCES : systemCode,
                message: noSharedMemory
                    ? message + "; SQLite cannot make the -shm file beside the database, "
                        + "which it reads a WAL database through"
                    : message)
        case SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_NOLFS:
            return .io(
                at: .file(path), operation: operation, code: systemCode == 0 ? EIO : systemCode,
                message: message)
        case SQLITE_NOMEM:
            return .io(at: .file(path), operation: operation, code: ENOMEM, message: message)
        default:
            return .statementFailed(at: .file(path), operation: operation, message: message)
        }
    }
}
