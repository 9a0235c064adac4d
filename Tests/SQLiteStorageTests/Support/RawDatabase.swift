import CSQLite
import Foundation
import KeyPathQuery

@testable import SQLiteStorage

/// A database file opened directly with SQLite's C API, as another program would: to read
/// what a store wrote, or to make a file a store must refuse.
///
/// Not `Sendable`: make one per use.
final class RawDatabase {
    private let handle: OpaquePointer

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Opens a database file.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - registeringTextFunctions: Whether to register the store's text functions and
    ///     collation, as a program that links the library would: SQLite needs the collation to
    ///     write a table whose text columns have the store's indexes, or to check it. `false`
    ///     is a program that knows nothing of the store, as the `sqlite3` shell.
    /// - Throws: ``Failure`` when SQLite cannot open the file.
    init(_ url: URL, registeringTextFunctions: Bool = true) throws {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(
            url.path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            throw Failure(description: "cannot open \(url.path): \(code)")
        }
        self.handle = handle
        if registeringTextFunctions { TextFunctions.register(on: handle) }
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs statements separated by semicolons.
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            defer { sqlite3_free(message) }
            throw Failure(description: "\(sql): \(message.map { String(cString: $0) } ?? "")")
        }
    }

    /// One column of every row, the first by default, as text (`NULL` as "NULL").
    func strings(_ sql: String, column: Int32 = 0) throws -> [String] {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement
        else { throw Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))") }
        var values: [String] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                values.append(
                    sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "NULL")
            case SQLITE_DONE:
                return values
            default:
                throw Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
            }
        }
    }

    /// The details of `EXPLAIN QUERY PLAN` for reading a table's records where a rendered
    /// condition holds, its text bindings written in as literals.
    ///
    /// - Throws: ``Failure`` for a binding that is not text, or SQL that SQLite refuses.
    func queryPlan(of fragment: SQLFragment, in table: String) throws -> [String] {
        var sql = fragment.sql
        for binding in fragment.bindings {
            guard case .text(let text) = binding, let place = sql.firstRange(of: "?") else {
                throw Failure(description: "a binding that is not text: \(binding)")
            }
            sql.replaceSubrange(place, with: "'" + text + "'")
        }
        return try strings(
            "EXPLAIN QUERY PLAN SELECT \"_record\" FROM \(table) WHERE " + sql, column: 3)
    }

    /// Each row of the version table as "table version schema_version", by table name.
    func versionRows() throws -> [String] {
        try strings(
            "SELECT table_name || ' ' || version || ' ' || schema_version "
                + "FROM modelstorage_version ORDER BY table_name")
    }
}
