import KeyPathQuery
import ModelStorage

/// One model's table as a backend's driver reads it on its own connection: the reads that
/// ``SQLStore`` runs on a reader and that ``ConnectionRecords`` runs inside a transaction.
///
/// Each backend's layout type (its ``SQLTableLayout``) conforms, next to its statements:
///
/// ```swift
/// extension TableLayout: SQLDriverTable {
///     func count(on connection: SQLiteConnection) throws(StoreError) -> Int {
///         try connection.count(in: self)
///     }
///     // …
/// }
/// ```
///
/// ## Implementation requirements
///
/// - Every read runs on the connection it is given, inside whatever database transaction
///   the caller has begun, and throws `StoreError` when the database fails.
/// - The reads that take a ``QueryPlan`` answer as the plan says: in SQL for `.sql`
///   (finishing in memory over the rows SQL could not decide exactly, when the plan has a
///   fallback), with the engine over every row for `.memory`, and `nil` for
///   `.resolvingReferences` or whenever only a transaction of the whole database can answer.
///   They count each answer in the database's `QueryEvaluationCounter`.
public protocol SQLDriverTable<Model, Connection>: Sendable {
    /// The model whose records the table holds.
    associatedtype Model: StorableModel
    /// The backend's connection.
    associatedtype Connection

    /// How the table's queries are rendered, with the database's tables named.
    var options: SQLOptions { get }

    /// How the store answers a query (``QueryPlan``), decided once from the query and the
    /// SQL the backend's dialect renders for it.
    ///
    /// - Parameters:
    ///   - query: The query.
    ///   - compiled: The query already compiled, if the caller has it.
    /// - Returns: The plan.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated.
    func plan(for query: RecordQuery<Model>, compiled: CompiledQuery<Model>?)
        throws(StoreError) -> QueryPlan<Model>

    /// The number of records.
    func count(on connection: Connection) throws(StoreError) -> Int
    /// The record with an id, or `nil`.
    func record(withID id: Model.ID, on connection: Connection) throws(StoreError) -> Model?
    /// The record with an id and the database's version, read in one snapshot; `nil` when
    /// no record has the id.
    func versioned(withID id: Model.ID, on connection: Connection) throws(StoreError)
        -> Versioned<Model>?
    /// The record's place in the store's order (its `_order`), or `nil`.
    func position(ofID id: Model.ID, on connection: Connection) throws(StoreError) -> Int?
    /// The record's write version, or `nil`.
    func writeVersion(ofID id: Model.ID, on connection: Connection) throws(StoreError)
        -> UInt64?

    /// The records a query selects as its plan says, in the query's order; `nil` when only
    /// a transaction of the database can answer.
    func records(
        selectedBy query: RecordQuery<Model>, plan: QueryPlan<Model>, on connection: Connection
    ) throws(StoreError) -> [Model]?
    /// The records a query selects as its plan says, leaving out some ids, each with its
    /// place; `nil` when only a transaction of the database can answer (a condition that
    /// still follows a reference SQL cannot answer exactly).
    func records(
        selectedBy query: RecordQuery<Model>, plan: QueryPlan<Model>,
        excluding ids: Set<Model.ID>, on connection: Connection
    ) throws(StoreError) -> [(position: Int, record: Model)]?
    /// The number of records that satisfy a condition, as the plan of
    /// `RecordQuery(where: condition)` says, leaving out some ids; `nil` as for
    /// ``records(selectedBy:plan:excluding:on:)``.
    func count(
        where condition: Condition<Model>, plan: QueryPlan<Model>,
        excluding ids: Set<Model.ID>, on connection: Connection
    ) throws(StoreError) -> Int?
    /// The records a query selects with the total count and the database's version, read
    /// in one snapshot as the query's plan says; `nil` as for
    /// ``records(selectedBy:plan:on:)``.
    func result(of query: RecordQuery<Model>, plan: QueryPlan<Model>, on connection: Connection)
        throws(StoreError) -> QueryResult<Model>?
    /// The rows of an aggregate query whose condition has the plan `plan` (the plan of
    /// `RecordQuery(where: query.condition)`), computed in the database with one statement
    /// (`AggregateQuery.sqlStatement(from:options:)`); `nil` when SQL cannot answer it
    /// exactly, and the store then computes it in memory over the records a fetch selects.
    func aggregate(
        _ query: AggregateQuery<Model>, plan: QueryPlan<Model>, on connection: Connection
    ) throws(StoreError) -> [AggregateRow]?
    /// The model's changes after a cursor, read in one snapshot (see
    /// `ModelStore/changes(since:limit:)`).
    func changes(
        since cursor: ChangeCursor, limit: Int, at location: StoreLocation,
        on connection: Connection
    ) throws(StoreError) -> ChangePage<Model>
}

extension SQLDriverTable {
    /// A table whose driver computes no aggregate in SQL: `nil`, so that the store computes
    /// every aggregate in memory over the records a fetch selects.
    ///
    /// - Parameters:
    ///   - query: The aggregate query.
    ///   - plan: The plan of its condition.
    ///   - connection: The reader's connection.
    /// - Returns: `nil`.
    /// - Throws: Nothing; a driver's own implementation throws `StoreError` when the
    ///   database fails.
    public func aggregate(
        _ query: AggregateQuery<Model>, plan: QueryPlan<Model>, on connection: Connection
    ) throws(StoreError) -> [AggregateRow]? {
        nil
    }
    /// A table whose driver keeps no change history: `StoreError/historyNotKept(_:at:)`.
    ///
    /// - Parameters:
    ///   - cursor: Where the reader is.
    ///   - limit: The page's limit.
    ///   - location: The database, for the error.
    ///   - connection: The reader's connection.
    /// - Returns: Nothing: it throws.
    /// - Throws: `StoreError/historyNotKept(_:at:)`.
    public func changes(
        since cursor: ChangeCursor, limit: Int, at location: StoreLocation,
        on connection: Connection
    ) throws(StoreError) -> ChangePage<Model> {
        throw .historyNotKept(String(describing: Model.self), at: location)
    }
}
