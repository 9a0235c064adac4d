import Foundation
import KeyPathQuery
import ModelStorage
import PostgresNIO
@_spi(BackendInternals) import SQLStorage

/// Computing an aggregate query in PostgreSQL: one statement, its rows read back by the kind
/// of each column as the in-memory engine gives them.
extension BlockingConnection {
    /// The rows of an aggregate query whose condition PostgreSQL answers exactly on every
    /// row, or `nil` when the plan is not SQL's or a row is inexact (its text is not what
    /// PostgreSQL compares exactly), and only memory can answer.
    func aggregate<Model>(
        _ query: AggregateQuery<Model>, plan: QueryPlan<Model>, in layout: TableLayout<Model>
    ) throws(StoreError) -> [AggregateRow]? {
        guard case .sql(let clauses, _) = plan else { return nil }
        let inexact = try rows(
            "SELECT 1 FROM \(layout.table) WHERE NOT \"_exact\" LIMIT 1",
            operation: "compute the aggregates")
        guard inexact.isEmpty else { return nil }
        let statement: SQLAggregateStatement
        do {
            statement = try query.sqlStatement(
                fromQuoted: layout.table, where: clauses.whereClause, options: layout.options)
        } catch {
            throw .invalidQuery(error)
        }
        let operation = "compute the aggregates"
        var values: [[SQLBinding]] = []
        for row in try rows(statement.sql, statement.bindings, operation: operation) {
            var columns: [SQLBinding] = []
            for (cell, kind) in zip(row, statement.columnKinds) {
                columns.append(try binding(of: cell, as: kind, operation: operation))
            }
            values.append(columns)
        }
        evaluations?.count(.inDatabase, as: [.count])
        do {
            return try statement.rows(from: values)
        } catch {
            throw .invalidQuery(error)
        }
    }

    /// A cell of a row decoded as the kind of value its column holds.
    private func binding(
        of cell: PostgresCell, as kind: SQLValueKind, operation: String
    ) throws(StoreError) -> SQLBinding {
        do {
            switch kind {
            case .integer: return try cell.decode(Int64?.self).map { .integer($0) } ?? .null
            case .real: return try cell.decode(Double?.self).map { .real($0) } ?? .null
            case .boolean: return try cell.decode(Bool?.self).map { .boolean($0) } ?? .null
            case .bytes:
                return try cell.decode(ByteBuffer?.self).map { .blob(Data($0.readableBytesView)) }
                    ?? .null
            default: return try cell.decode(String?.self).map { .text($0) } ?? .null
            }
        } catch {
            throw .statementFailed(
                at: .database(database), operation: operation, message: "\(error)")
        }
    }
}
