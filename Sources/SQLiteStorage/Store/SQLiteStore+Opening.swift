import Foundation
import KeyPathQuery
import ModelStorage
import SQLStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension SQLiteStore {
    /// Opens the store kept in an SQLite database, creating the database when it does not
    /// exist.
    ///
    /// ```swift
    /// let url = URL.applicationSupportDirectory.appending(path: "dex.sqlite")
    /// let store = try await SQLiteStore<Pokemon>.open(at: url)
    /// ```
    ///
    /// Opening checks the database against the model before it writes anything: a file that
    /// is not an SQLite database, a table whose columns are not the model's, a schema
    /// version newer than the model's, or a file it cannot write for a writable store is
    /// refused with its bytes left as they are. A writable store then switches the database
    /// to WAL, creates the model's table, or migrates an older one with the model's
    /// `SchemaMigration` steps in one transaction (keeping the database as it
    /// was at `<file>.backup`), and creates an index named `<table>_<column>_index` for each of
    /// the model's `StorableModel/indexedAttributes`, dropping those it made for attributes
    /// the model no longer declares (an index you made under another name stays). A
    /// read-only store changes no index.
    ///
    /// - Parameters:
    ///   - url: The database's file URL, such as `…/dex.sqlite`; its directory must exist,
    ///     unless ``SQLiteStoreOptions/createsDirectories`` is set.
    ///   - options: Whether to write, how long to wait for locks, whether to make missing
    ///     directories, how many readers.
    /// - Returns: The open store.
    /// - Throws: `StoreError/corruptFile(path:problem:location:)` for a file
    ///   that is not an SQLite database or whose table does not match the model;
    ///   `StoreError/unsupportedVersion(path:kind:found:supported:)` for a newer
    ///   schema version; `StoreError/migrationFailed(path:sourceVersion:location:reason:)`
    ///   when a migration fails (or is needed by a read-only store);
    ///   `StoreError/io(path:operation:code:message:)` for a file or directory
    ///   it cannot read or write; `StoreError/locked(path:pid:message:)` when another
    ///   connection holds a lock past ``SQLiteStoreOptions/lockTimeout``; `StoreError/invalidQuery(_:)`
    ///   when an attribute is named like one of the store's own columns, or an indexed key
    ///   path is not in the model's attribute map.
    /// - Complexity: O(1) in the number of records, unless the table is migrated (O(*n*)).
    public static func open(
        at url: URL, options: SQLiteStoreOptions = .readWrite
    ) async throws -> SQLiteStore {
        guard url.isFileURL else {
            throw StoreError.io(
                path: url.absoluteString, operation: "open", code: EINVAL,
                message: "not a file URL")
        }
        let path = url.standardizedFileURL.path(percentEncoded: false)
        let layout = try TableLayout<Model>()
        try Model.checkIndexedAttributes()
        let writable = options.mode == .readWrite
        if writable, options.createsDirectories {
            try FileSystem().makeDirectories((path as NSString).deletingLastPathComponent)
        }
        try checkFile(at: path, writable: writable)
        if !writable { rollBackHotJournal(at: path, busyTimeout: options.lockTimeout) }
        let evaluations = QueryEvaluationCounter()
        let first = try ConnectionQueue(
            path: path, writable: writable, busyTimeout: options.lockTimeout,
            evaluations: evaluations)
        do {
            return try await open(
                first, at: url, path: path, layout: layout, options: options,
                evaluations: evaluations)
        } catch {
            // Closed at once, so that a database the store only read keeps no -wal or -shm.
            await first.close()
            throw error
        }
    }

    /// Opens the store with its first connection: the writer, or a reader when read-only.
    private static func open(
        _ first: ConnectionQueue, at url: URL, path: String, layout: TableLayout<Model>,
        options: SQLiteStoreOptions, evaluations: QueryEvaluationCounter
    ) async throws -> SQLiteStore {
        let writable = options.mode == .readWrite
        if writable, await first.run({ $0.isReadOnly }) {
            throw StoreError.io(
                path: path, operation: "open for writing", code: EACCES,
                message: "the file or its directory cannot be written")
        }
        let state = try await first.run { connection throws(StoreError) in
            try connection.inspect(for: layout)
        }
        var migratedFrom: Int?
        switch (state, writable) {
        case (.current, _), (.withoutWriteVersions, _): break
        case (.older(let version), true): migratedFrom = version
        case (.older(let version), false):
            throw StoreError.migrationFailed(
                path: path, sourceVersion: version, location: .wholeFile,
                reason: "a read-only store cannot migrate the database; open it for writing once")
        case (.absent, _): break
        }
        if writable {
            try await first.run { connection throws(StoreError) in
                try connection.prepareForWriting(state, layout: layout)
            }
        }
        var readers = writable ? [] : [first]
        do {
            while readers.count < Swift.max(1, options.readerCount) {
                readers.append(
                    try ConnectionQueue(
                        path: path, writable: false, busyTimeout: options.lockTimeout,
                        evaluations: evaluations))
            }
            // A read-only store on a database with no table of the model's yet (one cut off
            // before its first commit, say) reads as empty until a writer makes it.
            let awaitsTable = !writable && state == .absent
            let version =
                awaitsTable
                ? 0
                : try await readers[0].run { connection throws(StoreError) in
                    try connection.version(of: layout)
                }
            return SQLiteStore(
                url: url, path: path, layout: layout, writer: writable ? first : nil,
                readers: readers, version: version, migratedFrom: migratedFrom,
                options: options, evaluations: evaluations, awaitsTable: awaitsTable)
        } catch {
            for reader in readers where reader !== first { await reader.close() }
            throw error
        }
    }

    /// Rolls back a hot journal beside the database when the process may write the file.
    ///
    /// A write cut off before it committed leaves one (`<file>-journal`). SQLite rolls it
    /// back on the first read of a connection that can write, and a read-only connection
    /// cannot read the database until then (`SQLITE_READONLY_ROLLBACK`). The rollback puts
    /// back the pages of the write that never committed; nothing committed changes. When
    /// the file cannot be written, the open that follows fails with an error that says so.
    private static func rollBackHotJournal(at path: String, busyTimeout: Duration) {
        let journal = path + "-journal"
        let directory = (path as NSString).deletingLastPathComponent
        guard
            let size = try? FileManager.default.attributesOfItem(atPath: journal)[.size] as? Int,
            size > 0, access(path, W_OK) == 0, access(directory, W_OK) == 0,
            let connection = try? SQLiteConnection(
                path: path, writable: true, busyTimeout: busyTimeout)
        else { return }
        _ = try? connection.integer(
            "SELECT count(*) FROM sqlite_master", operation: "roll back a hot journal")
        connection.close()
    }

    /// Checks the path before SQLite opens it: its directory exists (and, for writing, can be
    /// written), it is not a directory, and a file with bytes starts as every SQLite database
    /// does.
    private static func checkFile(at path: String, writable: Bool) throws(StoreError) {
        var isDirectory: ObjCBool = false
        let directory = (path as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw .io(
                path: directory, operation: "open the directory", code: ENOENT,
                message: "no such directory")
        }
        // SQLite keeps a WAL database's -wal and -shm files beside it: a writer that cannot
        // create them would fail on its first read, with a less helpful message.
        if writable, access(directory, W_OK) != 0 {
            let code = errno
            let reason = String(cString: strerror(code))
            throw .io(
                path: path, operation: "open for writing", code: code,
                message: "its directory \(directory) cannot be written (\(reason)), and SQLite "
                    + "keeps the database's -wal and -shm files beside it")
        }
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            guard writable else {
                throw .io(path: path, operation: "open", code: ENOENT, message: "no such file")
            }
            return
        }
        guard !isDirectory.boolValue else {
            throw .io(path: path, operation: "open", code: EISDIR, message: "it is a directory")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .io(path: path, operation: "open", code: EACCES, message: "it cannot be read")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        guard header.isEmpty || header == Data("SQLite format 3\0".utf8) else {
            throw .corruptFile(
                path: path,
                problem: "it is not an SQLite database (its first bytes are not "
                    + "\"SQLite format 3\")",
                location: StoreError.Location(byteOffset: 0))
        }
    }
}
