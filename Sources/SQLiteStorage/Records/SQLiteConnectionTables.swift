import KeyPathQuery
import ModelStorage
@_spi(BackendInternals) import SQLStorage

/// Each model's committed records as a transaction reads them on one SQLite connection:
/// the writer's during a group of writes (`SQLiteGroupWriter`), or a reader's during a
/// snapshot read (`SQLiteModelDatabase.read(_:)`).
struct SQLiteConnectionTables: DatabaseTransaction.Tables {
    /// The queue of the connection the reads use.
    let queue: ConnectionQueue
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
                SQLiteConnectionReads(queue: queue, table: layout), session: session),
            version: version)
    }
}
