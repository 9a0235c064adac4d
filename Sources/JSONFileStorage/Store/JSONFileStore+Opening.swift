import Foundation
import ModelStorage

extension JSONFileStore {
    /// Opens the store kept in a JSON file, creating it on the first save if it does not
    /// exist: the store of a ``JSONFileModelDatabase`` of the one model.
    ///
    /// ```swift
    /// let url = URL.applicationSupportDirectory.appending(path: "pokedex.json")
    /// let store = try await JSONFileStore<Pokemon>.open(
    ///     at: url, options: JSONFileStoreOptions(lockTimeout: .seconds(2)))
    /// ```
    ///
    /// Opening for writing takes the store's lock first, waiting up to
    /// `JSONFileStoreOptions.lockTimeout` for another writer, and then reads the files, so
    /// it sees every save the previous writer acknowledged. A file at an older schema version
    /// is migrated and, when writable, saved at once (the old document becomes the backup).
    /// A database file of several models opens too: the store is its model's section, and
    /// the other sections are kept as they are.
    ///
    /// - Parameters:
    ///   - url: The document's file URL, such as `…/pokedex.json`; its directory must exist,
    ///     unless `JSONFileStoreOptions.createsDirectories` is set.
    ///   - options: Whether to write, how long to wait for the lock, when to compact, whether
    ///     to make missing directories.
    /// - Returns: The open store.
    /// - Throws: `StoreError/locked(at:pid:message:)` when another writer holds the lock
    ///   past the timeout; `StoreError/corruptFile(at:problem:location:)`,
    ///   `StoreError/unsupportedVersion(at:kind:found:supported:)` or
    ///   `StoreError/migrationFailed(at:sourceVersion:location:reason:)` for a file it
    ///   cannot read, which it leaves untouched;
    ///   `StoreError/fileTooLarge(at:size:limit:)` for a document or journal larger than
    ///   ``JSONFileExtras/maximumFileSize``, which it does not read;
    ///   `StoreError/io(at:operation:code:message:)` when the file system fails (no such
    ///   directory, permission denied, a directory at the document's path, a directory that
    ///   cannot be made); `StoreError/invalidQuery(_:)` for an index on a key path the
    ///   model's attribute map does not map (see `StorableModel/indexedAttributes`);
    ///   `StoreError/invalidModels(at:reason:)` when the journal has commits of
    ///   another model of the file (open a ``JSONFileModelDatabase`` with every model).
    /// - Complexity: O(*n*) to decode the *n* records, plus the journal's commits, plus
    ///   O(*n* log *n*) for each of the model's indexed attributes.
    public static func open(
        at url: URL, options: JSONFileStoreOptions = .readWrite
    ) async throws -> JSONFileStore {
        let database = try await JSONFileModelDatabase.open(
            at: url, for: [Model.self], options: options)
        return JSONFileStore(database: database)
    }
}
