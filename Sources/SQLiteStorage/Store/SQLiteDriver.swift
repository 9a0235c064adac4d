import Foundation
import KeyPathQuery
import ModelStorage
@_spi(BackendInternals) import SQLStorage

/// SQLite's driver under the shared SQL database (`SQLDriver`): its file, its writer's
/// connection, its table layout of each model, and how it hears of other connections'
/// commits.
///
/// ``SQLiteModelDatabase`` is `SQLModelDatabase` over it, opened by
/// `SQLiteModelDatabase.open(at:for:options:)`, which makes the driver.
public struct SQLiteDriver: SQLDriver {
    /// The database file's URL, as it was opened at.
    public let url: URL
    /// The writer's connection, or `nil` for a read-only database.
    let writer: ConnectionQueue?
    /// How the database hears of other connections' commits: `PRAGMA data_version`, looked
    /// at on a connection of its own (`SQLDriver`).
    @_spi(BackendInternals) public let otherCommits: SQLiteOtherCommits

    init(url: URL, writer: ConnectionQueue?, otherCommits: SQLiteOtherCommits) {
        self.url = url
        self.writer = writer
        self.otherCommits = otherCommits
    }

    /// Commits one group on the writer's connection (`SQLDriver`): on the calling task's
    /// thread, with no thread switch before or after, unless the group holds a large write,
    /// which commits on the writer's own thread so that a long import never holds a thread
    /// of the cooperative pool.
    public func commitGroup(
        _ batch: [QueuedWrite], group: UInt64, tables: ModelTables,
        collectingChanges collecting: Bool
    ) async -> GroupCommit? {
        guard let writer else { return nil }
        let run = { @Sendable (connection: SQLiteConnection) in
            GroupCommit.run(
                batch,
                on: SQLiteGroupWriter(connection: connection, queue: writer, tables: tables),
                collectingChanges: collecting, group: group)
        }
        if batch.contains(where: { $0.runsOnWriterThread }) {
            return await writer.run(run)
        }
        return writer.runHere(run)
    }

    /// Whether SQL answers a query exactly on the database as it is (`SQLDriver`): always,
    /// but for a query that follows references while a read-only database has not found
    /// every model's table, which a snapshot read answers, reading the missing models as
    /// empty.
    public func answersInSQL<Model: StorableModel>(
        _ query: RecordQuery<Model>, on connection: SQLiteConnection
    ) throws(StoreError) -> Bool {
        !(connection.awaitsTables && query.condition.followsReferences)
    }

    /// Drops a model's tombstones of deletions before a time on the writer's connection,
    /// between group commits (`SQLDriver`).
    ///
    /// - Throws: `StoreError/readOnly(at:)` for a read-only database; `StoreError` when
    ///   SQLite cannot write.
    public func pruneHistory<Model: StorableModel>(
        of model: Model.Type, deletedBefore date: Date, tables: ModelTables
    ) async throws -> Int {
        guard let writer else { throw StoreError.readOnly(at: .file(url.path)) }
        let layout: TableLayout<Model> = try tables.layout(of: model)
        return try await writer.run { (connection) throws(StoreError) in
            try connection.pruneHistory(table: layout.name, deletedBefore: date)
        }
    }

    /// `_key`, the JSON of each record's id, which a reference's attribute compares with as
    /// the dialect renders it.
    public static func referenceKeyColumn(of model: any StorableModel.Type) -> String? {
        "_key"
    }

    /// SQLite's layout of a model's table.
    ///
    /// - Throws: `StoreError` when an attribute's column cannot be laid out.
    public static func layout<Model: StorableModel>(
        of model: Model.Type, tables: SQLTables
    ) throws(StoreError) -> any SQLTableLayout {
        try TableLayout<Model>(tables: tables)
    }

    /// One model's table as SQLite's connection reads it.
    ///
    /// - Throws: `StoreError/unknownModel(_:at:models:)` when the database does not hold
    ///   the model.
    public static func table<Model: StorableModel>(
        of model: Model.Type, in tables: ModelTables
    ) throws(StoreError) -> any SQLDriverTable<Model, SQLiteConnection> {
        try tables.layout(of: model) as TableLayout<Model>
    }

    /// What the database holds under a model's table name: nothing, the model's table, or
    /// the table at an older schema version.
    ///
    /// - Throws: `StoreError` when the schema cannot be read, or the table is not the
    ///   model's.
    public static func look<Model: StorableModel>(
        for model: Model.Type, in tables: ModelTables, on connection: SQLiteConnection
    ) throws(StoreError) -> AwaitedTables.Look {
        let layout: TableLayout<Model> = try tables.layout(of: model)
        return try connection.inspect(for: layout).look
    }
}
