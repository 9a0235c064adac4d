import KeyPathQuery
import ModelStorage
import SQLStorage

/// A write's transaction reads through the writer's connection, inside the PostgreSQL
/// transaction of its group (the shared `WriterRecords` adds the checks).
///
/// Its body runs on the writer's own thread (``ConnectionThread``), so each read blocks that
/// thread until the server answers, after checking that it is on that thread and the group
/// still runs.
struct PostgresWriterReads<Model: StorableModel>: WriterReads, @unchecked Sendable {
    // `@unchecked`: the connection is touched only on `thread`, which every read checks.
    let thread: ConnectionThread
    let connection: BlockingConnection
    let layout: TableLayout<Model>

    var storeLocation: StoreLocation { .database(connection.database) }

    func duringGroup<Value>(_ group: UInt64, _ body: (BlockingConnection) -> Value) -> Value? {
        guard thread.isCurrent, connection.currentGroup == group else { return nil }
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

    func records(
        selectedBy query: RecordQuery<Model>, compiled: CompiledQuery<Model>,
        excluding ids: Set<Model.ID>, on connection: BlockingConnection
    ) throws(StoreError) -> [(position: Int, record: Model)] {
        try connection.records(
            selectedBy: query, compiled: compiled, in: layout, excluding: try keys(of: ids))
    }

    func count(
        where condition: Condition<Model>, compiled: CompiledCondition<Model>,
        excluding ids: Set<Model.ID>, on connection: BlockingConnection
    ) throws(StoreError) -> Int {
        try connection.count(
            where: condition, compiled: compiled, in: layout, excluding: try keys(of: ids))
    }

    private func keys(of ids: Set<Model.ID>) throws(StoreError) -> [String] {
        var keys: [String] = []
        for id in ids { keys.append(try layout.key(of: id)) }
        return keys
    }
}
