import ModelStorage

/// A reader's connection as a snapshot read uses it: the hooks that differ from one SQL
/// database to another, under the one algorithm of `SnapshotRead`.
///
/// ## Implementation requirements
///
/// - ``beginSnapshot()`` begins a read transaction; ``snapshotVersion()`` is its first read,
///   which fixes the snapshot every later read of the transaction sees (SQLite and
///   PostgreSQL both take it at the first statement), and returns the database's committed
///   version.
/// - ``commitSnapshot()`` ends the transaction; ``rollBackSnapshot()`` ends it after a
///   failure and never throws.
/// - `evaluations` (SPI) is the counter the connection's reads count their answers in, or `nil`
///   while they must not count.
public protocol SnapshotConnection: ReadingConnection {
    /// The counter of how the connection's reads were answered, or `nil` while they count
    /// nothing.
    @_spi(BackendInternals) var evaluations: QueryEvaluationCounter? { get set }

    /// Whether the connection's database is read-only and still awaits a model's table
    /// (`AwaitedTables`), as the database last found it before this read: a query that
    /// follows references is then answered by a snapshot read, which reads the missing
    /// models as empty.
    var awaitsTables: Bool { get set }

    /// Begins a read transaction.
    ///
    /// - Throws: `StoreError` when the database refuses it.
    func beginSnapshot() throws(StoreError)

    /// Reads the database's committed version: the transaction's first read, which takes its
    /// snapshot.
    ///
    /// - Returns: The version.
    /// - Throws: `StoreError` when it cannot be read.
    func snapshotVersion() throws(StoreError) -> UInt64

    /// Ends the read transaction after its reads succeeded.
    ///
    /// - Throws: `StoreError` when the database refuses it; the caller then rolls back.
    func commitSnapshot() throws(StoreError)

    /// Ends the read transaction after a failure; never throws.
    func rollBackSnapshot()
}
