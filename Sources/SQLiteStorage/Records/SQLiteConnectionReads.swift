import KeyPathQuery
import ModelStorage
import SQLStorage

/// A transaction reads one model's records through a connection, inside its SQLite
/// transaction (the shared `ConnectionRecords` adds the checks): the writer's, during the
/// write's group, or a reader's, during a snapshot read.
///
/// The transaction's body runs while the queue lends the connection to the group's commit or
/// the snapshot read, on the caller's thread or the queue's, so a read uses the connection at
/// once when the caller is on that queue (`ConnectionQueue.ifCurrent(_:)`) and the session
/// still runs.
struct SQLiteConnectionReads<Model: StorableModel>: ConnectionReads {
    let queue: ConnectionQueue
    let layout: TableLayout<Model>

    var storeLocation: StoreLocation { .file(queue.path) }

    func duringSession<Value>(_ session: UInt64, _ body: (SQLiteConnection) -> Value) -> Value? {
        queue.ifCurrent { connection -> Value? in
            connection.currentSession == session ? body(connection) : nil
        } ?? nil
    }

    func count(on connection: SQLiteConnection) throws(StoreError) -> Int {
        try connection.count(in: layout)
    }

    func record(withID id: Model.ID, on connection: SQLiteConnection) throws(StoreError)
        -> Model?
    {
        try connection.record(withKey: try layout.key(of: id), in: layout)
    }

    func position(ofID id: Model.ID, on connection: SQLiteConnection) throws(StoreError) -> Int? {
        try connection.order(ofKey: try layout.key(of: id), in: layout).map { Int($0) }
    }

    func writeVersion(ofID id: Model.ID, on connection: SQLiteConnection) throws(StoreError)
        -> UInt64?
    {
        try connection.writeVersion(ofKey: try layout.key(of: id), in: layout)
    }

    func plan(for query: RecordQuery<Model>, compiled: CompiledQuery<Model>)
        throws(StoreError) -> QueryPlan<Model>
    {
        try layout.plan(for: query, compiled: compiled)
    }

    func records(
        selectedBy query: RecordQuery<Model>, plan: QueryPlan<Model>,
        excluding ids: Set<Model.ID>, on connection: SQLiteConnection
    ) throws(StoreError) -> [(position: Int, record: Model)]? {
        try connection.records(
            selectedBy: query, plan: plan, in: layout, excluding: try keys(of: ids))
    }

    func count(
        where condition: Condition<Model>, plan: QueryPlan<Model>,
        excluding ids: Set<Model.ID>, on connection: SQLiteConnection
    ) throws(StoreError) -> Int? {
        try connection.count(
            where: condition, plan: plan, in: layout, excluding: try keys(of: ids))
    }

    private func keys(of ids: Set<Model.ID>) throws(StoreError) -> [SQLBinding] {
        try ids.map { (id) throws(StoreError) in try layout.key(of: id) }
    }
}
