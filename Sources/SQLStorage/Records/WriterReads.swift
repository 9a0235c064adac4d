import KeyPathQuery
import ModelStorage

/// The reads a write's transaction makes on the writer's connection, inside its group's
/// transaction: what a backend gives ``WriterRecords``, which adds the checks every backend
/// needs.
///
/// ## Implementation requirements
///
/// - ``duringGroup(_:_:)`` runs its body only when called on the thread that owns the
///   writer's connection while the group runs (``WriterConnection/currentGroup``), and returns
///   `nil` otherwise: a transaction kept past its body must read nothing.
/// - The reads answer over the committed records with the group's earlier writes laid over
///   them (they are in the same database transaction), and throw `StoreError` when the
///   database fails; they are called only from inside ``duringGroup(_:_:)``.
public protocol WriterReads<Model>: Sendable {
    /// The model whose records are read.
    associatedtype Model: StorableModel
    /// The writer's connection, which the reads use.
    associatedtype Connection: WriterConnection

    /// Where the store keeps its records, as its errors name it: a file or a database.
    var storeLocation: StoreLocation { get }

    /// Runs a body with the writer's connection when the caller is on the connection's thread
    /// and the group runs.
    ///
    /// - Parameters:
    ///   - group: The group the transaction belongs to.
    ///   - body: The read.
    /// - Returns: What `body` returns, or `nil` outside the group.
    func duringGroup<Value>(_ group: UInt64, _ body: (Connection) -> Value) -> Value?

    /// The number of records.
    func count(on connection: Connection) throws(StoreError) -> Int
    /// The record with an id, or `nil`.
    func record(withID id: Model.ID, on connection: Connection) throws(StoreError) -> Model?
    /// The record's place in the store's order (its `_order`), or `nil`.
    func position(ofID id: Model.ID, on connection: Connection) throws(StoreError) -> Int?
    /// The record's write version, or `nil`.
    func writeVersion(ofID id: Model.ID, on connection: Connection) throws(StoreError)
        -> UInt64?
    /// The records a query selects, leaving out some ids, each with its place.
    func records(
        selectedBy query: RecordQuery<Model>, compiled: CompiledQuery<Model>,
        excluding ids: Set<Model.ID>, on connection: Connection
    ) throws(StoreError) -> [(position: Int, record: Model)]
    /// The number of records that satisfy a condition, leaving out some ids.
    func count(
        where condition: Condition<Model>, compiled: CompiledCondition<Model>,
        excluding ids: Set<Model.ID>, on connection: Connection
    ) throws(StoreError) -> Int
}
