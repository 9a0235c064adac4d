import KeyPathQuery
import ModelStorage

/// The committed records a write's transaction reads: the writer's connection, inside the
/// database transaction of the write's group, so that each write sees those before it.
///
/// A transaction's reads are synchronous, and its body runs where the writer's connection
/// runs the group, so each read uses the connection at once, after checking that it runs
/// there and in the group it was made for (``WriterReads/duringGroup(_:_:)``). A transaction
/// kept past its body reads nothing: `nil`, zero, or `StoreError/closed(at:)` for the
/// reads that throw.
///
/// A read that fails where the transaction cannot throw (``record(withID:)``,
/// ``position(ofID:)``, ``count``) is remembered (``WriterConnection/readFailure``), and the
/// write then fails with it, changing nothing.
public struct WriterRecords<Reads: WriterReads>: CommittedRecords {
    /// The model of the records.
    public typealias Model = Reads.Model

    /// The backend's reads on the writer's connection.
    public let reads: Reads
    /// The group the transaction belongs to.
    public let group: UInt64

    /// The records a transaction of a group reads.
    ///
    /// - Parameters:
    ///   - reads: The backend's reads on the writer's connection.
    ///   - group: The group's number.
    public init(_ reads: Reads, group: UInt64) {
        self.reads = reads
        self.group = group
    }

    /// The number of committed records, or zero outside the group.
    public var count: Int {
        read { (connection) throws(StoreError) in try reads.count(on: connection) } ?? 0
    }

    /// The record with an id, or `nil` (also outside the group).
    public func record(withID id: Model.ID) -> Model? {
        read { (connection) throws(StoreError) in try reads.record(withID: id, on: connection) }
            ?? nil
    }

    /// The record's place in the store's order, or `nil` (also outside the group).
    public func position(ofID id: Model.ID) -> Int? {
        read { (connection) throws(StoreError) in try reads.position(ofID: id, on: connection) }
            ?? nil
    }

    /// The record's write version, or `nil` (also outside the group).
    public func writeVersion(ofID id: Model.ID) -> UInt64? {
        read { (connection) throws(StoreError) in
            try reads.writeVersion(ofID: id, on: connection)
        } ?? nil
    }

    /// The records a query selects, leaving out some ids.
    ///
    /// - Throws: `StoreError/invalidQuery(_:)` for a query the engine rejects,
    ///   `StoreError/closed(at:)` outside the group, or the database's error.
    public func records(
        selectedBy query: RecordQuery<Model>, excluding ids: Set<Model.ID>
    ) throws -> [(position: Int, record: Model)] {
        let compiled: CompiledQuery<Model>
        do { compiled = try query.compiled() } catch { throw StoreError.invalidQuery(error) }
        return try readThrowing { (connection) throws(StoreError) in
            try reads.records(
                selectedBy: query, compiled: compiled, excluding: ids, on: connection)
        }
    }

    /// The number of records that satisfy a condition, leaving out some ids.
    ///
    /// - Throws: `StoreError/invalidQuery(_:)` for a condition the engine rejects,
    ///   `StoreError/closed(at:)` outside the group, or the database's error.
    public func count(where condition: Condition<Model>, excluding ids: Set<Model.ID>) throws
        -> Int
    {
        let compiled: CompiledCondition<Model>
        do { compiled = try condition.compiled() } catch { throw StoreError.invalidQuery(error) }
        return try readThrowing { (connection) throws(StoreError) in
            try reads.count(where: condition, compiled: compiled, excluding: ids, on: connection)
        }
    }

    /// A read that cannot throw: `nil` outside the group, and a failure remembered.
    private func read<Value>(
        _ body: (Reads.Connection) throws(StoreError) -> Value
    ) -> Value? {
        reads.duringGroup(group) { connection -> Value? in
            do throws(StoreError) {
                return try body(connection)
            } catch {
                if connection.readFailure == nil { connection.readFailure = error }
                return nil
            }
        } ?? nil
    }

    /// A read that throws its failure, and `StoreError/closed(at:)` outside the group.
    private func readThrowing<Value>(
        _ body: (Reads.Connection) throws(StoreError) -> Value
    ) throws(StoreError) -> Value {
        let outcome = reads.duringGroup(group) { connection in
            Result { () throws(StoreError) in try body(connection) }
        }
        return try (outcome ?? .failure(.closed(at: reads.storeLocation))).get()
    }
}
