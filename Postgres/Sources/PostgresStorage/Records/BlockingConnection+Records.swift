import Foundation
import KeyPathQuery
import ModelStorage
import PostgresNIO
@_spi(BackendInternals) import SQLStorage

/// Reading a model's records: by key, by query, and counts, run in PostgreSQL with the
/// query rendered in KeyPathQuery's PostgreSQL dialect, or in memory where SQL cannot give
/// the in-memory engine's answer.
///
/// A query runs whole in SQL (condition, sort keys, page, ties broken by `_order`) when it
/// renders, every text operand is exact (see ``TableLayout/exactText(_:)``: already in NFC,
/// each character one code point, no NUL) and no row is inexact (`_exact` false). When
/// some rows are inexact, SQL narrows the rows to the exact ones that match and every
/// inexact one, and the engine filters, sorts and pages those. When the query does not
/// render (an operator the dialect refuses, such as `matches` or a diacritic-insensitive
/// test) or an operand is not exact, the engine evaluates it over every row, read in store
/// order.
extension BlockingConnection {
    /// The record with a key, or `nil`: a prepared lookup in the unique index of `_key`.
    func record<Model>(withKey key: String, in layout: TableLayout<Model>) throws(StoreError)
        -> Model?
    {
        guard
            let found = try preparedRow(
                "SELECT \"_record\" FROM \(layout.table) WHERE \"_key\" = $1", text: [key],
                operation: "read a record")
        else { return nil }
        return try layout.record(from: found[0], database: database, row: "_key \(key)")
    }

    /// The records with some keys, by key, in one query whatever their number; a key no
    /// record has is left out.
    func records<Model>(withKeys keys: [String], in layout: TableLayout<Model>)
        throws(StoreError) -> [String: Model]
    {
        guard let list = try Self.keyList(keys) else { return [:] }
        let found = try rows(
            "SELECT \"_key\", \"_record\" FROM \(layout.table) WHERE \"_key\" IN "
                + "(SELECT jsonb_array_elements_text(CAST($1 AS jsonb)))",
            [list], operation: "read records")
        var byKey: [String: Model] = [:]
        byKey.reserveCapacity(found.count)
        for row in found {
            let (key, json) = try decoded(row, operation: "read records")
            byKey[key] = try layout.record(from: json, database: database, row: "_key \(key)")
        }
        return byKey
    }

    /// The `_order` of the record with a key, or `nil`.
    func order<Model>(ofKey key: String, in layout: TableLayout<Model>) throws(StoreError)
        -> Int64?
    {
        try preparedRow(
            "SELECT CAST(\"_order\" AS text) FROM \(layout.table) WHERE \"_key\" = $1",
            text: [key], operation: "read a record"
        ).map { (found) throws(StoreError) in
            try parsedInteger(found[0], operation: "read a record")
        }
    }

    /// The write version of the record with a key, or `nil`.
    func writeVersion<Model>(ofKey key: String, in layout: TableLayout<Model>)
        throws(StoreError) -> UInt64?
    {
        try preparedRow(
            "SELECT CAST(\"_version\" AS text) FROM \(layout.table) WHERE \"_key\" = $1",
            text: [key], operation: "read a record"
        ).map { (found) throws(StoreError) in
            UInt64(Swift.max(0, try parsedInteger(found[0], operation: "read a record")))
        }
    }

    /// The number of records.
    func count<Model>(in layout: TableLayout<Model>) throws(StoreError) -> Int {
        Int(
            try integer("SELECT count(*) FROM \(layout.table)", operation: "count the records") ?? 0
        )
    }

