/// How one SQL database spells what the renderer writes: placeholders, quoting, Boolean
/// literals, the elements of a JSON array, text tests, collation, sorts, pages, upserts and
/// column types.
///
/// The renderer decides what a condition, sort or page means — the in-memory meaning, or a
/// refusal with ``QueryError/unsupported(operation:target:reason:)`` — and asks the dialect
/// how to write it. KeyPathQuery has two dialects, ``SQLiteDialect`` (the default) and
/// ``PostgreSQLDialect``; a backend on another SQL database conforms a type of its own:
///
/// | | ``sqlite`` | ``postgreSQL`` |
/// | --- | --- | --- |
/// | placeholders | `?` | `$1`, `$2`, … numbered through ``SQLClauses/sql`` |
/// | Booleans | INTEGER 0 and 1 | `boolean`, bound as ``SQLBinding/boolean(_:)`` |
/// | arrays and sets | TEXT holding a JSON array, read with `json_each` | `jsonb` holding a JSON array |
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
/// ## Implementation requirements
///
/// Every requirement returns SQL text; the renderer puts values in bindings only. Where a
/// requirement's SQL takes a value, it writes `?` for it, and only there: the renderer numbers
/// the `?` outside quotes with ``bindPlaceholder(at:)`` afterwards. A requirement is given
/// SQL expressions that are already quoted and collated, and must keep the in-memory meaning
/// documented on it (see <doc:OneMeaningInEveryTarget>): where the database cannot, refuse
/// with ``QueryError/unsupported(operation:target:reason:)`` naming ``QueryTarget/sql``, or
/// say so through the requirement's `nil`. The requirements with a default implementation
/// write standard SQL (PostgreSQL's spelling where the standard has none).
///
/// A dialect is a value, `Hashable` so that ``SQLOptions`` stays `Hashable`: two dialects
/// are equal when they write the same SQL.
public protocol SQLDialect: Hashable, Sendable, CustomStringConvertible {
    /// The database's name, as errors name it: `SQLite`, `PostgreSQL`.
    var name: String { get }

    // MARK: Placeholders, quoting, literals

    /// The placeholder of the binding at a position, counted from 1: `?` by default, `$1` in
    /// PostgreSQL.
    ///
    /// - Parameter position: The binding's position in the statement, from 1.
    /// - Returns: The placeholder's text.
    func bindPlaceholder(at position: Int) -> String

    /// The character that quotes an identifier, doubled inside it: `"` by default (SQLite,
    /// PostgreSQL, the SQL standard).
    var identifierQuote: Unicode.Scalar { get }

    /// `TRUE` or `FALSE` as an SQL expression: `TRUE` and `FALSE` by default, `1` and `0` in
    /// SQLite.
    ///
    /// - Parameter value: The truth value.
    /// - Returns: The literal.
    func literalBoolean(_ value: Bool) -> String

    /// A Boolean as the table stores it: ``SQLBinding/boolean(_:)`` by default, the integers
    /// 1 and 0 in SQLite.
    ///
    /// - Parameter value: The Boolean.
    /// - Returns: Its binding.
    func booleanBinding(_ value: Bool) -> SQLBinding

    /// Whether text can hold NUL (U+0000) in a column: `false` by default (PostgreSQL's
    /// `text` cannot); `true` in SQLite. Text holding NUL inside JSON is always refused.
    var textHoldsNUL: Bool { get }

    /// Why the dialect refuses something, for ``QueryError/unsupported(operation:target:reason:)``.
    ///
    /// By default a sentence that names the database; SQLite and PostgreSQL say exactly why.
    ///
    /// - Parameter refusal: What is refused.
    /// - Returns: The reason, one sentence.
    func reason(for refusal: SQLRefusal) -> String

    // MARK: Column types and collation

    /// The type to declare a column with, for values of a kind: `bigint`, `text COLLATE
    /// "C"`, … in PostgreSQL; empty for a kind the database has no type for.
    ///
    /// - Parameter kind: How KeyPathQuery stores the attribute's values.
    /// - Returns: The column type.
    func columnType(for kind: SQLValueKind) -> String

    /// The collation clause that makes text compare and sort by its UTF-8 bytes, as memory
    /// orders text in normalization form C, appended to every text column a condition or sort
    /// reads: `COLLATE "C"` in PostgreSQL; `nil` (the default) where the column's own
    /// collation already does, as SQLite's `BINARY` does.
    var textCollation: String? { get }

    /// Whether the connections register ``SQLTextFunctions`` when ``SQLOptions/textFunctions``
    /// names them: `false` by default; `true` in SQLite, where ``SQLTextFunctions`` are
    /// registered through its C API.
    var supportsTextFunctions: Bool { get }

    // MARK: Comparisons and text

    /// A test that is true when an expression differs from one bound value, `NULL` included
    /// (nil differs from every value, as in memory), and never `NULL` itself: `expression IS
    /// DISTINCT FROM ?` by default, `expression IS NOT ?` in SQLite.
    ///
    /// - Parameter expression: The expression.
    /// - Returns: The test, with one `?`.
    func notEqualTest(_ expression: String) -> String

