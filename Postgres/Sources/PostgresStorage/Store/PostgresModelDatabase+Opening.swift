import KeyPathQuery
import ModelStorage
import PostgresNIO
@_spi(BackendInternals) import SQLStorage

extension SQLModelDatabase where Driver == PostgresDriver {
    /// Opens a database of several models kept in a PostgreSQL schema (the connection's
    /// current one), creating the models' tables that the schema does not have (unless the
    /// database is opened read-only).
    ///
    /// ```swift
    /// let configuration = PostgresConnection.Configuration(
    ///     unixSocketPath: "/run/postgresql/.s.PGSQL.5432", username: "dex", password: nil,
    ///     database: "dex")
    /// let dex = try await PostgresModelDatabase.open(
    ///     configuration, for: [Pokemon.self, PokemonSpecies.self])
    /// ```
    ///
    /// Opening connects, then checks every model's table before it writes anything: a table
    /// whose columns are not its model's, or one at a newer schema version, is refused and
    /// left as it is. Then, in one transaction under an advisory lock of the schema (so that
    /// databases opening at once do it once) and the writers' lock (every row of the version table), it
    /// creates each missing table with its row in `modelstorage_version` and its indexes, or
    /// migrates each older table in place with its model's `SchemaMigration` steps, and
    /// brings each model's indexes up to date, as `PostgresStore.open(_:options:)`
    /// describes for one model. A table of a model the database was not opened with is left
    /// as it is, and its version still counts in the database's. A database opened with
    /// `StoreAccessMode/readOnly` does none of this: it checks the tables and writes nothing.
    /// It reads a model whose table the schema does not have yet as empty, and looks for the
    /// table again before each read of the model until a writer has made it; a table found
    /// then is checked as at opening, so that one at an older schema version throws
    /// `StoreError/migrationFailed(at:sourceVersion:location:reason:)` from the read.
    ///
    /// - Parameters:
    ///   - configuration: How to reach the server: postgres-nio's configuration.
    ///   - models: The models the database holds.
    ///   - options: Whether to write, how many connections read, and the logger.
    /// - Returns: The open database.
    /// - Throws: `StoreError/invalidModels(at:reason:)` when `models` is empty, lists a
    ///   model twice, or two models share a table name; otherwise the errors of
    ///   `PostgresStore.open(_:options:)`, for whichever model's table they concern.
    /// - Complexity: O(1) in the number of records, unless a table is migrated (O(*n*) in
    ///   its records).
    public static func open(
        _ configuration: PostgresConnection.Configuration, for models: [any StorableModel.Type],
        options: PostgresStoreOptions = PostgresStoreOptions()
    ) async throws -> PostgresModelDatabase {
        let url = BlockingConnection.describe(configuration)
        let layouts = try modelTables(for: models, at: .database(url))
        let evaluations = QueryEvaluationCounter()
        let writerConnection = BlockingConnection(
            configuration: configuration, logger: options.logger)
        writerConnection.evaluations = evaluations
        let writer = ConnectionThread(writerConnection, name: "modelstorage writer")
        var readers: [ConnectionThread] = []
        do {
            let writable = options.mode == .readWrite
            let (states, schema, searchable) = try await writer.perform { connection in
                try connection.connect()
                let states = try models.map { (model) throws(StoreError) in
                    try connection.inspectTable(of: model, in: layouts)
                }
                if writable { try connection.prepare(models, layouts: layouts) }
                let searchable =
                    writable
                    ? true
                    : try layouts.searchTokensAreCurrent { (table) throws(StoreError) in
                        try connection.recordedSearchDeclaration(ofTable: table)
                    }
                return (states, try connection.currentSchema(), searchable)
            }
            // A read-only database whose tokens are missing or stale answers searches in
            // memory.
            var opened =
                searchable
                ? layouts
                : try modelTables(for: models, at: layouts.location, searchesInSQL: false)
            let awaiting = try AwaitedTables.opening(
                &opened, found: states.map(\.look), writable: writable)
            // A table of a model's has its row in the version table (`inspect` checked).
            let hasVersionTable = writable || states.contains { $0 != .absent }
            while readers.count < Swift.max(1, options.readerCount) {
                let connection = BlockingConnection(
                    configuration: configuration, logger: options.logger)
                connection.preparesQueries = true
                connection.evaluations = evaluations
                connection.hasVersionTable = hasVersionTable
                readers.append(
                    ConnectionThread(connection, name: "modelstorage reader \(readers.count + 1)"))
            }
            let version = try await readers[0].perform { connection in
                try connection.databaseVersion(operation: "read the version")
            }
            let driver = PostgresDriver(
                writer: writer, tables: opened, channel: Schema.channel(schema: schema),
                configuration: configuration, logger: options.logger)
            return PostgresModelDatabase(
                driver: driver, tables: opened, writer: writer, readers: readers,
                version: version, isReadOnly: !writable, evaluations: evaluations,
                awaitingTables: awaiting)
        } catch {
            for reader in readers { await reader.close() }
            await writer.close()
            throw error
        }
    }
}
