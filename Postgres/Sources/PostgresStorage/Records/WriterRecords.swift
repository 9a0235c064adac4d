import KeyPathQuery
import ModelStorage

/// The committed records a write's transaction reads: the writer's connection, inside the
/// PostgreSQL transaction of the write's group, so that each write sees those before it.
///
/// A transaction's reads are synchronous, and its body runs on the writer's own thread
/// (``ConnectionThread``), so each read blocks that thread until the server answers, after
/// checking that it is on that thread and in the group it was made for. A transaction kept
/// past its body reads nothing: `nil`, zero, or ``StoreError/closed(path:)`` for the reads
/// that throw.
///
/// A read that fails where the transaction cannot throw (``record(withID:)``,
/// ``position(ofID:)``, ``count``) is remembered by the connection, and the write then fails
/// with it, changing nothing.
struct WriterRecords<Model: StorableModel>: CommittedRecords, @unchecked Sendable {
    // `@unchecked`: the connection is touched only on `thread`, which every read checks.
    let thread: ConnectionThread
    let connection: BlockingConnection
    let layout: TableLayout<Model>
    /// The group the transaction belongs to.
    let group: UInt64

    var count: Int {
        read { connection throws(StoreError) in try connection.count(in: layout) } ?? 0
    }

    func record(withID id: Model.ID) -> Model? {
        read { connection throws(StoreError) in
            try connection.record(withKey: try layout.key(of: id), in: layout)
        } ?? nil
    }

    func position(ofID id: Model.ID) -> Int? {
        read { connection throws(StoreError) in
            try connection.order(ofKey: try layout.key(of: id), in: layout).map { Int($0) }
        } ?? nil
    }

    func writeVersion(ofID id: Model.ID) -> UInt64? {
        read { connection throws(StoreError) in
            try connection.writeVersion(ofKey: try layout.key(of: id), in: layout)
        } ?? nil
    }

    func records(
        selectedBy query: RecordQuery<Model>, excluding ids: Set<Model.ID>
    ) throws -> [(position: Int, record: Model)] {
        let compiled = try PostgresStore<Model>.compile(query)
        return try readThrowing { connection throws(StoreError) in
            try connection.records(
                selectedBy: query, compiled: compiled, in: layout,
                excluding: try keys(of: ids))
        }
    }

    func count(where condition: Condition<Model>, excluding ids: Set<Model.ID>) throws -> Int {
        let compiled = try PostgresStore<Model>.compile(condition)
        return try readThrowing { connection throws(StoreError) in
            try connection.count(
                where: condition, compiled: compiled, in: layout, excluding: try keys(of: ids))
        }
    }

    private func keys(of ids: Set<Model.ID>) throws(StoreError) -> [String] {
        var keys: [String] = []
        for id in ids { keys.append(try layout.key(of: id)) }
        return keys
    }

    /// A read that cannot throw: `nil` outside the group, and a failure remembered.
    private func read<Value>(
        _ body: (BlockingConnection) throws(StoreError) -> Value
    ) -> Value? {
        guard thread.isCurrent, connection.currentGroup == group else { return nil }
        do throws(StoreError) {
            return try body(connection)
        } catch {
            if connection.readFailure == nil { connection.readFailure = error }
            return nil
        }
    }

    /// A read that throws its failure.
    private func readThrowing<Value>(
        _ body: (BlockingConnection) throws(StoreError) -> Value
    ) throws(StoreError) -> Value {
        guard thread.isCurrent, connection.currentGroup == group else {
            throw .closed(path: connection.database)
        }
        return try body(connection)
    }
}
