import ModelStorage
@_spi(BackendInternals) import SQLStorage

/// A reader's connection runs snapshot reads (the shared `SnapshotRead`) in read-only
/// `REPEATABLE READ` transactions: the first read takes the snapshot every later one sees.
extension BlockingConnection: SnapshotConnection {
    func beginSnapshot() throws(StoreError) {
        try rows("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", operation: "read")
    }

    func snapshotVersion() throws(StoreError) -> UInt64 {
        try databaseVersion(operation: "read")
    }

    func commitSnapshot() throws(StoreError) {
        try rows("COMMIT", operation: "read")
    }

    func rollBackSnapshot() {
        _ = try? rows("ROLLBACK", operation: "read")
    }
}
