import KeyPathQuery
import ModelStorage
@_spi(BackendInternals) import SQLStorage

/// Computing an aggregate query in SQLite: one statement, its rows read back as the
/// in-memory engine gives them.
extension SQLiteConnection {
    /// The rows of an aggregate query whose condition SQLite answers exactly, or `nil` when
    /// only memory can (see ``records(selectedBy:plan:in:excluding:)``).
    func aggregate<Model>(
        _ query: AggregateQuery<Model>, plan: QueryPlan<Model>, in layout: TableLayout<Model>
    ) throws(StoreError) -> [AggregateRow]? {
        guard case .sql(let clauses, _) = plan else { return nil }
        let statement = try StoreError.checking { () throws(QueryError) in
            try query.sqlStatement(
                fromQuoted: layout.table, where: clauses.whereClause, options: layout.options)
        }
        // The statement, not only its condition: a group by elements reads them with
        // `json_each` too.
        guard
            try !readsTruncatedJSON(statement.sql, in: tables(readBy: query.condition, in: layout))
        else { return nil }
        var rows: [[SQLBinding]] = []
        try run(statement.sql, statement.bindings, operation: "compute the aggregates") {
            row throws(StoreError) in
            rows.append((0..<row.columnCount).map { row.binding(at: $0) })
            return true
        }
        evaluations?.count(.inDatabase, as: [.count])
        return try StoreError.checking { () throws(QueryError) in try statement.rows(from: rows) }
    }
}
