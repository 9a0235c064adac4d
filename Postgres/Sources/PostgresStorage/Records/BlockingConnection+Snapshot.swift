import ModelStorage
@_spi(BackendInternals) import SQLStorage

/// A reader's connection runs snapshot reads (the shared `SnapshotRead`) in read-only
/// `REPEATABLE READ` transactions: the first read takes the snapshot every later one sees.
extension BlockingConnection: SnapshotConnection {
    /// Begins the snapshot read's transaction.
    @_spi(BackendInternals) public func beginSnapshot() throws(StoreError) {
        try rows("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", operation: "read")
    }

    /// The database's version, read in the transaction: the read that takes its snapshot.
    @_spi(BackendInternals) public func snapshotVersion() throws(StoreError) -> UInt64 {
        try databaseVersion(operation: "read")
    }

    /// Ends the snapshot read's transaction.
    @_spi(BackendInternals) public func commitSnapshot() throws(StoreError) {
        try rows("COMMIT", operation: "read")
    }

    /// Rolls the snapshot read's transaction back, after a read failed.
    @_spi(BackendInternals) public func rollBackSnapshot() {
        _ = try? rows("ROLLBACK", operation: "read")
    }
}
