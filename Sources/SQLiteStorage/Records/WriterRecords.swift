import KeyPathQuery
import ModelStorage

/// The committed records a write's transaction reads: the writer's connection, inside the
/// SQLite transaction of the write's group, so that each write sees those before it.
///
/// A transaction's reads are synchronous, and its body runs while the writer's queue lends
/// the connection to the group's commit, so each read uses the connection at once, after
/// checking that it runs on that queue and in the group it was made for. A transaction kept
/// past its body reads nothing: `nil`, zero, or ``StoreError/closed(path:)`` for the reads
/// that throw.
///
/// A read that fails where the transaction cannot throw (``record(withID:)``,
/// ``position(ofID:)``, ``count``) is remembered by the connection, and the write then fails
/// with it, changing nothing.
struct WriterRecords<Model: StorableModel>: CommittedRecords {
    let connection: ConnectionQueue
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
        let compiled = try SQLiteStore<Model>.compile(query)
        return try readThrowing { connection throws(StoreError) in
            try connection.records(
                selectedBy: query, compiled: compiled, in: layout,
                excluding: try ids.map { (id) throws(StoreError) in try layout.key(of: id) })
        }
    }

    func count(where condition: Condition<Model>, excluding ids: Set<Model.ID>) throws -> Int {
        let compiled = try SQLiteStore<Model>.compile(condition)
        return try readThrowing { connection throws(StoreError) in
            try connection.count(
                where: condition, compiled: compiled, in: layout,
                excluding: try ids.map { (id) throws(StoreError) in try layout.key(of: id) })
        }
    }

    /// A read that cannot throw: `nil` outside the group, and a failure remembered.
    private func read<Value>(
        _ body: (SQLiteConnection) throws(StoreError) -> Value
    ) -> Value? {
        connection.ifCurrent { connection -> Value? in
            guard connection.currentGroup == group else { return nil }
            do throws(StoreError) {
                return try body(connection)
            } catch {
                if connection.readFailure == nil { connection.readFailure = error }
                return nil
            }
        } ?? nil
    }

    /// A read that throws its failure.
    private func readThrowing<Value>(
        _ body: (SQLiteConnection) throws(StoreError) -> Value
    ) throws(StoreError) -> Value {
        let outcome = connection.ifCurrent { connection -> Result<Value, StoreError> in
            guard connection.currentGroup == group else {
                return .failure(.closed(path: connection.path))
            }
            return Result { () throws(StoreError) in try body(connection) }
        }
        return try (outcome ?? .failure(.closed(path: connection.path))).get()
    }
}
