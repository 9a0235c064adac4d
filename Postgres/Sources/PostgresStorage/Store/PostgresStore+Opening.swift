import KeyPathQuery
import ModelStorage
import PostgresNIO
import SQLStorage

extension SQLStore where Driver == PostgresDriver {
    /// Opens the store kept in a PostgreSQL database, creating the model's table when the
    /// database has none (unless the store is opened read-only).
    ///
    /// ```swift
    /// let configuration = PostgresConnection.Configuration(
    ///     unixSocketPath: "/run/postgresql/.s.PGSQL.5432", username: "dex", password: nil,
    ///     database: "dex")
    /// let store = try await PostgresStore<Pokemon>.open(configuration)
    /// ```
    ///
    /// The store is the one model's view of a ``PostgresModelDatabase`` of that model; to
    /// keep several models in the database, open that instead, with every model.
    ///
    /// Opening connects, then checks the database against the model before it writes
    /// anything: a table whose columns are not the model's, or one at a newer schema version,
    /// is refused and left as it is. Then, in one transaction under an advisory lock (so that
    /// stores opening at once do it once) and the writers' lock (every row of the version table), it creates the table, its row in
    /// `modelstorage_version` and its indexes, or migrates an older table in place with the
    /// model's `SchemaMigration` steps, and creates an index named `<table>_<column>_index`
    /// for each of the model's `StorableModel/storedIndexes`, dropping those it made for
    /// attributes the model no longer declares. Each index is `NULLS FIRST`, the in-memory
    /// order, so that a query sorted by its attribute, either way, reads it in order. A store
    /// opened with `StoreAccessMode/readOnly` does none of this: it checks the table and
    /// writes nothing, and when the database has no table yet, it reads as empty until a
    /// writer makes one.
    ///
    /// - Parameters:
    ///   - configuration: How to reach the server: postgres-nio's configuration.
    ///   - options: Whether to write, how many connections read, and the logger.
    /// - Returns: The open store.
    /// - Throws: `StoreError/connectionFailed(at:operation:message:)` naming the database when the
    ///   server cannot be reached or refuses the login;
    ///   `StoreError/tableMismatch(at:table:model:missingColumns:unexpectedColumns:)` for a
    ///   table that does not match the model, naming the columns that differ;
    ///   `StoreError/unsupportedVersion(at:kind:found:supported:)` for a newer
    ///   schema version; `StoreError/migrationFailed(at:sourceVersion:location:reason:)`
    ///   when a migration fails (or is needed by a read-only store);
    ///   `StoreError/corruptFile(at:problem:location:)` for a table the store did not make;
    ///   `StoreError/invalidQuery(_:)` when an attribute is named
    ///   like one of the store's own columns, or an indexed key path is not mapped.
    /// - Complexity: O(1) in the number of records, unless the table is migrated (O(*n*)).
    public static func open(
        _ configuration: PostgresConnection.Configuration,
        options: PostgresStoreOptions = PostgresStoreOptions()
    ) async throws -> PostgresStore<Model> {
        try await PostgresModelDatabase.open(configuration, for: [Model.self], options: options)
            .store(for: Model.self)
    }
}
