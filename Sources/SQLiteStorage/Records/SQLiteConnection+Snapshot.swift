import ModelStorage
@_spi(BackendInternals) import SQLStorage

/// A reader's connection runs snapshot reads (the shared `SnapshotRead`) in SQLite read
/// transactions: WAL keeps the snapshot of the transaction's first read while writers go on.
extension SQLiteConnection: SnapshotConnection {
    func beginSnapshot() throws(StoreError) {
        try run("BEGIN", operation: "begin a read")
    }

    /// The database's version, or 0 when a read-only database has no version table yet.
    func snapshotVersion() throws(StoreError) -> UInt64 {
        try databaseVersionIfAny()
    }

    func commitSnapshot() throws(StoreError) {
        try run("COMMIT", operation: "end a read")
    }

    func rollBackSnapshot() {
        try? run("ROLLBACK", operation: "end a read")
    }
}
