import KeyPathQuery
import ModelStorage

extension SQLClauses {
    /// The condition alone, without its `WHERE` keyword.
    public var condition: String {
        String(whereClause.sql.dropFirst("WHERE ".count))
    }

    /// The `WHERE` clause with another test and'ed to the condition:
    /// `WHERE (condition) AND extra`.
    ///
    /// - Parameter extra: The other test (rows to leave out), or `nil`.
    /// - Returns: The clause, keyword included.
    public func filter(and extra: String?) -> String {
        "WHERE (" + condition + ")" + (extra.map { " AND " + $0 } ?? "")
    }

    /// The `ORDER BY` clause in the store's order: the query's sort keys, their ties (and a
    /// query without any) in `_order`.
    public var orderInStore: String {
        orderByClause.map { $0 + ", \"_order\"" } ?? "ORDER BY \"_order\""
    }
}

@_spi(BackendInternals)
extension StoreError {
    /// The error of a connection's read given a condition that still follows a reference
    /// SQL cannot answer exactly: a transaction of the database resolves it first
    /// (`Condition.resolvingReferences(in:)`).
    public static var unresolvedReference: StoreError {
        .invalidQuery(
            .unsupported(
                operation: "a condition that follows a reference", target: .sql,
                reason: "a transaction reads it through its database, which resolves it first"))
    }
}
