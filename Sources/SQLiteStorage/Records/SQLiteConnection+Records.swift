import KeyPathQuery
import ModelStorage
@_spi(BackendInternals) import SQLStorage

/// Reading a model's records: by key, by query, and counts — run in SQLite, with the
/// query's condition, sort keys and page rendered as SQL.
extension SQLiteConnection {
    /// The record with a key, or `nil`.
    func record<Model>(
        withKey key: SQLBinding, in layout: TableLayout<Model>
    ) throws(StoreError) -> Model? {
        var record: Model?
        try run(layout.recordByKey, [key], operation: "read a record") { (row) throws(StoreError) in
            record = try layout.record(in: row, at: 0, path: path, order: 0)
            return false
        }
        return record
    }

    /// The `_order` of the record with a key, or `nil`.
    func order<Model>(ofKey key: SQLBinding, in layout: TableLayout<Model>) throws(StoreError)
        -> Int64?
    {
        try integer(layout.orderByKey, [key], operation: "read a record")
    }

    /// The `_version` of the record with a key (its write version), or `nil`.
    func writeVersion<Model>(ofKey key: SQLBinding, in layout: TableLayout<Model>)
        throws(StoreError) -> UInt64?
    {
        try integer(layout.writeVersionByKey, [key], operation: "read a record")
            .map { UInt64(Swift.max(0, $0)) }
    }

    /// The number of records.
    func count<Model>(in layout: TableLayout<Model>) throws(StoreError) -> Int {
        Int(try integer(layout.countAll, operation: "count the records") ?? 0)
    }

    /// The records a query selects among those whose keys are not excluded, with their
    /// `_order`, as its plan says: in SQLite (ties broken by `_order`), or in memory over the
    /// rows, read one at a time in store order, keeping only the matches.
    ///
    /// A plan of SQL whose condition reads collection elements while a stored one holds NUL
    /// (see ``readsTruncatedJSON(_:in:)``) is evaluated in memory instead, unless its
    /// condition follows a reference, which memory cannot evaluate alone (it would need the
    /// other model's records): the answer is then `nil`, as for a plan that resolves
    /// references, and the store reads through a transaction of its database.
    ///
    /// - Returns: The records with their `_order`, or `nil` when only a transaction of the
    ///   database can answer.
    func records<Model>(
        selectedBy query: RecordQuery<Model>, plan: QueryPlan<Model>,
        in layout: TableLayout<Model>, excluding keys: [SQLBinding] = []
    ) throws(StoreError) -> SelectedRecords<Model>? {
        let exclusion = Self.exclusion(of: keys)
        let columns = "SELECT \"_order\", \(layout.recordColumns) FROM \(layout.table) "
        let compiled: CompiledQuery<Model>
        switch plan {
        case .resolvingReferences: return nil
        case .memory(let engine): compiled = engine
        case .sql(let clauses, let fallback):
            if try !readsTruncatedJSON(
                clauses.whereClause.sql, in: tables(readBy: query.condition, in: layout))
            {
                var selected = SelectedRecords<Model>()
                var values: [SQLBinding] = []
                try run(
                    columns + clauses.filter(and: exclusion?.sql) + " " + clauses.orderInStore
                        + (clauses.limitClause.map { " " + $0.sql } ?? ""),
                    clauses.whereClause.bindings + (exclusion.map { [$0.binding] } ?? [])
                        + (clauses.limitClause?.bindings ?? []),
                    operation: "query the records"
                ) { (row) throws(StoreError) in
                    let order = row.integer(at: 0)
                    selected.positions.append(Int(order))
                    selected.records.append(
                        try layout.record(
                            in: row, at: 1, path: path, order: order, values: &values))
                    return true
                }
                evaluations?.count(.inDatabase, as: QueryEvaluationCounter.kinds(of: query))
                return selected
            }
            guard let fallback else { return nil }
            compiled = fallback
        }
        var matches = SelectedRecords<Model>()
        var values: [SQLBinding] = []
        try run(
            columns + (exclusion.map { "WHERE " + $0.sql } ?? "") + " ORDER BY \"_order\"",
            exclusion.map { [$0.binding] } ?? [], operation: "query the records"
        ) { (row) throws(StoreError) in
            let order = row.integer(at: 0)
            let record = try layout.record(
                in: row, at: 1, path: path, order: order, values: &values)
            if compiled.condition.evaluate(record) {
                matches.positions.append(Int(order))
                matches.records.append(record)
            }
            return true
        }
        evaluations?.count(.inMemory, as: QueryEvaluationCounter.kinds(of: query))
        var positions: [Model.ID: Int] = [:]
        for (position, record) in zip(matches.positions, matches.records) {
            positions[record.id] = position
        }
        var selected = SelectedRecords<Model>()
        selected.records = compiled.apply(to: matches.records)
        selected.positions = selected.records.map { positions[$0.id] ?? 0 }
        return selected
    }