    /// The records a query selects among those whose keys are not excluded, with their
    /// `_order` (or 0 without `positions`: a read that only needs the records, whose query
    /// SQL answers whole then reads no `_order`), in the query's order, as its plan says.
    ///
    /// - Returns: The records, or `nil` when only a transaction of the database can answer:
    ///   a plan that resolves references, or one whose condition follows references while
    ///   some row is inexact.
    func records<Model>(
        selectedBy query: RecordQuery<Model>, plan: QueryPlan<Model>,
        in layout: TableLayout<Model>, excluding keys: [String] = [], positions: Bool = true
    ) throws(StoreError) -> [(position: Int, record: Model)]? {
        let select = Self.selectRecords(layout)
        let clauses: SQLClauses
        let fallback: CompiledQuery<Model>?
        switch plan {
        case .resolvingReferences: return nil
        case .memory(let compiled):
            // The engine over every row.
            evaluations?.count(.inMemory, as: QueryEvaluationCounter.kinds(of: query))
            let exclusion = try Self.exclusion(of: keys, number: 1)
            let rows = try rows(
                select + (exclusion.map { "WHERE " + $0.sql } ?? "") + " ORDER BY \"_order\"",
                exclusion.map { [$0.binding] } ?? [], operation: "query the records")
            return try applying(compiled, to: rows, layout)
        case .sql(let rendered, let engine): (clauses, fallback) = (rendered, engine)
        }
        let condition = clauses.condition
        // In one round trip: the whole query in SQL, provided no row is inexact (a condition
        // PostgreSQL evaluates once). No row back means no match, or some inexact row.
        let exclusion = try Self.exclusion(
            of: keys, number: clauses.whereClause.bindings.count + 1)
        let found = try queryRows(
            (positions ? select : "SELECT \"_key\", \"_record\" FROM \(layout.table) ")
                + "WHERE (\(condition)) AND NOT EXISTS (SELECT 1 FROM \(layout.table) "
                + "WHERE NOT \"_exact\")" + (exclusion.map { " AND " + $0.sql } ?? "") + " "
                + clauses.orderInStore + Self.page(of: query),
            clauses.whereClause.bindings + (exclusion.map { [$0.binding] } ?? []),
            operation: "query the records")
        if found.isEmpty, try hasInexactRows(layout) {
            // SQL narrows to the exact rows that match and every inexact one; the engine
            // decides. A condition that follows references it cannot evaluate alone.
            guard let fallback else { return nil }
            evaluations?.count(.finishedInMemory, as: QueryEvaluationCounter.kinds(of: query))
            let rows = try rows(
                select + "WHERE ((\"_exact\" AND (\(condition))) OR NOT \"_exact\")"
                    + (exclusion.map { " AND " + $0.sql } ?? "") + " ORDER BY \"_order\"",
                clauses.whereClause.bindings + (exclusion.map { [$0.binding] } ?? []),
                operation: "query the records")
            return try applying(fallback, to: rows, layout)
        }
        evaluations?.count(.inDatabase, as: QueryEvaluationCounter.kinds(of: query))
        var selected: [(position: Int, record: Model)] = []
        selected.reserveCapacity(found.count)
        for row in found {
            if positions {
                let (order, record) = try decoded(row, layout)
                selected.append((Int(order), record))
            } else {
                let (key, json) = try decoded(row, operation: "read a record")
                selected.append(
                    (0, try layout.record(from: json, database: database, row: "_key \(key)")))
            }
        }
        return selected
    }

