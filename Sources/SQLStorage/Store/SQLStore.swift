import KeyPathQuery
import ModelStorage

/// A store of one model kept in an SQL database: the one store every SQL backend shares,
/// over the backend's database (``SQLModelDatabase``).
///
/// Apps write it by the backend's name, `SQLiteStore<Pokemon>` or `PostgresStore<Pokemon>`,
/// which are this type over SQLite's and PostgreSQL's drivers:
///
/// ```swift
/// let database = try await SQLiteModelDatabase.open(at: url, models: [Pokemon.self])
/// let store = try database.store(for: Pokemon.self)  // SQLiteStore<Pokemon>
/// let strongest = try await store.fetch(
///     RecordQuery(where: \.attack >= 80, sortedBy: [.descending(\.attack)], limit: 10))
/// ```
///
/// Every query is planned once, before it runs (``QueryPlan``): in SQL, with the references
/// its condition follows resolved first, or with KeyPathQuery's engine over the rows. The
/// answer is the engine's over the same records in the store's order, ties included.
///
/// A store is one model's view of its database: the stores of a database share its writer,
/// its readers and its version. Copies of a store are the same store.
public struct SQLStore<Driver: SQLDriver, Model: StorableModel>: ModelStore,
    QueryEvaluationReporting
{
    /// The database the store's table is in.
    public let database: SQLModelDatabase<Driver>

    let table: any SQLDriverTable<Model, Driver.Connection>

    /// The store of a model of a database.
    ///
    /// - Parameters:
    ///   - model: The model.
    ///   - database: The database, whose models include `model`.
    /// - Throws: `StoreError/unknownModel(_:at:models:)` when they do not.
    public init(
        of model: Model.Type = Model.self, in database: SQLModelDatabase<Driver>
    ) throws(StoreError) {
        self.database = database
        self.table = try database.table(of: model)
    }

    /// Where the store keeps its records, as its errors name it: a file or a database.
    public var location: StoreLocation { database.location }

    /// Whether the store was opened read-only.
    public var isReadOnly: Bool { database.isReadOnly }

    /// The schema version the table was migrated from when the store opened, or `nil` when
    /// it was current.
    public var migratedFromSchemaVersion: Int? {
        database.tables.migratedFromSchemaVersion(of: Model.self)
    }

    /// How the store's database answered queries so far: in the database, or in memory.
    public var queryEvaluationCounts: QueryEvaluationCounts {
        database.queryEvaluationCounts
    }

    // MARK: Reading

    /// The record with an id.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record, or `nil` when none has the id.
    /// - Throws: `StoreError/closed(at:)` when the store is closed; a `StoreError` when the
    ///   database cannot be read.
    /// - Complexity: One lookup in the index of ids: O(log *n*).
    public func fetch(id: Model.ID) async throws -> Model? {
        try await database.read(Model.self, orEmpty: nil) {
            [table] connection throws(StoreError) in
            try table.record(withID: id, on: connection)
        }
    }

    /// The records a query selects: its condition, sort keys and page run in the database.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated;
    ///   `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: The database's: a scan of the table for a condition no index serves,
    ///   plus a sort of the matches (a partial one with a limit); only the page is decoded.
    public func fetch(_ query: RecordQuery<Model>) async throws -> [Model] {
        let plan = try table.plan(for: query, compiled: nil)
        return try await plan.answer {
            try await readInSQL(query, orEmpty: []) { [table] connection throws(StoreError) in
                try table.records(selectedBy: query, plan: plan, on: connection)
            }
        } resolvingReferences: {
            try await database.read(resolving: query, counting: false) {
                try $0[Model.self].fetch(query)
            }
        }
    }

    /// The records a query selects with the store's total count and version, read at one
    /// moment.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records, the number of records in all, and the version.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated;
    ///   `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: That of ``fetch(_:)``, plus a count.
    public func fetchResult(_ query: RecordQuery<Model>) async throws -> QueryResult<Model> {
        try await result(of: query, compiled: nil)
    }

    /// The records a query selects with the count and the version, as its plan answers it:
    /// ``fetchResult(_:)``, and a live query's results with the query compiled once.
    func result(
        of query: RecordQuery<Model>, compiled: CompiledQuery<Model>?
    ) async throws -> QueryResult<Model> {
        let plan = try table.plan(for: query, compiled: compiled)
        return try await plan.answer {
            try await readInSQL(
                query, orEmpty: QueryResult(records: [], totalCount: 0, version: 0)
            ) { [table] connection throws(StoreError) in
                try table.result(of: query, plan: plan, on: connection)
            }
        } resolvingReferences: {
            try await database.read(resolving: query, counting: false) {
                try $0.result(of: query)
            }
        }
    }

    /// The number of records that satisfy a condition, counted in the database.
    ///
    /// - Parameter condition: The condition.
    /// - Returns: The number of matching records.
    /// - Throws: `StoreError/invalidQuery(_:)` when the condition cannot be evaluated;
    ///   `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: The database's count: a scan of the smallest index for `.true`, of the
    ///   table for a condition no index serves.
    public func count(where condition: Condition<Model>) async throws -> Int {
        if condition.isAlwaysTrue {
            return try await database.read(Model.self, orEmpty: 0) {
                [table] connection throws(StoreError) in
                try table.count(on: connection)
            }
        }
        let query = RecordQuery(where: condition)
        let plan = try table.plan(for: query, compiled: nil)
        return try await plan.answer {
            try await readInSQL(query, orEmpty: 0) { [table] connection throws(StoreError) in
                try table.count(where: condition, plan: plan, excluding: [], on: connection)
            }
        } resolvingReferences: {
            try await database.read(resolving: query, counting: true) {
                try $0[Model.self].count(where: condition)
            }
        }
    }

    /// The aggregates of the records a query selects, computed in the database with one
    /// statement where SQL answers the query's condition exactly, and in memory over the
    /// records a fetch selects otherwise.
    ///
    /// - Parameter query: The aggregates, the condition, the groups and the condition on
    ///   groups.
    /// - Returns: What `AggregateQuery.apply(to:)` returns over the selected records.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated or a sum
    ///   overflows; `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: The database's grouped scan: of an index for a condition one serves, of
    ///   the table otherwise.
    public func aggregate(_ query: AggregateQuery<Model>) async throws -> [AggregateRow] {
        let compiled = try StoreError.checking { () throws(QueryError) in try query.compiled() }
        let empty = try StoreError.checking { () throws(QueryError) in
            try compiled.apply(to: [Model]())
        }
        let selection = RecordQuery<Model>(where: query.condition)
        let plan = try table.plan(for: selection, compiled: nil)
        return try await plan.answer {
            try await readInSQL(selection, orEmpty: empty) {
                [table] connection throws(StoreError) in
                try table.aggregate(query, plan: plan, on: connection)
            }
        } resolvingReferences: {
            let records = try await fetch(selection)
            return try StoreError.checking { () throws(QueryError) in
                try compiled.apply(to: records)
            }
        }
    }

    /// The record with an id, with the store's version, read at one moment.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record as read, or `nil` when none has the id.
    /// - Throws: `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: One lookup in the index of ids.
    public func fetchVersioned(id: Model.ID) async throws -> Versioned<Model>? {
        try await database.read(Model.self, orEmpty: nil) {
            [table] connection throws(StoreError) in
            try table.versioned(withID: id, on: connection)
        }
    }

    /// A planned read on a reader: `nil` when the database says SQL cannot answer the
    /// query exactly as it is, or the table's read finds only a transaction can.
    private func readInSQL<Answer: Sendable>(
        _ query: RecordQuery<Model>, orEmpty empty: Answer,
        _ body: @escaping @Sendable (Driver.Connection) throws(StoreError) -> Answer?
    ) async throws -> Answer? {
        try await database.read(Model.self, orEmpty: empty) {
            [database] connection throws(StoreError) -> Answer? in
            guard try database.answersInSQL(query, on: connection) else { return nil }
            return try body(connection)
        }
    }
}
