/// A query rendered for SQL: its `WHERE`, `ORDER BY` and `LIMIT` clauses, with the values
/// to bind.
///
/// Append ``sql`` to your `SELECT … FROM …` and bind ``bindings`` in order:
///
/// ```swift
/// let query = RecordQuery<Pokemon>(
///     where: .contains(\.types, .fire), sortedBy: [.descending(\.attack), .ascending(\.id)],
///     limit: 10)
/// let clauses = try query.sqlClauses()
/// let statement = "SELECT * FROM pokemon " + clauses.sql
/// // WHERE instr("types", ?) > 0
/// // AND EXISTS (SELECT 1 FROM json_each("types") AS e1 WHERE e1.value = ?)
/// // ORDER BY "attack" DESC, "id" ASC LIMIT ?
/// clauses.bindings     // [.text("\"fire\""), .text("fire"), .integer(10)]
/// ```
public struct SQLClauses: Hashable, Sendable {
    /// The `WHERE` clause, keyword included: `WHERE 1` (PostgreSQL: `WHERE TRUE`) for a query
    /// without a condition.
    public let whereClause: SQLFragment

    /// The `ORDER BY` clause, keyword included, or `nil` when the query has no sort keys.
    ///
    /// It never has bindings: it holds quoted attribute names, calls of the registered fold
    /// function (``SQLOptions/textFunctions``), `ASC`,
    /// `DESC`, `NULLS FIRST` and `NULLS LAST` only.
    public let orderByClause: String?

    /// The `LIMIT` clause, keyword included, with the limit and offset as bindings — or `nil`
    /// when the query has neither a limit nor an offset.
    ///
    /// In PostgreSQL, an offset without a limit is `OFFSET $n` alone, and the placeholders
    /// continue the `WHERE` clause's numbering.
    public let limitClause: SQLFragment?

    /// Creates clauses from their parts.
    ///
    /// - Parameters:
    ///   - whereClause: The `WHERE` clause.
    ///   - orderByClause: The `ORDER BY` clause, if any.
    ///   - limitClause: The `LIMIT` clause, if any.
    public init(whereClause: SQLFragment, orderByClause: String?, limitClause: SQLFragment?) {
        self.whereClause = whereClause
        self.orderByClause = orderByClause
        self.limitClause = limitClause
    }

    /// The clauses in order, separated by spaces.
    public var sql: String {
        [whereClause.sql, orderByClause, limitClause?.sql].compactMap { $0 }.joined(
            separator: " ")
    }

    /// The values for the placeholders of ``sql``, in order.
    public var bindings: [SQLBinding] {
        whereClause.bindings + (limitClause?.bindings ?? [])
    }
}