    /// An SQL expression of text holding some Unicode scalars, given by their values, written
    /// in ASCII: `chr(223)`, `chr(700) || chr(110)` by default; `char(700, 110)` in SQLite.
    ///
    /// - Parameter codes: The scalars' values.
    /// - Returns: The expression.
    func characters(_ codes: [UInt32]) -> String

    /// Whether a text contains an operand, by its exact characters: `strpos(text, ?) > 0` in
    /// PostgreSQL. `NULL` text may give `NULL`.
    ///
    /// - Parameters:
    ///   - subject: The text's expression.
    ///   - operand: The operand, which the database can hold (see ``textHoldsNUL``).
    /// - Returns: The test and its bindings.
    /// - Throws: ``QueryError/unsupported(operation:target:reason:)`` when the dialect
    ///   cannot test it with the in-memory meaning.
    func textContains(_ subject: String, operand: String) throws(QueryError) -> SQLFragment

    /// Whether a text starts with an operand's exact characters: `starts_with(text, ?)` in
    /// PostgreSQL.
    ///
    /// - Parameters:
    ///   - subject: The text's expression.
    ///   - operand: The operand.
    /// - Returns: The test and its bindings.
    /// - Throws: ``QueryError/unsupported(operation:target:reason:)`` when the dialect
    ///   cannot test it with the in-memory meaning.
    func textHasPrefix(_ subject: String, operand: String) throws(QueryError) -> SQLFragment

    /// Whether a text ends with an operand's exact characters: `right(text, char_length(?)) =
    /// ?` in PostgreSQL.
    ///
    /// - Parameters:
    ///   - subject: The text's expression.
    ///   - operand: The operand.
    /// - Returns: The test and its bindings.
    /// - Throws: ``QueryError/unsupported(operation:target:reason:)`` when the dialect
    ///   cannot test it with the in-memory meaning.
    func textHasSuffix(_ subject: String, operand: String) throws(QueryError) -> SQLFragment

    /// Whether a text matches a `like` pattern — `*` any characters, `?` one, a backslash
    /// escaping the next — case-sensitively: by default `text LIKE ? ESCAPE '\'` with the
    /// pattern from ``likePattern(_:)``; SQLite's `GLOB`.
    ///
    /// - Parameters:
    ///   - subject: The text's expression.
    ///   - pattern: The pattern as KeyPathQuery writes it.
    /// - Returns: The test and its bindings.
    /// - Throws: ``QueryError/unsupported(operation:target:reason:)`` when the dialect
    ///   cannot test it with the in-memory meaning.
    func textLike(_ subject: String, pattern: String) throws(QueryError) -> SQLFragment

    // MARK: JSON arrays

    /// The `FROM` item of a subquery over the elements of a JSON array, each of them
    /// `alias.value`: `jsonb_array_elements(array) AS alias(value)` in PostgreSQL.
    ///
    /// - Parameters:
    ///   - array: The array's expression.
    ///   - alias: The name the elements' row takes.
    /// - Returns: The `FROM` item.
    func jsonArrayElements(_ array: String, as alias: String) -> String

    /// An element of a JSON array, or an attribute of a structured element, read as the
    /// attribute's kind compares in memory: `CAST((e1.value #>> '{}') AS numeric)` in
    /// PostgreSQL.
    ///
    /// - Parameters:
    ///   - element: The element's expression, `alias.value`.
    ///   - path: The names that lead to the attribute inside the element (`["session",
    ///     "name"]`), or none for the element itself.
    ///   - kind: How the attribute's values are stored.
    /// - Returns: The expression.
    /// - Throws: ``QueryError/unsupported(operation:target:reason:)`` for a name the
    ///   dialect cannot write in a JSON path.
    func jsonElement(_ element: String, path: [String], as kind: SQLValueKind)
        throws(QueryError) -> String

    /// The join that pairs each row of what precedes it with each distinct element of a
    /// JSON array, the element as `alias.value`: an empty array, or `NULL`, pairs with none,
    /// and an element the array repeats pairs once. By default `CROSS JOIN LATERAL (SELECT
    /// DISTINCT aliasd.value AS value FROM …) AS alias`, over ``jsonArrayElements(_:as:)``;
    /// SQLite's `JOIN json_each(array) AS alias ON NOT EXISTS (…)` keeps each element's first
    /// occurrence.
    ///
    /// An ``AggregateQuery`` grouped by elements (``GroupKey/elements(of:)``) joins with it.
    ///
    /// - Parameters:
    ///   - array: The array's expression, qualified by the table it is read from.
    ///   - alias: The name the elements' row takes.
    ///   - collation: What follows a text element to compare it as groups do
    ///     (` COLLATE …`), or empty.
    /// - Returns: The join.
    func jsonArrayDistinctElementsJoin(_ array: String, as alias: String, collation: String)
        -> String

