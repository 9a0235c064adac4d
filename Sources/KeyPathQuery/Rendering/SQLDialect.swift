/// The SQL database that rendered SQL is written for: SQLite (the default) or PostgreSQL.
///
/// Each dialect renders every condition, sort and page with exactly the in-memory meaning,
/// or refuses it with ``QueryError/unsupported(operation:target:reason:)``; they differ in
/// how they write it, and in what the table must hold (see <doc:OneMeaningInEveryTarget>):
///
/// | | ``sqlite`` | ``postgreSQL`` |
/// | --- | --- | --- |
/// | placeholders | `?` | `$1`, `$2`, … numbered through ``SQLClauses/sql`` |
/// | Booleans | INTEGER 0 and 1 | `boolean`, bound as ``SQLBinding/boolean(_:)`` |
/// | arrays and sets | TEXT holding a JSON array | `jsonb` holding a JSON array |
/// | text order | `BINARY` (UTF-8 bytes) | `COLLATE "C"` (UTF-8 bytes) |
///
/// ```swift
/// let options = SQLOptions(dialect: .postgreSQL)
/// let fragment = try (\Pokemon.attack >= 80 && \.favorite == true).sqlExpression(
///     options: options)
/// fragment.sql         // "attack" >= $1 AND "favorite" = $2
/// fragment.bindings    // [.integer(80), .boolean(true)]
/// ```
///
/// A dialect is a structure with static members rather than an enumeration, so that a later
/// version can add one without breaking a client's exhaustive `switch`.
public struct SQLDialect: Hashable, Sendable, CustomStringConvertible {
    /// The dialects, for exhaustive switches inside the renderer.
    enum Kind: Hashable, Sendable {
        case sqlite
        case postgreSQL
    }

    /// Which dialect this is.
    let kind: Kind

    /// SQLite 3.30 or later, the default.
    ///
    /// `?` placeholders, Booleans as 0 and 1, collections as JSON text read with `json_each`.
    public static let sqlite = SQLDialect(kind: .sqlite)

    /// PostgreSQL 12 or later, on a database whose encoding is UTF-8.
    ///
    /// `$n` placeholders, Booleans as `boolean`, collections as `jsonb`, text compared and
    /// sorted by its UTF-8 bytes with `COLLATE "C"`.
    public static let postgreSQL = SQLDialect(kind: .postgreSQL)

    /// The dialect's name: `SQLite` or `PostgreSQL`.
    public var description: String {
        switch kind {
        case .sqlite: "SQLite"
        case .postgreSQL: "PostgreSQL"
        }
    }
}
