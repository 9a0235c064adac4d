import KeyPathQuery
import ModelStorage
import SQLStorage

/// A transaction reads one model's records through a connection, inside its PostgreSQL
/// transaction (the shared `ConnectionRecords` adds the checks): the writer's, during the
/// write's group, or a reader's, during a snapshot read.
///
/// The transaction's body runs on the connection's own thread (``ConnectionThread``), so
/// each read blocks that thread until the server answers, after checking that it is on that
/// thread and the session still runs.
struct PostgresConnectionReads<Model: StorableModel>: ConnectionReads, @unchecked Sendable {
    // `@unchecked`: the connection is touched only on `thread`, which every read checks.
    let thread: ConnectionThread
    let connection: BlockingConnection
    let layout: TableLayout<Model>

    var storeLocation: StoreLocation { .database(connection.database) }

    func duringSession<Value>(_ session: UInt64, _ body: (BlockingConnection) -> Value)
        -> Value?
    {
        guard thread.isCurrent, connection.currentSession == session else { return nil }
        return body(connection)
    }

    func count(on connection: BlockingConnection) throws(StoreError) -> Int {
        try connection.count(in: layout)
    }

    func record(withID id: Model.ID, on connection: BlockingConnection) throws(StoreError)
        -> Model?
    {
        try connection.record(withKey: try layout.key(of: id), in: layout)
    }

    func position(ofID id: Model.ID, on connection: BlockingConnection) throws(StoreError)
        -> Int?
    {
        try connection.order(ofKey: try layout.key(of: id), in: layout).map { Int($0) }
    }

    func writeVersion(ofID id: Model.ID, on connection: BlockingConnection) throws(StoreError)
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
        excluding ids: Set<Model.ID>, on connection: BlockingConnection
    ) throws(StoreError) -> [(position: Int, record: Model)]? {
        try connection.records(
            selectedBy: query, plan: plan, in: layout, excluding: try keys(of: ids))
    }

    func count(
        where condition: Condition<Model>, plan: QueryPlan<Model>,
        excluding ids: Set<Model.ID>, on connection: BlockingConnection
    ) throws(StoreError) -> Int? {
        try connection.count(
            where: condition, plan: plan, in: layout, excluding: try keys(of: ids))
    }

    private func keys(of ids: Set<Model.ID>) throws(StoreError) -> [String] {
        var keys: [String] = []
        for id in ids { keys.append(try layout.key(of: id)) }
        return keys
    }
}
