import FileSystemSupport
import Foundation
import KeyPathQuery
import ModelStorage
@_spi(BackendInternals) import SQLStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension SQLModelDatabase where Driver == SQLiteDriver {
    /// Opens a database of several models kept in one SQLite file, creating the file and
    /// the models' tables when they do not exist.
    ///
    /// ```swift
    /// let url = URL.applicationSupportDirectory.appending(path: "dex.sqlite")
    /// let dex = try await SQLiteModelDatabase.open(
    ///     at: url, for: [Pokemon.self, PokemonSpecies.self])
    /// ```
    ///
    /// Opening checks every model's table before it writes anything: a file that is not an
    /// SQLite database, a table whose columns are not its model's, a schema version newer
    /// than its model's, or a file it cannot write for a writable database is refused with
    /// its bytes left as they are. A writable database then switches the file to WAL,
    /// creates each missing table, migrates each older one with its model's
    /// `SchemaMigration` steps (keeping the database as it was at `<file>.backup`), and
    /// creates each model's indexes, as `SQLiteStore.open(at:options:)` describes for one
    /// model. A table of a model the database was not opened with is left as it is.
    ///
    /// - Parameters:
    ///   - url: The database's file URL, such as `…/dex.sqlite`; its directory must exist,
    ///     unless `SQLiteStoreOptions.createsDirectories` is set.
    ///   - models: The models the database holds.
    ///   - options: Whether to write, how long to wait for locks, whether to make missing
    ///     directories, how many readers.
    /// - Returns: The open database.
    /// - Throws: `StoreError/invalidModels(at:reason:)` when `models` is empty, lists a
    ///   model twice, or two models share a table name; otherwise the errors of
    ///   `SQLiteStore.open(at:options:)`, for whichever model's table they concern.
    /// - Complexity: O(1) in the number of records, unless a table is migrated (O(*n*) in
    ///   its records).
    public static func open(
        at url: URL, for models: [any StorableModel.Type],
        options: SQLiteStoreOptions = .readWrite
    ) async throws -> SQLiteModelDatabase {
        guard url.isFileURL else {
            throw StoreError.io(
                at: .file(url.absoluteString), operation: "open", code: EINVAL,
                message: "not a file URL")
        }
        let path = url.standardizedFileURL.path(percentEncoded: false)
        let layouts = try modelTables(for: models, at: .file(path))
        let writable = options.mode == .readWrite
        if writable, options.createsDirectories {
            try FileSystem().makeDirectories((path as NSString).deletingLastPathComponent)
        }
        try checkFile(at: path, writable: writable, busyTimeout: options.lockTimeout)
        let evaluations = QueryEvaluationCounter()
        let first = try ConnectionQueue(
            path: path, writable: writable, busyTimeout: options.lockTimeout,
            evaluations: evaluations)
        do {
            return try await open(
                first, at: url, path: path, layouts: layouts,
                options: options, evaluations: evaluations)
        } catch {
            // Closed at once, so that a database the store only read keeps no -wal or -shm.
            await first.close()
            throw error
        }
    }

    private static func open(
        _ first: ConnectionQueue, at url: URL, path: String, layouts: ModelTables,
        options: SQLiteStoreOptions, evaluations: QueryEvaluationCounter
    ) async throws -> SQLiteModelDatabase {
        let models = layouts.models
        let writable = options.mode == .readWrite
        if writable, await first.run({ $0.isReadOnly }) {
            throw StoreError.io(
                at: .file(path), operation: "open for writing", code: EACCES,
                message: "the file or its directory cannot be written")
        }
        let (schema, tables, searchable) = try await first.run { connection throws(StoreError) in
            let schema = try connection.schemaSnapshot()
            let tables = try models.map { (model) throws(StoreError) in
                try connection.inspectTable(of: model, in: layouts, schema: schema)
            }
            let searchable =
                writable
                ? true
                : try layouts.searchTokensAreCurrent { (table) throws(StoreError) in
                    try connection.recordedSearchDeclaration(ofTable: table)
                }
            return (schema, tables, searchable)
        }
        // A read-only database whose tokens are missing or stale answers searches in memory.
        var opened =
            searchable
            ? layouts : try modelTables(for: models, at: layouts.location, searchesInSQL: false)
        let awaiting = try AwaitedTables.opening(
            &opened, found: tables.map(\.look), writable: writable)
        if writable {
            try await first.run { connection throws(StoreError) in
                try connection.prepareForWriting(
                    zip(models, tables).map { ($0, $1) }, layouts: layouts, schema: schema)
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
            // The version table is there when the database was opened for writing, or holds
            // a table of a model's (which `inspectTable` checked).
            let hasVersionTable = writable || tables.contains { $0 != .absent }
            let version = try await readers[0].run { connection throws(StoreError) in
                hasVersionTable
                    ? try connection.databaseVersion() : try connection.databaseVersionIfAny()
            }
            let writer = writable ? first : nil
            let driver = SQLiteDriver(
                url: url, writer: writer,
                otherCommits: SQLiteOtherCommits(path: path, options: options))
            return SQLiteModelDatabase(
                driver: driver, tables: opened, writer: writer, readers: readers,
                version: version, isReadOnly: !writable, evaluations: evaluations,
                awaitingTables: awaiting)
        } catch {
            for reader in readers where reader !== first { await reader.close() }
            throw error
        }
    }

    /// Lets SQLite roll back a hot journal beside the file, when the process can write both
    /// the file and its directory, and tells whether a journal is still there.
    ///
    /// A power loss during a write leaves the file's pages half written and the rollback
    /// journal beside it; during the first write of a new database, page 1 itself may be
    /// torn (one byte of it, or zeros). Only after SQLite has rolled the journal back does
    /// the file say what it holds, so the header is judged after this.
    private static func rollBackHotJournal(at path: String, busyTimeout: Duration) -> Bool {
        let journal = path + "-journal"
        let directory = (path as NSString).deletingLastPathComponent
        func journalSize() -> Int {
            (try? FileManager.default.attributesOfItem(atPath: journal)[.size] as? Int) ?? 0
        }
        guard journalSize() > 0 else { return false }
        if access(path, W_OK) == 0, access(directory, W_OK) == 0,
            let connection = try? SQLiteConnection(
                path: path, writable: true, busyTimeout: busyTimeout)
        {
            // Any read makes SQLite check for a hot journal and roll it back.
            _ = try? connection.integer(
                "SELECT count(*) FROM sqlite_master", operation: "roll back a hot journal")
            connection.close()
        }
        return journalSize() > 0
    }

    /// Checks the path before the store opens it: its directory exists (and, for writing, can
    /// be written), it is not a directory, and, once SQLite has rolled back any hot journal
    /// beside it, a file with bytes starts as every SQLite database does.
    ///
    /// A file of one byte is empty to SQLite (its Unix file layer reports such a file as
    /// zero bytes long), and so it is here: it is what a new database cut off in its first
    /// page can leave. A journal that could not be rolled back (a read-only directory) leaves
    /// the header to SQLite, whose error says to open the store for writing once.
    private static func checkFile(
        at path: String, writable: Bool, busyTimeout: Duration
    ) throws(StoreError) {
        var isDirectory: ObjCBool = false
        let directory = (path as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw .io(
                at: .file(directory), operation: "open the directory", code: ENOENT,
                message: "no such directory")
        }
        // SQLite keeps a WAL database's -wal and -shm files beside it: a writer that cannot
        // create them would fail on its first read, with a less helpful message.
        if writable, access(directory, W_OK) != 0 {
            let code = errno
            let reason = String(cString: strerror(code))
            throw .io(
                at: .file(path), operation: "open for writing", code: code,
                message: "its directory \(directory) cannot be written (\(reason)), and SQLite "
                    + "keeps the database's -wal and -shm files beside it")
        }
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            guard writable else {
                throw .io(at: .file(path), operation: "open", code: ENOENT, message: "no such file")
            }
            return
        }
        guard !isDirectory.boolValue else {
            throw .io(
                at: .file(path), operation: "open", code: EISDIR, message: "it is a directory")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .io(
                at: .file(path), operation: "open", code: EACCES, message: "it cannot be read")
        }
        defer { try? handle.close() }
        guard !rollBackHotJournal(at: path, busyTimeout: busyTimeout) else { return }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        guard header.count <= 1 || header == Data("SQLite format 3\0".utf8) else {
            throw .corruptFile(
                at: .file(path),
                problem: "it is not an SQLite database (its first bytes are not "
                    + "\"SQLite format 3\")",
                location: StoreError.Location(byteOffset: 0))
        }
    }
}
