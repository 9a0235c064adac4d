import KeyPathQuery
import ModelStorage
import SQLStorage

/// Each model's committed records as a transaction reads them on one PostgreSQL connection:
/// the writer's during a group of writes (`PostgresGroupWriter`), or a reader's during a
/// snapshot read (`PostgresModelDatabase.read(_:)`).
struct PostgresConnectionTables: DatabaseTransaction.Tables, @unchecked Sendable {
    // `@unchecked`: the connection is touched only on `thread`, which every read checks.
    /// The thread that owns the connection.
    let thread: ConnectionThread
    /// The connection the reads use.
    let connection: BlockingConnection
    /// The database's models and their tables.
    let tables: ModelTables
    /// The group, or the snapshot read, the transactions belong to.
    let session: UInt64
    /// The models whose tables a read-only database has not found yet: they read as
    /// empty.
    var absent: Set<ObjectIdentifier> = []

    func transaction<Model: StorableModel>(
        of model: Model.Type, version: UInt64
    ) -> StoreTransaction<Model>? {
        guard let layout: TableLayout<Model> = try? tables.layout(of: model) else { return nil }
        if absent.contains(ObjectIdentifier(model)) {
            return try? StoreTransaction([], version: version)
        }
        return StoreTransaction(
            over: ConnectionRecords(
                PostgresConnectionReads(thread: thread, connection: connection, table: layout),
                session: session),
            version: version)
    }
}
