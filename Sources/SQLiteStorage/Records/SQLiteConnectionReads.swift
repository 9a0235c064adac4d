import KeyPathQuery
import ModelStorage
import SQLStorage

/// A transaction's reads of one model on an SQLite connection (`ConnectionReads`): the
/// table's reads, run only on the connection's queue while the session runs.
struct SQLiteConnectionReads<Model: StorableModel>: ConnectionReads {
    /// The queue whose connection the reads run on.
    let queue: ConnectionQueue
    /// The model's table.
    let table: TableLayout<Model>

    var storeLocation: StoreLocation { .file(queue.path) }

    func duringSession<Value>(_ session: UInt64, _ body: (SQLiteConnection) -> Value) -> Value? {
        queue.ifCurrent { connection -> Value? in
            connection.currentSession == session ? body(connection) : nil
        } ?? nil
    }
}
