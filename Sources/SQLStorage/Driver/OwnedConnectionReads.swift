import ModelStorage

/// A transaction's reads of one model on a connection that its owner runs
/// (``ConnectionReads``): the table's reads, run only on the owner's thread while the
/// session runs.
@_spi(BackendInternals)
public struct OwnedConnectionReads<Table: SQLDriverTable>: ConnectionReads
where Table.Connection: SnapshotConnection {
    /// The model whose records are read.
    public typealias Model = Table.Model

    /// The owner of the connection the reads run on.
    public let owner: any ConnectionOwner<Table.Connection>
    /// The model's table.
    public let table: Table

    /// The reads of a model's table on an owner's connection.
    ///
    /// - Parameters:
    ///   - owner: The owner of the connection.
    ///   - table: The model's table.
    public init(owner: any ConnectionOwner<Table.Connection>, table: Table) {
        self.owner = owner
        self.table = table
    }

    /// Where the owner's database keeps its records.
    public var storeLocation: StoreLocation { owner.storeLocation }

    /// Runs a body with the connection when the caller is on the owner's thread and the
    /// session runs; `nil` otherwise.
    public func duringSession<Value>(
        _ session: UInt64, _ body: (Table.Connection) -> Value
    ) -> Value? {
        owner.ifCurrent { connection -> Value? in
            connection.currentSession == session ? body(connection) : nil
        } ?? nil
    }
}