    /// The number of records whose keys are not excluded that satisfy a condition, counted
    /// as its plan (the plan of `RecordQuery(where: condition)`) says: in SQLite, or in
    /// memory over the rows.
    ///
    /// - Returns: The count, or `nil` when only a transaction of the database can answer
    ///   (see ``records(selectedBy:plan:in:excluding:)``).
    func count<Model>(
        where condition: Condition<Model>, plan: QueryPlan<Model>,
        in layout: TableLayout<Model>, excluding keys: [SQLBinding] = []
    ) throws(StoreError) -> Int? {
        let exclusion = Self.exclusion(of: keys)
        let compiled: CompiledCondition<Model>
        switch plan {
        case .resolvingReferences: return nil
        case .memory(let engine): compiled = engine.condition
        case .sql(let clauses, let fallback):
            if try !readsTruncatedJSON(
                clauses.whereClause.sql, in: tables(readBy: condition, in: layout))
            {
                evaluations?.count(.inDatabase, as: [.count])
                return Int(
                    try integer(
                        "SELECT count(*) FROM \(layout.table) "
                            + clauses.filter(and: exclusion?.sql),
                        clauses.whereClause.bindings + (exclusion.map { [$0.binding] } ?? []),
                        operation: "count the records") ?? 0)
            }
            guard let fallback else { return nil }
            compiled = fallback.condition
        }
        evaluations?.count(.inMemory, as: [.count])
        var count = 0
        var values: [SQLBinding] = []
        try run(
            "SELECT \"_order\", \(layout.recordColumns) FROM \(layout.table) "
                + (exclusion.map { "WHERE " + $0.sql } ?? ""),
            exclusion.map { [$0.binding] } ?? [], operation: "count the records"
        ) { (row) throws(StoreError) in
            let order = row.integer(at: 0)
            let record = try layout.record(
                in: row, at: 1, path: path, order: order, values: &values)
            if compiled.evaluate(record) { count += 1 }
            return true
        }
        return count
    }

    /// The tables a condition on a model reads: the model's own, and those of the models it
    /// follows references into.
    func tables<Model>(readBy condition: Condition<Model>, in layout: TableLayout<Model>)
        -> [String]
    {
        guard condition.followsReferences else { return [layout.name] }
        return [layout.name]
            + condition.referencedModels.compactMap { layout.options.tables.table(for: $0)?.name }
            .sorted()
    }

    /// The test that finds a record whose JSON holds NUL (`\u0000`), as the partial index
    /// of such records states it (see `updateIndexes(for:)`): a query that states it the
    /// same way is answered from that index.
    static let holdsNUL = "instr(\"_record\", '\\u0000') > 0"

    /// Whether a rendered condition reads collection elements that SQLite would cut short.
    ///
    /// True when the SQL reads elements with `json_each` while some record of the tables it
    /// reads holds NUL in its JSON: SQLite's JSON functions (3.40) end a string at `\u0000`,
    /// so the elements SQL would test are not the stored ones, and the condition is
    /// evaluated in memory instead. A record holding the text `\u0000` also answers yes,
    /// which costs only speed.
    ///
    /// Each table's answer comes from its partial index of such records, which the store
    /// makes when it opens the database for writing: one look into an index that is empty
    /// unless a record holds NUL. A table written before the index was made is scanned, and
    /// a read-only connection (every reader) keeps the answers until `PRAGMA data_version`
    /// says another connection committed, so that it scans once per change of the database
    /// rather than once per query.
    ///
    /// - Parameters:
    ///   - sql: The rendered condition.
    ///   - tables: The tables it reads, unquoted.
    /// - Returns: Whether SQL would read some element of those tables cut short.
    /// - Throws: A ``StoreError`` when the tables cannot be read.
    func readsTruncatedJSON(_ sql: String, in tables: [String]) throws(StoreError) -> Bool {
        guard sql.contains("json_each(") else { return false }
        // Read before the scans: a commit between them makes the next look scan again.
        let dataVersion = isReadOnly ? try dataVersion() : nil
        if let dataVersion, recordsHoldingNUL?.dataVersion != dataVersion {
            recordsHoldingNUL = (dataVersion, [:])
        }
        for table in tables {
            if dataVersion != nil, let known = recordsHoldingNUL?.tables[table] {
                if known { return true }
                continue
            }
            let exists = try integer(
                "SELECT EXISTS (SELECT 1 FROM \(SQLIdentifier.quoted(table)) WHERE \(Self.holdsNUL))",
                operation: "query the records")
            let found = (exists ?? 0) != 0
            if dataVersion != nil { recordsHoldingNUL?.tables[table] = found }
            if found { return true }
        }
        return false
    }

