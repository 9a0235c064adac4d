import Foundation
import ModelStorage
import SQLStorage

extension SQLStore where Driver == SQLiteDriver {
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
    /// the model's `StorableModel/storedIndexes`, dropping those it made for attributes
    /// the model no longer declares (an index you made under another name stays). A
    /// read-only store changes no index.
    ///
    /// - Parameters:
    ///   - url: The database's file URL, such as `…/dex.sqlite`; its directory must exist,
    ///     unless `SQLiteStoreOptions.createsDirectories` is set.
    ///   - options: Whether to write, how long to wait for locks, whether to make missing
    ///     directories, how many readers.
    /// - Returns: The open store.
    /// - Throws: `StoreError/corruptFile(at:problem:location:)` for a file
    ///   that is not an SQLite database;
    ///   `StoreError/tableMismatch(at:table:model:missingColumns:unexpectedColumns:)` for a
    ///   table that does not match the model;
    ///   `StoreError/unsupportedVersion(at:kind:found:supported:)` for a newer
    ///   schema version; `StoreError/migrationFailed(at:sourceVersion:location:reason:)`
    ///   when a migration fails (or is needed by a read-only store);
    ///   `StoreError/io(at:operation:code:message:)` for a file or directory
    ///   it cannot read or write; `StoreError/locked(at:pid:message:)` when another
    ///   connection holds a lock past `SQLiteStoreOptions.lockTimeout`; `StoreError/invalidQuery(_:)`
    ///   when an attribute is named like one of the store's own columns, or an indexed key
    ///   path is not in the model's attribute map.
    /// - Complexity: O(1) in the number of records, unless the table is migrated (O(*n*)).
    public static func open(
        at url: URL, options: SQLiteStoreOptions = .readWrite
    ) async throws -> SQLiteStore<Model> {
        try await SQLiteModelDatabase.open(at: url, for: [Model.self], options: options)
            .store(for: Model.self)
    }
}
