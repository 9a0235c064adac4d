import Foundation

/// A value bound to one placeholder of rendered SQL (`?` in SQLite, `$n` in PostgreSQL),
/// typed as the database stores it.
///
/// Bind the values of a ``SQLFragment`` in order, position 1 first, each with its
/// `sqlite3_bind_*` function. Pass text as its UTF-8 bytes with their count, so that text
/// holding a NUL character is bound whole:
///
/// ```swift
/// for (index, binding) in fragment.bindings.enumerated() {
///     let position = Int32(index + 1)
///     switch binding {
///     case .null: sqlite3_bind_null(statement, position)
///     case .integer(let value): sqlite3_bind_int64(statement, position, value)
///     case .boolean(let value): sqlite3_bind_int64(statement, position, value ? 1 : 0)
///     case .real(let value): sqlite3_bind_double(statement, position, value)
///     case .text(let value):
///         let bytes = Array(value.utf8)
///         sqlite3_bind_text(statement, position, bytes, Int32(bytes.count), SQLITE_TRANSIENT)
///     case .blob(let value):
///         value.withUnsafeBytes {
///             _ = sqlite3_bind_blob(
///                 statement, position, $0.baseAddress, Int32($0.count), SQLITE_TRANSIENT)
///         }
///     }
/// }
/// ```
///
/// How each ``QueryValue`` becomes a binding is set out in <doc:OneMeaningInEveryTarget>:
/// Booleans are the integers 0 and 1, dates are seconds as a REAL (see
/// ``SQLOptions/DateStorage``), UUIDs and URLs are text, and bytes are a BLOB. In the
/// ``SQLDialect/postgreSQL`` dialect (and by default in a dialect of your own, see
/// ``SQLDialect/booleanBinding(_:)``), Booleans are ``boolean(_:)``, bound as PostgreSQL's
/// `boolean`; the SQLite dialect never produces it.
public enum SQLBinding: Hashable, Sendable {
    /// `NULL`: `sqlite3_bind_null`.
    case null
    /// A 64-bit signed integer: `sqlite3_bind_int64`; PostgreSQL's `bigint`.
    case integer(Int64)
    /// A Boolean, for PostgreSQL's `boolean`; the ``SQLDialect/postgreSQL`` dialect
    /// binds it (SQLite's Booleans are the integers 0 and 1).
    case boolean(Bool)
    /// A floating-point number: `sqlite3_bind_double`. Never NaN, which SQLite would store as
    /// `NULL`.
    case real(Double)
    /// Text: `sqlite3_bind_text` with the UTF-8 bytes and their count.
    case text(String)
    /// Bytes: `sqlite3_bind_blob`.
    case blob(Data)
}
