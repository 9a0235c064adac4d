import ModelStorage

/// Each model's committed records as a transaction reads them on one connection: the
/// writer's during a group of writes, or a reader's during a snapshot read
/// (``SnapshotRead``).
@_spi(BackendInternals)
public struct ConnectionTables<Driver: SQLDriver>: DatabaseTransaction.Tables {
    /// The owner of the connection the reads use.
    public let owner: any ConnectionOwner<Driver.Connection>
    /// The database's models and their tables.
    public let tables: ModelTables
    /// The group, or the snapshot read, the transactions belong to.
    public let session: UInt64
    /// The models whose tables a read-only database has not found yet: they read as empty.
    public let absent: Set<ObjectIdentifier>

    /// The tables of a session on one connection.
    ///
    /// - Parameters:
    ///   - owner: The owner of the connection.
    ///   - tables: The database's models and their tables.
    ///   - session: The group, or the snapshot read.
    ///   - absent: The models whose tables a read-only database has not found yet.
    public init(
        owner: any ConnectionOwner<Driver.Connection>, tables: ModelTables, session: UInt64,
        absent: Set<ObjectIdentifier> = []
    ) {
        self.owner = owner
        self.tables = tables
        self.session = session
        self.absent = absent
    }

    /// A model's transaction over its committed records, or `nil` for a model the database
    /// does not hold.
    public func transaction<Model: StorableModel>(
        of model: Model.Type, version: UInt64
    ) -> StoreTransaction<Model>? {
        guard let table = try? Driver.table(of: model, in: tables) else { return nil }
        if absent.contains(ObjectIdentifier(model)) {
            return try? StoreTransaction([], version: version)
        }
        return transaction(over: table, version: version)
    }

    private func transaction<Table: SQLDriverTable>(
        over table: Table, version: UInt64
    ) -> StoreTransaction<Table.Model> where Table.Connection == Driver.Connection {
        StoreTransaction(
            over: ConnectionRecords(
                OwnedConnectionReads(owner: owner, table: table), session: session),
            version: version)
    }
}
