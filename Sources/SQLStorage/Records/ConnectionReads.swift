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
/// - The table's reads (``SQLDriverTable``) answer over the committed records (on the
///   writer, with the group's earlier writes laid over them: they are in the same database
///   transaction); they are called only from inside ``duringSession(_:_:)``.
public protocol ConnectionReads<Model>: Sendable {
    /// The model whose records are read.
    associatedtype Model
    /// The driver's table the reads go through.
    associatedtype Table: SQLDriverTable<Model, Connection>
    /// The connection the reads use.
    associatedtype Connection: ReadingConnection

    /// The model's table, whose reads run on the connection.
    var table: Table { get }

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
}
