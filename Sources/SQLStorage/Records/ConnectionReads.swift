import KeyPathQuery
import ModelStorage

/// The reads a transaction makes on a connection, inside the connection's database
/// transaction (the writer's during a group, a reader's during a snapshot read): what a
/// backend gives ``ConnectionRecords``, which adds the checks every backend needs.
///
/// ## Implementation requirements
///
/// - ``duringSession(_:_:)`` runs its body only when called on the thread that owns the
///   connection while the session runs (``ReadingConnection/currentSession``), and returns
///   `nil` otherwise: a transaction kept past its body must read nothing.
/// - The reads answer over the committed records (on the writer, with the group's earlier
///   writes laid over them: they are in the same database transaction), and throw
///   `StoreError` when the database fails; they are called only from inside
///   ``duringSession(_:_:)``.
public protocol ConnectionReads<Model>: Sendable {
    /// The model whose records are read.
    associatedtype Model: StorableModel
    /// The connection the reads use.
    associatedtype Connection: ReadingConnection

    /// Where the store keeps its records, as its errors name it: a file or a database.
    var storeLocation: StoreLocation { get }

    /// Runs a body with the connection when the caller is on the connection's thread and the
    /// session runs.
    ///
    /// - Parameters:
    ///   - session: The session the transaction belongs to: a group, or a snapshot read.
    ///   - body: The read.
    /// - Returns: What `body` returns, or `nil` outside the session.
    func duringSession<Value>(_ session: UInt64, _ body: (Connection) -> Value) -> Value?

    /// The number of records.
    func count(on connection: Connection) throws(StoreError) -> Int
    /// The record with an id, or `nil`.
    func record(withID id: Model.ID, on connection: Connection) throws(StoreError) -> Model?
    /// The record's place in the store's order (its `_order`), or `nil`.
    func position(ofID id: Model.ID, on connection: Connection) throws(StoreError) -> Int?
    /// The record's write version, or `nil`.
    func writeVersion(ofID id: Model.ID, on connection: Connection) throws(StoreError)
        -> UInt64?
    /// How the store answers a query (``QueryPlan``), planned with the query already
    /// compiled.
    func plan(for query: RecordQuery<Model>, compiled: CompiledQuery<Model>) throws(StoreError)
        -> QueryPlan<Model>
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
}
