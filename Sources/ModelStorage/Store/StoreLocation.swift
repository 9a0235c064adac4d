/// Where a store keeps its records, as its errors name it: a file, a database, or memory.
///
/// Every ``StoreError`` about a store rather than a record carries one
/// (``StoreError/storeLocation``), and its ``StoreError/description`` speaks of "the store
/// file" for a ``file(_:)`` and of "the database" for a ``database(_:)``:
///
/// ```swift
/// throw StoreError.readOnly(at: .file(url.path(percentEncoded: false)))
/// throw StoreError.connectionFailed(
///     at: .database("postgresql://dex@db.internal:5432/dex"),
///     operation: "connect to the server", message: "connection refused")
///
/// if case .file(let path) = error.storeLocation { print("Look at \(path)") }
/// ```
///
/// Not to be confused with ``StoreError/Location``, the place *inside* a file (a line, a
/// column, a record) that a ``StoreError/Code/corruptFile`` error points at.
public enum StoreLocation: Hashable, Sendable, CustomStringConvertible {
    /// A file, by its path: the JSON document or the SQLite database, such as
    /// `/…/dex.sqlite`.
    case file(String)
    /// A database on a server, by its URL without a password, such as
    /// `postgresql://dex@db.internal:5432/dex`.
    case database(String)
    /// Memory: a store that keeps nothing on disk, such as `InMemoryStore`.
    case memory
    /// A place named in words, for what is neither a file, a database nor memory: a
    /// backend of your own, or a transaction of one store asked for another model.
    case named(String)

    /// The path, the URL or the name; `memory` for ``memory``.
    public var description: String {
        switch self {
        case .file(let path): path
        case .database(let url): url
        case .memory: "memory"
        case .named(let name): name
        }
    }
}
