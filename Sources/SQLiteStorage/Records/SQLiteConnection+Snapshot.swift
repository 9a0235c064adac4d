import ModelStorage
@_spi(BackendInternals) import SQLStorage

/// A reader's connection runs snapshot reads (the shared `SnapshotRead`) in SQLite read
/// transactions: WAL keeps the snapshot of the transaction's first read while writers go on.
extension SQLiteConnection: SnapshotConnection {
    /// Begins the snapshot read's transaction.
    @_spi(BackendInternals) public func beginSnapshot() throws(StoreError) {
        try run("BEGIN", operation: "begin a read")
    }

    /// The database's version, or 0 when a read-only database has no version table yet.
    @_spi(BackendInternals) public func snapshotVersion() throws(StoreError) -> UInt64 {
        try databaseVersionIfAny()
    }

    /// Ends the snapshot read's transaction.
    @_spi(BackendInternals) public func commitSnapshot() throws(StoreError) {
        try run("COMMIT", operation: "end a read")
    }

    /// Rolls the snapshot read's transaction back, after a read failed.
    @_spi(BackendInternals) public func rollBackSnapshot() {
        try? run("ROLLBACK", operation: "end a read")
    }
}