    /// The number of records whose keys are not excluded that satisfy a condition, counted
    /// as its plan (the plan of `RecordQuery(where: condition)`) says.
    ///
    /// - Returns: The count, or `nil` when only a transaction of the database can answer
    ///   (see ``records(selectedBy:plan:in:excluding:positions:)``).
    func count<Model>(
        where condition: Condition<Model>, plan: QueryPlan<Model>,
        in layout: TableLayout<Model>, excluding keys: [String] = []
    ) throws(StoreError) -> Int? {
        let select = Self.selectRecords(layout)
        let clauses: SQLClauses
        let fallback: CompiledQuery<Model>?
        switch plan {
        case .resolvingReferences: return nil
        case .memory(let compiled):
            evaluations?.count(.inMemory, as: [.count])
            let exclusion = try Self.exclusion(of: keys, number: 1)
            let rows = try rows(
                select + (exclusion.map { "WHERE " + $0.sql } ?? ""),
                exclusion.map { [$0.binding] } ?? [], operation: "count the records")
            return try evaluating(compiled.condition, on: rows, layout)
        case .sql(let rendered, let engine): (clauses, fallback) = (rendered, engine)
        }
        let bindings = clauses.whereClause.bindings
        let exclusion = try Self.exclusion(of: keys, number: bindings.count + 1)
        let inSQL = try integer(
            "SELECT count(*) FROM \(layout.table) WHERE \"_exact\" AND (\(clauses.condition))"
                + (exclusion.map { " AND " + $0.sql } ?? ""),
            bindings + (exclusion.map { [$0.binding] } ?? []), operation: "count the records")
        let inexactExclusion = try Self.exclusion(of: keys, number: 1)
        let inexact = try rows(
            select + "WHERE NOT \"_exact\"" + (inexactExclusion.map { " AND " + $0.sql } ?? ""),
            inexactExclusion.map { [$0.binding] } ?? [], operation: "count the records")
        guard !inexact.isEmpty else {
            evaluations?.count(.inDatabase, as: [.count])
            return Int(inSQL ?? 0)
        }
        // A condition that follows references the engine cannot evaluate alone.
        guard let fallback else { return nil }
        evaluations?.count(.finishedInMemory, as: [.count])
        return Int(inSQL ?? 0) + (try evaluating(fallback.condition, on: inexact, layout))
    }

    /// The records a query selects with the total count and the version, read in one
    /// snapshot as the query's plan says; `nil` when only a transaction of the database can
    /// answer (see ``records(selectedBy:plan:in:excluding:positions:)``).
    func result<Model>(
        of query: RecordQuery<Model>, plan: QueryPlan<Model>, in layout: TableLayout<Model>
    ) throws(StoreError) -> QueryResult<Model>? {
        if plan.resolvesReferences { return nil }
        return try inSnapshot { () throws(StoreError) in
            guard
                let records = try records(
                    selectedBy: query, plan: plan, in: layout, positions: false)
            else { return nil }
            return QueryResult(
                records: records.map(\.record), totalCount: try count(in: layout),
                version: try databaseVersion(operation: "read the version"))
        }
    }

    /// The record with a key and the version, read in one snapshot.
    func versioned<Model>(withKey key: String, in layout: TableLayout<Model>)
        throws(StoreError) -> Versioned<Model>?
    {
        try inSnapshot { () throws(StoreError) in
            guard let record: Model = try record(withKey: key, in: layout) else { return nil }
            return Versioned(record, version: try databaseVersion(operation: "read the version"))
        }
    }

