import CSQLite
import Foundation
import KeyPathQuery

/// An in-memory SQLite database, for tests that execute the SQL KeyPathQuery renders.
///
/// Not `Sendable`: make one per test.
///
/// ```swift
/// let database = try SQLiteDatabase()
/// try database.execute("CREATE TABLE pokemon (id INTEGER, name TEXT)")
/// try database.insert(into: "pokemon", columns: ["id", "name"], rows: [[.integer(25), .text("pikachu")]])
/// let ids = try database.integers("SELECT id FROM pokemon WHERE " + fragment.sql, fragment.bindings)
/// ```
public final class SQLiteDatabase {
    private let handle: OpaquePointer

    /// Opens a new, empty in-memory database.
    ///
    /// - Throws: ``SQLiteError`` when SQLite cannot open one.
    public init() throws(SQLiteError) {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(
            ":memory:", &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            throw SQLiteError(code: code, message: "cannot open an in-memory database", sql: "")
        }
        self.handle = handle
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// The version of the SQLite library, such as `"3.40.1"`.
    public static var version: String {
        String(cString: sqlite3_libversion())
    }

    /// Runs one statement to completion.
    ///
    /// - Parameters:
    ///   - sql: The statement, with a `?` for each binding.
    ///   - bindings: The values for the placeholders, in order.
    /// - Throws: ``SQLiteError`` when the statement does not prepare, its placeholders do not
    ///   match the bindings, or it fails.
    public func execute(_ sql: String, _ bindings: [SQLBinding] = []) throws(SQLiteError) {
        _ = try rows(sql, bindings)
    }

    /// The first column of every row a query returns, as integers.
    ///
    /// - Parameters:
    ///   - sql: The query, with a `?` for each binding.
    ///   - bindings: The values for the placeholders, in order.
    /// - Returns: The values, in the order of the rows.
    /// - Throws: ``SQLiteError``, as ``execute(_:_:)`` does.
    public func integers(_ sql: String, _ bindings: [SQLBinding] = []) throws(SQLiteError)
        -> [Int64]
    {
        try rows(sql, bindings)
    }

    /// Inserts rows into a table, every value bound.
    ///
    /// - Parameters:
    ///   - table: The table's name.
    ///   - columns: The columns' names, in the order of each row's values.
    ///   - rows: The rows.
    /// - Throws: ``SQLiteError`` when an insert fails.
    public func insert(
        into table: String, columns: [String], rows: [[SQLBinding]]
    ) throws(SQLiteError) {
        let names = columns.map(Self.quoted).joined(separator: ", ")
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        let sql = "INSERT INTO \(Self.quoted(table)) (\(names)) VALUES (\(placeholders))"
        try execute("BEGIN")
        for row in rows {
            try execute(sql, row)
        }
        try execute("COMMIT")
    }

    /// An identifier in double quotes, inner double quotes doubled.
    public static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: Statements

    private func rows(_ sql: String, _ bindings: [SQLBinding]) throws(SQLiteError) -> [Int64] {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard prepared == SQLITE_OK, let statement else {
            throw error(prepared, sql)
        }
        let parameters = Int(sqlite3_bind_parameter_count(statement))
        guard parameters == bindings.count else {
            throw SQLiteError(
                code: SQLITE_RANGE,
                message: "\(parameters) placeholders but \(bindings.count) bindings", sql: sql)
        }
        for (index, binding) in bindings.enumerated() {
            let code = bind(binding, to: statement, at: Int32(index + 1))
            guard code == SQLITE_OK else { throw error(code, sql) }
        }
        var values: [Int64] = []
        while true {
            let code = sqlite3_step(statement)
            switch code {
            case SQLITE_ROW:
                values.append(sqlite3_column_int64(statement, 0))
            case SQLITE_DONE:
                return values
            default:
                throw error(code, sql)
            }
        }
    }

    private func bind(_ binding: SQLBinding, to statement: OpaquePointer, at position: Int32)
        -> Int32
    {
        // SQLITE_TRANSIENT: SQLite copies the bytes before the call returns.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        switch binding {
        case .null:
            return sqlite3_bind_null(statement, position)
        case .integer(let value):
            return sqlite3_bind_int64(statement, position, value)
        case .boolean(let value):
            return sqlite3_bind_int64(statement, position, value ? 1 : 0)
        case .real(let value):
            return sqlite3_bind_double(statement, position, value)
        case .text(let value):
            // The UTF-8 bytes with their count, so that text holding NUL is bound whole; an
            // empty string must still be text, not NULL.
            let bytes = Array(value.utf8)
            if bytes.isEmpty { return sqlite3_bind_text(statement, position, "", 0, transient) }
            return bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    sqlite3_bind_text(
                        statement, position, $0.baseAddress, Int32($0.count), transient)
                }
            }
        case .blob(let value):
            if value.isEmpty { return sqlite3_bind_zeroblob(statement, position, 0) }
            return value.withUnsafeBytes {
                sqlite3_bind_blob(statement, position, $0.baseAddress, Int32($0.count), transient)
            }
        }
    }

    private func error(_ code: Int32, _ sql: String) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}

/// An error from SQLite, with the statement that caused it.
public struct SQLiteError: Error, CustomStringConvertible {
    /// SQLite's result code.
    public let code: Int32
    /// SQLite's message.
    public let message: String
    /// The statement.
    public let sql: String

    /// The error as one line.
    public var description: String {
        "SQLite error \(code): \(message) in \(sql)"
    }
}
