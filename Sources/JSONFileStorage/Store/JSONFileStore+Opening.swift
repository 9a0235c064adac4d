import Foundation
import ModelStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension JSONFileStore {
    /// Opens the store kept in a JSON file, creating it on the first save if it does not
    /// exist.
    ///
    /// ```swift
    /// let url = URL.applicationSupportDirectory.appending(path: "pokedex.json")
    /// let store = try await JSONFileStore<Pokemon>.open(
    ///     at: url, options: JSONFileStoreOptions(lockTimeout: .seconds(2)))
    /// ```
    ///
    /// Opening for writing takes the store's lock first, waiting up to
    /// ``JSONFileStoreOptions/lockTimeout`` for another writer, and then reads the files, so
    /// it sees every save the previous writer acknowledged. A file at an older schema version
    /// is migrated and, when writable, saved at once (the old document becomes the backup).
    ///
    /// - Parameters:
    ///   - url: The document's file URL, such as `…/pokedex.json`; its directory must exist,
    ///     unless ``JSONFileStoreOptions/createsDirectories`` is set.
    ///   - options: Whether to write, how long to wait for the lock, when to compact, whether
    ///     to make missing directories.
    /// - Returns: The open store.
    /// - Throws: `StoreError/locked(path:pid:message:)` when another writer holds the lock
    ///   past the timeout; `StoreError/corruptFile(path:problem:location:)`,
    ///   `StoreError/unsupportedVersion(path:kind:found:supported:)` or
    ///   `StoreError/migrationFailed(path:sourceVersion:location:reason:)` for a file it
    ///   cannot read, which it leaves untouched;
    ///   `StoreError/fileTooLarge(path:size:limit:)` for a document or journal larger than
    ///   ``JSONFileStoreOptions/maximumFileSize``, which it does not read;
    ///   `StoreError/io(path:operation:code:message:)` when the file system fails (no such
    ///   directory, permission denied, a directory at the document's path, a directory that
    ///   cannot be made); `StoreError/invalidQuery(_:)` for an index on a key path the
    ///   model's attribute map does not map (see `StorableModel/indexedAttributes`).
    /// - Complexity: O(*n*) to decode the *n* records, plus the journal's commits, plus
    ///   O(*n* log *n*) for each of the model's indexed attributes.
    public static func open(
        at url: URL, options: JSONFileStoreOptions = .readWrite
    ) async throws -> JSONFileStore {
        guard url.isFileURL else {
            throw FileSystem.error(EINVAL, "open", url.absoluteString)
        }
        try Model.checkIndexedAttributes()
        let fileSystem = FileSystem(
            faults: options.faults, maximumFileSize: options.maximumFileSize)
        let paths = try StorePaths.resolving(url, fileSystem: fileSystem)
        if options.createsDirectories, options.mode == .readWrite,
            !fileSystem.isDirectory(paths.directory)
        {
            try await StoreFiles<Model>.runBlocking { () throws(StoreError) in
                try fileSystem.makeDirectories(paths.directory)
            }
        }
        guard fileSystem.isDirectory(paths.directory) else {
            let code = fileSystem.exists(paths.directory) ? ENOTDIR : ENOENT
            throw FileSystem.error(code, "open the directory", paths.directory)
        }
        guard !fileSystem.isDirectory(paths.document) else {
            throw FileSystem.error(EISDIR, "open", paths.document)
        }
        switch options.mode {
        case .readOnly:
            let loaded = try await StoreFiles<Model>.runBlocking { () throws(StoreError) in
                try StoreLoader.load(paths, as: Model.self, fileSystem: fileSystem)
            }
            return JSONFileStore(
                url: url, paths: paths, files: nil, loaded: loaded, sortsKeys: options.sortsKeys)
        case .readWrite:
            let lock = try await FileLock.acquire(
                paths.lock, documentPath: paths.document, timeout: options.lockTimeout,
                fileSystem: fileSystem)
            let files = StoreFiles<Model>(
                paths: paths, fileSystem: fileSystem,
                compactionThreshold: options.compactionThreshold, sortsKeys: options.sortsKeys,
                lock: lock)
            let loaded = try await files.perform { (writer) throws(StoreError) in
                try writer.open()
            }
            return JSONFileStore(
                url: url, paths: paths, files: files, loaded: loaded, sortsKeys: options.sortsKeys)
        }
    }
}
