import KeyPathQuery
import ModelStorage
import SQLStorage

/// A write's transaction reads through the writer's connection, inside the SQLite
/// transaction of its group (the shared `WriterRecords` adds the checks).
///
/// Its body runs while the writer's queue lends the connection to the group's commit, on the
/// caller's thread or the queue's, so a read uses the connection at once when the caller is
/// on that queue (`ConnectionQueue.ifCurrent(_:)`) and the group still runs.
struct SQLiteWriterReads<Model: StorableModel>: WriterReads {
    let queue: ConnectionQueue
    let layout: TableLayout<Model>

    var storeLocation: StoreLocation { .file(queue.path) }

    func duringGroup<Value>(_ group: UInt64, _ body: (SQLiteConnection) -> Value) -> Value? {
        queue.ifCurrent { connection -> Value? in
            connection.currentGroup == group ? body(connection) : nil
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

    func records(
        selectedBy query: RecordQuery<Model>, compiled: CompiledQuery<Model>,
        excluding ids: Set<Model.ID>, on connection: SQLiteConnection
    ) throws(StoreError) -> [(position: Int, record: Model)] {
        guard
            let records = try connection.records(
                selectedBy: query, compiled: compiled, in: layout, excluding: try keys(of: ids))
        else { throw Self.unresolvedReference }
        return records
    }

    func count(
        where condition: Condition<Model>, compiled: CompiledCondition<Model>,
        excluding ids: Set<Model.ID>, on connection: SQLiteConnection
    ) throws(StoreError) -> Int {
        guard
            let count = try connection.count(
                where: condition, compiled: compiled, in: layout, excluding: try keys(of: ids))
        else { throw Self.unresolvedReference }
        return count
    }

    /// A transaction's reads get conditions whose references its database transaction has
    /// resolved into plain ones (`Condition.resolvingReferences(in:)`); one that still
    /// follows a reference, which SQL could not answer exactly, is refused.
    private static var unresolvedReference: StoreError {
        .invalidQuery(
            .unsupported(
                operation: "a condition that follows a reference", target: .sql,
                reason: "a transaction reads it through its database, which resolves it first"))
    }

    private func keys(of ids: Set<Model.ID>) throws(StoreError) -> [SQLBinding] {
        try ids.map { (id) throws(StoreError) in try layout.key(of: id) }
    }
}
