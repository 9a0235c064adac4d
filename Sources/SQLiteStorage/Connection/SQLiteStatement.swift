import CSQLite
import Foundation
import KeyPathQuery

/// A prepared statement of one connection, used only through that connection.
///
/// Not `Sendable`: it lives in its connection, and is finalized before the connection
/// closes.
final class SQLiteStatement {
    let handle: OpaquePointer
    let sql: String

    init(handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
    }

    /// Binds values to the placeholders, position 1 first.
    ///
    /// - Returns: SQLite's result code: `SQLITE_OK`, or the first failure.
    func bind(_ bindings: [SQLBinding]) -> Int32 {
        guard Int(sqlite3_bind_parameter_count(handle)) == bindings.count else {
            return SQLITE_RANGE
        }
        for (index, binding) in bindings.enumerated() {
            let code = bind(binding, at: Int32(index + 1))
            guard code == SQLITE_OK else { return code }
        }
        return SQLITE_OK
    }

    private func bind(_ binding: SQLBinding, at position: Int32) -> Int32 {
        switch binding {
        case .null:
            return sqlite3_bind_null(handle, position)
        case .integer(let value):
            return sqlite3_bind_int64(handle, position, value)
        case .boolean(let value):
            return sqlite3_bind_int64(handle, position, value ? 1 : 0)
        case .real(let value):
            return sqlite3_bind_double(handle, position, value)
        case .text(let value):
            // The UTF-8 bytes with their count, so that text holding NUL is bound whole.
            var text = value
            return text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { text in
                    // An empty string is still text, not NULL.
                    guard let start = text.baseAddress else {
                        return sqlite3_bind_text64(
                            handle, position, "", 0, SQLiteStatement.transient, UInt8(SQLITE_UTF8))
                    }
                    return sqlite3_bind_text64(
                        handle, position, start, UInt64(text.count), SQLiteStatement.transient,
                        UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let value):
            guard !value.isEmpty else { return sqlite3_bind_zeroblob(handle, position, 0) }
            return value.withUnsafeBytes {
                sqlite3_bind_blob64(
                    handle, position, $0.baseAddress, UInt64($0.count), SQLiteStatement.transient)
            }
        }
    }

    /// `SQLITE_TRANSIENT`: SQLite copies the bytes before the call returns.
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// A column of the current row as an integer.
    func integer(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    /// A column of the current row as bytes: its text's UTF-8 bytes, or its blob.
    func data(at column: Int32) -> Data {
        guard let bytes = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, column)))
    }

    /// A column of the current row as bytes where SQLite keeps them, valid until the
    /// statement steps, resets or finalizes: no copy, for a value read at once.
    func bytes(at column: Int32) -> UnsafeRawBufferPointer {
        guard let bytes = sqlite3_column_blob(handle, column) else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(
            start: bytes, count: Int(sqlite3_column_bytes(handle, column)))
    }

    /// A column of the current row as text, or `nil` for `NULL`.
    func text(at column: Int32) -> String? {
        guard sqlite3_column_type(handle, column) != SQLITE_NULL,
            let bytes = sqlite3_column_text(handle, column)
        else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// A column of the current row as the value SQLite holds.
    func binding(at column: Int32) -> SQLBinding {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT: text(at: column).map { .text($0) } ?? .null
        case SQLITE_BLOB: .blob(data(at: column))
        default: .null
        }
    }

    /// The number of columns in the statement's rows.
    var columnCount: Int32 { sqlite3_column_count(handle) }

    /// A column's name in the statement's rows.
    func name(at column: Int32) -> String {
        sqlite3_column_name(handle, column).map { String(cString: $0) } ?? ""
    }

    /// Makes the statement ready to run again, its bindings cleared.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }
}
