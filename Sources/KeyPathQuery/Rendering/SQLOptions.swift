/// Which SQL dialect the renderer writes, and how it represents the values that the database
/// has no type of its own for.
///
/// The conventions must match how your table stores its columns. The defaults, for SQLite:
///
/// | Swift value | SQLite storage |
/// | --- | --- |
/// | `Bool` | INTEGER 0 or 1 |
/// | integers up to `Int64.max` | INTEGER |
/// | `Double`, `Float` | REAL |
/// | `String`, string-backed enumerations | TEXT |
/// | `Date` | REAL, seconds since 1970 (``DateStorage-swift.enum/secondsSince1970``) |
/// | `UUID` | TEXT, `uuidString` (upper-case) |
/// | `URL` | TEXT, `absoluteString` |
/// | `Data` | BLOB |
/// | arrays and sets | TEXT holding a JSON array |
///
/// ```swift
/// // A table written with JSONEncoder's default date strategy.
/// let options = SQLOptions(dateStorage: .secondsSinceReferenceDate)
/// let fragment = try condition.sqlExpression(options: options)
/// ```
///
/// With ``dialect`` set to ``SQLDialect/postgreSQL``, Booleans are `boolean`, integers
/// `bigint`, `Double`, `Float` and dates `double precision`, text `text` (compared and sorted
/// with `COLLATE "C"`), bytes `bytea`, and arrays and sets `jsonb` arrays:
///
/// ```swift
/// let options = SQLOptions(dialect: .postgreSQL)
/// let clauses = try query.sqlClauses(options: options)
/// // WHERE "types" @> CAST($1 AS jsonb) ORDER BY "attack" DESC NULLS LAST LIMIT $2
/// ```
///
/// A model's columns and each record's values for them, by these conventions, are
/// ``Queryable/sqlColumns()``. An application that registers ``SQLTextFunctions`` on its
/// connections names them in ``textFunctions``, and the renderer then renders the text tests and
/// sorts that plain SQLite cannot express with the in-memory meaning.
public struct SQLOptions: Hashable, Sendable {
    /// Whether two options render the same SQL: the same dialect and conventions.
    public static func == (lhs: SQLOptions, rhs: SQLOptions) -> Bool {
        lhs.dialect.isEqual(to: rhs.dialect) && lhs.dateStorage == rhs.dateStorage
            && lhs.textFunctions == rhs.textFunctions && lhs.tables == rhs.tables
            && lhs.keyColumn == rhs.keyColumn
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(dialect)
        hasher.combine(dateStorage)
        hasher.combine(textFunctions)
        hasher.combine(tables)
        hasher.combine(keyColumn)
    }

    /// How dates are stored: always as a REAL number of seconds, counted from one of two
    /// origins.
    public enum DateStorage: String, Hashable, Sendable, CaseIterable {
        /// Seconds since 1970-01-01 00:00:00 UTC (`Date.timeIntervalSince1970`, and
        /// `JSONEncoder`'s `.secondsSince1970` strategy). The default.
        case secondsSince1970
        /// Seconds since 2001-01-01 00:00:00 UTC (`Date.timeIntervalSinceReferenceDate`, and
        /// what `JSONEncoder` writes by default).
        case secondsSinceReferenceDate
    }

    /// The SQL dialect to write: ``SQLDialect/sqlite`` by default, or
    /// ``SQLDialect/postgreSQL``, or a dialect of your own.
    public var dialect: any SQLDialect

    /// How dates are stored, in columns and inside JSON arrays alike.
    public var dateStorage: DateStorage

    /// The text functions registered on the SQLite connections that run the SQL, or `nil`
    /// (the default) for plain SQLite.
    ///
    /// Only a dialect that ``SQLDialect/supportsTextFunctions`` (SQLite's) uses them; the
    /// others, ``SQLDialect/postgreSQL`` among them, refuse what they cannot express with the
    /// in-memory meaning.
    ///
    /// With them, every text test and every sort key with ``TextOptions`` calls them, so that
    /// they mean exactly what they mean in memory: `matches`, ``TextOptions/diacriticInsensitive``
    /// and ``TextOptions/caseInsensitive`` with any operand render instead of throwing. Without
    /// them, the renderer refuses those with ``QueryError/unsupported(operation:target:reason:)``.
    public var textFunctions: SQLTextFunctions?

    /// The tables of the models that conditions following a reference read; none by default,
    /// and such a condition then does not render.
    public var tables = SQLTables()

    /// A column that holds the same value as one of the table's attributes in every row, and
    /// that a unique index covers: a condition on the attribute reads the column instead, so
    /// that SQLite answers `id IN (…)` from the index rather than by scanning the table.
    ///
    /// A store sets it only where the two hold equal values of one storage class in every
    /// row (an integer id and its integer key), so that every condition selects the same rows
    /// through either.
    package var keyColumn: KeyColumn?

    /// An attribute, and the indexed column that mirrors it.
    package struct KeyColumn: Hashable, Sendable {
        /// The attribute's name, as conditions name it.
        package var attribute: String
        /// The column that holds the same value, unquoted.
        package var column: String

        /// Creates the pair.
        package init(attribute: String, column: String) {
            self.attribute = attribute
            self.column = column
        }
    }

    /// Creates options.
    ///
    /// - Parameters:
    ///   - dialect: The SQL dialect; SQLite by default.
    ///   - dateStorage: How dates are stored; seconds since 1970 by default.
    ///   - textFunctions: The text functions registered on the connections; none by default.
    public init(
        dialect: any SQLDialect = .sqlite, dateStorage: DateStorage = .secondsSince1970,
        textFunctions: SQLTextFunctions? = nil
    ) {
        self.dialect = dialect
        self.dateStorage = dateStorage
        self.textFunctions = textFunctions
    }
}
