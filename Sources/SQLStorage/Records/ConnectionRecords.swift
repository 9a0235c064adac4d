import KeyPathQuery
import ModelStorage

/// The committed records a transaction reads on a connection, inside the connection's
/// database transaction: the writer's, during the write's group, so that each write sees
/// those before it; or a reader's, during a snapshot read.
///
/// A transaction's reads are synchronous, and its body runs where the connection runs the
/// session, so each read uses the connection at once, after checking that it runs there and
/// in the session it was made for (``ConnectionReads/duringSession(_:_:)``). A transaction
/// kept past its body reads nothing: `nil`, zero, or `StoreError/closed(at:)` for the
/// reads that throw.
///
/// A read that fails where the transaction cannot throw (``record(withID:)``,
/// ``position(ofID:)``, ``count``) is remembered (``ReadingConnection/readFailure``), and the
/// write (or the snapshot read) then fails with it, changing nothing.
public struct ConnectionRecords<Reads: ConnectionReads>: CommittedRecords {
    /// The model of the records.
    public typealias Model = Reads.Model

    /// The backend's reads on the connection.
    public let reads: Reads
    /// The session the transaction belongs to: a group's number, or a snapshot read's.
    public let session: UInt64

    /// The records a transaction of a session reads.
    ///
    /// - Parameters:
    ///   - reads: The backend's reads on the connection.
    ///   - session: The group's number, or the snapshot read's.
    public init(_ reads: Reads, session: UInt64) {
        self.reads = reads
        self.session = session
    }

    /// The number of committed records, or zero outside the session.
    public var count: Int {
        read { (connection) throws(StoreError) in try reads.table.count(on: connection) } ?? 0
    }

    /// The record with an id, or `nil` (also outside the session).
    public func record(withID id: Model.ID) -> Model? {
        read { (connection) throws(StoreError) in try reads.table.record(withID: id, on: connection)
        }
            ?? nil
    }

    /// The record's place in the store's order, or `nil` (also outside the session).
    public func position(ofID id: Model.ID) -> Int? {
        read { (connection) throws(StoreError) in try reads.table.position(ofID: id, on: connection)
        }
            ?? nil
    }

    /// The record's write version, or `nil` (also outside the session).
    public func writeVersion(ofID id: Model.ID) -> UInt64? {
        read { (connection) throws(StoreError) in
            try reads.table.writeVersion(ofID: id, on: connection)
        } ?? nil
    }

    /// The records a query selects, leaving out some ids.
    ///
    /// - Throws: `StoreError/invalidQuery(_:)` for a query the engine rejects, or one that
    ///   still follows a reference SQL cannot answer exactly (the transaction's database
    ///   resolves references first); `StoreError/closed(at:)` outside the session, or the
    ///   database's error.
    public func records(
        selectedBy query: RecordQuery<Model>, excluding ids: Set<Model.ID>
    ) throws -> [(position: Int, record: Model)] {
        let plan = try plan(for: query)
        return try readPlanned { (connection) throws(StoreError) in
            try reads.table.records(selectedBy: query, plan: plan, excluding: ids, on: connection)
        }
    }

    /// The number of records that satisfy a condition, leaving out some ids.
    ///
    /// - Throws: As ``records(selectedBy:excluding:)`` does.
    public func count(where condition: Condition<Model>, excluding ids: Set<Model.ID>) throws
        -> Int
    {
        let plan = try plan(for: RecordQuery(where: condition))
        return try readPlanned { (connection) throws(StoreError) in
            try reads.table.count(where: condition, plan: plan, excluding: ids, on: connection)
        }
    }

    /// A query's plan, with the query compiled first: the engine's verdict on it comes
    /// first.
    private func plan(for query: RecordQuery<Model>) throws(StoreError) -> QueryPlan<Model> {
        let compiled: CompiledQuery<Model>
        do { compiled = try query.compiled() } catch { throw .invalidQuery(error) }
        return try reads.table.plan(for: query, compiled: compiled)
    }

    /// A read that cannot throw: `nil` outside the session, and a failure remembered.
    private func read<Value>(
        _ body: (Reads.Connection) throws(StoreError) -> Value
    ) -> Value? {
        reads.duringSession(session) { connection -> Value? in
            do throws(StoreError) {
                return try body(connection)
            } catch {
                if connection.readFailure == nil { connection.readFailure = error }
                return nil
            }
        } ?? nil
    }

    /// A planned read that throws its failure, `StoreError/closed(at:)` outside the session,
    /// and `StoreError/invalidQuery(_:)` when only a transaction of the database can answer.
    private func readPlanned<Value>(
        _ body: (Reads.Connection) throws(StoreError) -> Value?
    ) throws(StoreError) -> Value {
        try readThrowing { (connection) throws(StoreError) in
            guard let value = try body(connection) else { throw .unresolvedReference }
            return value
        }
    }

    /// A read that throws its failure, and `StoreError/closed(at:)` outside the session.
    private func readThrowing<Value>(
        _ body: (Reads.Connection) throws(StoreError) -> Value
    ) throws(StoreError) -> Value {
        let outcome = reads.duringSession(session) { connection in
            Result { () throws(StoreError) in try body(connection) }
        }
        return try (outcome ?? .failure(.closed(at: reads.storeLocation))).get()
    }
}
