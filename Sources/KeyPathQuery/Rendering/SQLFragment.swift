/// A piece of SQL with placeholders — `?` in SQLite, `$1`, `$2`, … in PostgreSQL — and the
/// values to bind to them in order.
///
/// Values never appear in ``sql``: every one is a ``SQLBinding``. The text holds only SQL
/// keywords, functions, the placeholders and quoted attribute names from the model's
/// ``Queryable/queryAttributes``, so no value can change what the statement does.
///
/// ```swift
/// let fragment = try (\Pokemon.attack >= 80).sqlExpression()
/// fragment.sql         // "\"attack\" >= ?"
/// fragment.bindings    // [.integer(80)]
/// let statement = "SELECT id FROM pokemon WHERE " + fragment.sql
/// ```
public struct SQLFragment: Hashable, Sendable {
    /// The SQL text, with one placeholder for each binding.
    public let sql: String

    /// The values for the placeholders, in the order they appear in ``sql``.
    public let bindings: [SQLBinding]

    /// Creates a fragment from its parts.
    ///
    /// - Parameters:
    ///   - sql: The SQL text, with one placeholder for each binding.
    ///   - bindings: The values for the placeholders, in order.
    public init(sql: String, bindings: [SQLBinding] = []) {
        self.sql = sql
        self.bindings = bindings
    }
}
