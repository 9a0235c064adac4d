import KeyPathQuery
import ModelStorage

/// What live queries read besides their results: whether another connection committed.
extension SQLiteConnection {
    /// SQLite's `PRAGMA data_version`: it changes when another connection (of this process
    /// or another) commits to the database, and reads nothing from the disk when none did.
    func dataVersion() throws(StoreError) -> Int64 {
        try integer("PRAGMA data_version", operation: "look for other connections' commits") ?? 0
    }
}