    /// The number of elements of a JSON array: `jsonb_array_length(array)` in PostgreSQL.
    ///
    /// - Parameter array: The array's expression.
    /// - Returns: The expression.
    func jsonArrayLength(_ array: String) -> String

    /// A test that a JSON array holds every element of a bound JSON array, with one `?` for
    /// the bound array's JSON text: `array @> CAST(? AS jsonb)` in PostgreSQL; `nil` (the
    /// default) to test membership on the elements (``jsonArrayElements(_:as:)``) instead.
    ///
    /// - Parameter array: The array's expression.
    /// - Returns: The test, or `nil`.
    func jsonArrayContainment(_ array: String) -> String?

    /// A cheap test on a JSON array's text that every array holding a text element passes,
    /// with one `?` for the element as JSON writes it: `instr(array, ?) > 0` in SQLite, where
    /// arrays are TEXT; `nil` (the default) for none.
    ///
    /// - Parameter array: The array's expression.
    /// - Returns: The test, or `nil`.
    func jsonTextPrefilter(_ array: String) -> String?

    // MARK: References

    /// Whether a condition through a reference is written as an `IN` on the other table's
    /// matching rows rather than as a correlated `EXISTS` (the default): on the record a
    /// reference refers to, `outer."attribute" IN (SELECT r1."key" FROM "referred" AS r1 WHERE
    /// …)`; on the records that refer to this one, `outer."key" IN (SELECT r1."attribute" FROM
    /// "referring" AS r1 WHERE r1."attribute" IS NOT NULL AND …)` (`NOT IN` for `none` and
    /// `all`). `true` in SQLite, whose planner then finds the other table's matching rows once,
    /// by its indexes, instead of once for each row.
    var filtersReferencesWithIn: Bool { get }

    // MARK: Sorts, pages, writes

    /// A sort term: `expression ASC NULLS FIRST` by default, which says where `NULL` goes in
    /// every term; SQLite omits it where its own placement already agrees.
    ///
    /// - Parameters:
    ///   - expression: What is sorted by, quoted and collated.
    ///   - ascending: Whether the order is ascending.
    ///   - nilsFirst: Whether `NULL` comes first.
    /// - Returns: The term.
    func orderingTerm(_ expression: String, ascending: Bool, nilsFirst: Bool) -> String

    /// A call of an aggregate function over an expression: by default `count(x)`, `sum(x)`,
    /// `min(x)` and `max(x)`; PostgreSQL orders Booleans with `bool_and` and `bool_or`.
    ///
    /// The renderer of ``AggregateQuery`` builds averages and exact integer sums from these
    /// calls, so ``AggregateFunction/average`` is never asked for.
    ///
    /// - Parameters:
    ///   - function: The function: count, sum, minimum or maximum.
    ///   - argument: The expression, quoted and collated.
    ///   - kind: How the expression's values are stored.
    /// - Returns: The call.
    func aggregateCall(_ function: AggregateFunction, of argument: String, kind: SQLValueKind)
        -> String

    /// The clause that pages a query, with `?` for each binding: by default `LIMIT ?`,
    /// `OFFSET ?` or `LIMIT ? OFFSET ?`; `nil` for no limit and no offset.
    ///
    /// - Parameters:
    ///   - limit: The most rows, never negative, or `nil`.
    ///   - offset: The rows skipped, never negative.
    /// - Returns: The clause and its bindings, or `nil`.
    func limitClause(limit: Int?, offset: Int) -> SQLFragment?

    /// An `INSERT` that replaces, in place, the row whose unique column holds the same value:
    /// by default `INSERT INTO t (…) VALUES (…), … ON CONFLICT ("key") DO UPDATE SET "c" =
    /// excluded."c", …`, every other column updated.
    ///
    /// - Parameters:
    ///   - table: The table's name, quoted.
    ///   - columns: The columns' names, unquoted.
    ///   - rows: Each row's values as SQL expressions (placeholders, casts), one per column.
    ///   - uniqueColumn: The unique column that finds the row to replace, unquoted.
    /// - Returns: The statement.
    func upsert(into table: String, columns: [String], rows: [[String]], uniqueColumn: String)
        -> String
}

extension SQLDialect where Self == SQLiteDialect {
    /// SQLite 3.30 or later, the default.
    ///
    /// `?` placeholders, Booleans as 0 and 1, collections as JSON text read with `json_each`.
    public static var sqlite: SQLiteDialect { SQLiteDialect() }
}

extension SQLDialect where Self == PostgreSQLDialect {
    /// PostgreSQL 12 or later, on a database whose encoding is UTF-8.
    ///
    /// `$n` placeholders, Booleans as `boolean`, collections as `jsonb`, text compared and
    /// sorted by its UTF-8 bytes with `COLLATE "C"`.
    public static var postgreSQL: PostgreSQLDialect { PostgreSQLDialect() }
}
