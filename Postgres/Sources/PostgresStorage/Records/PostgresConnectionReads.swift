import KeyPathQuery
import ModelStorage
import SQLStorage

/// A transaction's reads of one model on a PostgreSQL connection (`ConnectionReads`): the
/// table's reads, run only on the connection's thread while the session runs.
struct PostgresConnectionReads<Model: StorableModel>: ConnectionReads, @unchecked Sendable {
    // `@unchecked`: the connection is touched only on `thread`, which every read checks.
    /// The thread that owns the connection.
    let thread: ConnectionThread
    /// The connection the reads run on.
    let connection: BlockingConnection
    /// The model's table.
    let table: TableLayout<Model>

    var storeLocation: StoreLocation { .database(connection.database) }

    func duringSession<Value>(_ session: UInt64, _ body: (BlockingConnection) -> Value)
        -> Value?
    {
        guard thread.isCurrent, connection.currentSession == session else { return nil }
        return body(connection)
    }
}
