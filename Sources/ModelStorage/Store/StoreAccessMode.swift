/// Whether a store may write: the one access mode every backend's options take.
///
/// ```swift
/// let viewer = try await JSONFileStore<Pokemon>.open(
///     at: url, options: JSONFileStoreOptions(mode: .readOnly))
/// let database = try await SQLiteStore<Pokemon>.open(
///     at: url, options: SQLiteStoreOptions(mode: .readOnly))
/// ```
///
/// A store opened ``readOnly`` answers every read as a writable one would, and refuses every
/// write with ``StoreError/readOnly(at:)``, changing nothing. What each backend does on
/// opening — whether it takes a lock, creates or migrates — is said by its options.
public enum StoreAccessMode: Hashable, Sendable {
    /// Read and write: the store may create and migrate what it keeps, and takes whatever
    /// lock its backend needs for writing.
    case readWrite
    /// Read only: the store opens what exists, at the model's schema version, creating and
    /// migrating nothing, and every write throws ``StoreError/readOnly(at:)``.
    case readOnly
}