    /// Runs reads in one read-only `REPEATABLE READ` transaction: one snapshot of the
    /// database.
    func inSnapshot<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError)
        -> Result
    {
        try rows("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", operation: "read")
        do {
            let result = try body()
            try rows("COMMIT", operation: "read")
            return result
        } catch {
            _ = try? rows("ROLLBACK", operation: "read")
            throw error
        }
    }

    /// Whether SQL answers a query exactly: always for one that follows no reference (the
    /// store's own reads see its table's inexact rows); for one that follows references, only
    /// while no table of the database holds an inexact row, which the other tables' `EXISTS`
    /// could not see, and every table is there to be named (see ``awaitsTables``).
    func answersExactly<Model>(
        _ query: RecordQuery<Model>, tables: [String]
    ) throws(StoreError) -> Bool {
        guard query.condition.followsReferences else { return true }
        // A snapshot read reads the models whose tables are missing as empty.
        guard !awaitsTables else { return false }
        let checks = tables.map { "EXISTS (SELECT 1 FROM \($0) WHERE NOT \"_exact\")" }
        let inexact = try integer(
            "SELECT CASE WHEN " + checks.joined(separator: " OR ") + " THEN 1 ELSE 0 END",
            operation: "query the records")
        return inexact == 0
    }

    // MARK: Rows

    /// Whether any row is inexact, so that SQL alone cannot answer.
    private func hasInexactRows<Model>(_ layout: TableLayout<Model>) throws(StoreError) -> Bool {
        try integer(
            "SELECT count(*) FROM (SELECT 1 FROM \(layout.table) WHERE NOT \"_exact\" LIMIT 1) "
                + "AS inexact", operation: "query the records") == 1
    }

    /// A query's page as literals, ` LIMIT 10 OFFSET 20`, or nothing, for a query whose
    /// rendering checked it (neither is negative).
    ///
    /// Not bound: a prepared statement whose limit is a parameter is planned for every run,
    /// since PostgreSQL's plan for any limit (which it takes to be a tenth of the rows) costs
    /// more than one for the limit at hand; the limit is a number, never text.
    private static func page<Model>(of query: RecordQuery<Model>) -> String {
        (query.limit.map { " LIMIT \($0)" } ?? "")
            + (query.offset > 0 ? " OFFSET \(query.offset)" : "")
    }

    /// The start of a query of rows: `SELECT` of their `_order` and `_record` from the
    /// table, and a space.
    ///
    /// The order comes as text (see ``queryRows(_:_:operation:)``), named apart from
    /// `_order`, which `ORDER BY "_order"` would otherwise sort as text.
    private static func selectRecords<Model>(_ layout: TableLayout<Model>) -> String {
        "SELECT CAST(\"_order\" AS text) AS \"_order_text\", \"_record\" FROM \(layout.table) "
    }

    /// A row of ``selectRecords(_:)``: its `_order` and its record.
    private func decoded<Model>(_ row: PostgresRow, _ layout: TableLayout<Model>)
        throws(StoreError) -> (Int64, Model)
    {
        let (order, json) = try decoded(row, operation: "read a record")
        let number = try parsedInteger(order, operation: "read a record")
        return (number, try layout.record(from: json, database: database, row: "_order \(order)"))
    }

    /// A row of two text columns.
    private func decoded(_ row: PostgresRow, operation: String) throws(StoreError)
        -> (String, String)
    {
        do {
            return try row.decode((String, String).self)
        } catch {
            throw .statementFailed(
                at: .database(database), operation: operation, message: "\(error)")
        }
    }

    /// The engine's answer over rows in store order, with their positions.
    private func applying<Model>(
        _ compiled: CompiledQuery<Model>, to rows: [PostgresRow], _ layout: TableLayout<Model>
    ) throws(StoreError) -> [(position: Int, record: Model)] {
        var records: [Model] = []
        var positions: [Model.ID: Int] = [:]
        records.reserveCapacity(rows.count)
        for row in rows {
            let (order, record) = try decoded(row, layout)
            records.append(record)
            positions[record.id] = Int(order)
        }
        return compiled.apply(to: records).map { (positions[$0.id] ?? 0, $0) }
    }

    /// How many rows satisfy a condition, evaluated by the engine.
    private func evaluating<Model>(
        _ compiled: CompiledCondition<Model>, on rows: [PostgresRow], _ layout: TableLayout<Model>
    ) throws(StoreError) -> Int {
        var count = 0
        for row in rows where compiled.evaluate(try decoded(row, layout).1) { count += 1 }
        return count
    }

    // MARK: SQL

    /// The rows to leave out, as one `jsonb` array of their keys bound at `$number`.
    static func exclusion(of keys: [String], number: Int) throws(StoreError)
        -> (sql: String, binding: SQLBinding)?
    {
        guard let list = try keyList(keys) else { return nil }
        return (
            "NOT (\"_key\" IN (SELECT jsonb_array_elements_text(CAST($\(number) AS jsonb))))",
            list
        )
    }

    /// Keys as one binding, the text of a JSON array, for
    /// `jsonb_array_elements_text(CAST($n AS jsonb))`; `nil` for no key.
    static func keyList(_ keys: [String]) throws(StoreError) -> SQLBinding? {
        guard !keys.isEmpty else { return nil }
        do {
            return .text(String(decoding: try JSONEncoder().encode(keys), as: UTF8.self))
        } catch {
            throw .encodingFailed(id: keys.first ?? "", reason: "\(error)")
        }
    }
}
