import KeyPathQuery
import ModelStorage

/// What live queries read: results with their fingerprints, and whether another connection
/// committed.
extension SQLiteConnection {
    /// A query's result, read at one moment, with its fingerprint made on this connection's
    /// thread.
    func observedResult<Model>(
        of query: RecordQuery<Model>, compiled: CompiledQuery<Model>,
        in layout: TableLayout<Model>
    ) throws(StoreError) -> ObservedResult<Model> {
        ObservedResult(try result(of: query, compiled: compiled, in: layout))
    }

    /// SQLite's `PRAGMA data_version`: it changes when another connection (of this process
    /// or another) commits to the database, and reads nothing from the disk when none did.
    func dataVersion() throws(StoreError) -> Int64 {
        try integer("PRAGMA data_version", operation: "look for other connections' commits") ?? 0
    }
}
