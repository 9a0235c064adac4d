import FileSystemSupport
import Foundation
import ModelStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension JSONFileModelDatabase {
    /// Opens the database of some models kept in a JSON file, creating it on the first save
    /// if it does not exist.
    ///
    /// ```swift
    /// let url = URL.applicationSupportDirectory.appending(path: "pokedex.json")
    /// let dex = try await JSONFileModelDatabase.open(
    ///     at: url, for: [Pokemon.self, PokemonSpecies.self],
    ///     options: JSONFileStoreOptions(lockTimeout: .seconds(2)))
    /// ```
    ///
    /// Opening for writing takes the database's lock first, waiting up to
    /// `JSONFileStoreOptions.lockTimeout` for another writer, and then reads the files, so
    /// it sees every save the previous writer acknowledged. A model's section at an older
    /// schema version is migrated and, when writable, saved at once (the old document
    /// becomes the backup). A model the file has no section for starts with no records; the
    /// section of a model the file has but `models` does not list is kept as it is. A file
    /// in the single-model layout of earlier releases reads as the section of the first
    /// model, and is written in the new layout at the next document rewrite.
    ///
    /// - Parameters:
    ///   - url: The document's file URL, such as `…/pokedex.json`; its directory must exist,
    ///     unless `JSONFileStoreOptions.createsDirectories` is set.
    ///   - models: The models the database holds, each under its
    ///     `StorableModel/storageName`.
    ///   - options: Whether to write, how long to wait for the lock, when to compact, whether
    ///     to make missing directories.
    /// - Returns: The open database.
    /// - Throws: `StoreError/invalidModels(at:reason:)` when `models` is empty, lists
    ///   a model twice, or two models share a `storageName`, or when the journal has commits
    ///   of a model `models` does not list (open it with that model too);
    ///   `StoreError/locked(at:pid:message:)` when another writer holds the lock past the
    ///   timeout; `StoreError/corruptFile(at:problem:location:)`,
    ///   `StoreError/unsupportedVersion(at:kind:found:supported:)` or
    ///   `StoreError/migrationFailed(at:sourceVersion:location:reason:)` for a file it
    ///   cannot read, which it leaves untouched;
    ///   `StoreError/fileTooLarge(at:size:limit:)` for a document or journal larger than
    ///   ``JSONFileExtras/maximumFileSize``, which it does not read;
    ///   `StoreError/io(at:operation:code:message:)` when the file system fails (no such
    ///   directory, permission denied, a directory at the document's path, a directory that
    ///   cannot be made); `StoreError/invalidQuery(_:)` for an index on a key path a
    ///   model's attribute map does not map (see `StorableModel/indexedAttributes`).
    /// - Complexity: O(*n*) to decode the *n* records of every model, plus the journal's
    ///   commits, plus O(*n* log *n*) for each indexed attribute.
    public static func open(
        at url: URL, for models: [any StorableModel.Type],
        options: JSONFileStoreOptions = .readWrite
    ) async throws -> JSONFileModelDatabase {
        guard url.isFileURL else {
            throw FileSystem.error(EINVAL, "open", url.absoluteString)
        }
        let names = try checkedNames(of: models, at: .file(StorePaths(url).document))
        for model in models { try model.checkIndexedAttributes() }
        let fileSystem = FileSystem(
            faults: options.faults, maximumFileSize: options.maximumFileSize)
        let paths = try StorePaths.resolving(url, fileSystem: fileSystem)
        if options.createsDirectories, options.mode == .readWrite,
            !fileSystem.isDirectory(paths.directory)
        {
            try await StoreFiles.runBlocking { () throws(StoreError) in
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
            let loaded = try await StoreFiles.runBlocking { () throws(StoreError) in
                try StoreLoader.load(paths, models: models, fileSystem: fileSystem)
            }
            return JSONFileModelDatabase(
                models: models, names: names, url: url, paths: paths, files: nil,
                loaded: loaded, sortsKeys: options.sortsKeys)
        case .readWrite:
            let lock = try await FileLock.acquire(
                paths.lock, documentPath: paths.document, timeout: options.lockTimeout,
                fileSystem: fileSystem)
            let files = StoreFiles(
                paths: paths, models: models, fileSystem: fileSystem,
                compactionThreshold: options.compactionThreshold, sortsKeys: options.sortsKeys,
                lock: lock)
            let loaded = try await files.perform { (writer) throws(StoreError) in
                do throws(StoreError) {
                    return try writer.open()
                } catch {
                    // Released before the error is thrown: the files are freed later, on
                    // another thread, and an open retried at once must not find them locked.
                    writer.release()
                    throw error
                }
            }
            return JSONFileModelDatabase(
                models: models, names: names, url: url, paths: paths, files: files,
                loaded: loaded, sortsKeys: options.sortsKeys)
        }
    }
}