    /// The database's version: the number of commits that changed something, the highest
    /// `version` of the version table (each commit writes it to the rows of the tables it
    /// changed).
    func databaseVersion() throws(StoreError) -> UInt64 {
        let version = try integer(
            "SELECT coalesce(max(\"version\"), 0) FROM \(Schema.versionTable)",
            operation: "read the database's version")
        return UInt64(Swift.max(0, version ?? 0))
    }

    /// The database's version, or 0 when it has no version table yet (a database cut off
    /// before its first commit, opened read-only).
    func databaseVersionIfAny() throws(StoreError) -> UInt64 {
        let tables = try integer(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?",
            [.text("modelstorage_version")], operation: "read the database's version")
        return tables == 1 ? try databaseVersion() : 0
    }

    /// The records a query selects with the total count and the version, read at one moment
    /// as the query's plan says; `nil` when only a transaction of the database can answer
    /// (see ``records(selectedBy:plan:in:excluding:)``).
    func result<Model>(
        of query: RecordQuery<Model>, plan: QueryPlan<Model>, in layout: TableLayout<Model>
    ) throws(StoreError) -> QueryResult<Model>? {
        if plan.resolvesReferences { return nil }
        return try reading { () throws(StoreError) in
            guard let records = try records(selectedBy: query, plan: plan, in: layout)
            else { return nil }
            return QueryResult(
                records: records.records, totalCount: try count(in: layout),
                version: try databaseVersion())
        }
    }

    /// The record with a key and the version, read at one moment.
    func versioned<Model>(
        withKey key: SQLBinding, in layout: TableLayout<Model>
    ) throws(StoreError) -> Versioned<Model>? {
        try reading { () throws(StoreError) in
            guard let record: Model = try record(withKey: key, in: layout) else { return nil }
            return Versioned(record, version: try databaseVersion())
        }
    }

    /// Runs reads in one read transaction, so that they see one moment of the database.
    func reading<Result>(
        _ body: () throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        try run("BEGIN", operation: "read")
        do {
            let result = try body()
            try run("COMMIT", operation: "read")
            return result
        } catch {
            try? run("ROLLBACK", operation: "read")
            throw error
        }
    }

    // MARK: SQL

    /// The rows to leave out, as one binding: a JSON array of their keys.
    private static func exclusion(of keys: [SQLBinding]) -> (sql: String, binding: SQLBinding)? {
        guard !keys.isEmpty else { return nil }
        let values: [QueryValue] = keys.map { key in
            switch key {
            case .integer(let value): .integer(value)
            case .boolean(let value): .integer(value ? 1 : 0)
            case .real(let value): .double(value)
            case .text(let value): .string(value)
            case .null, .blob: .null
            }
        }
        return (
            "\"_key\" NOT IN (SELECT value FROM json_each(?))", SQLBinding(storing: .list(values))
        )
    }
}

/// The records a query selected, in its order, and the `_order` of each: two lists rather
/// than one of pairs, so that reading a row appends an integer and a record.
struct SelectedRecords<Model> {
    /// The `_order` of each record, by its place in `records`.
    var positions: [Int] = []
    /// The records.
    var records: [Model] = []

    /// The records with their `_order`.
    var pairs: [(position: Int, record: Model)] {
        zip(positions, records).map { ($0, $1) }
    }
}
