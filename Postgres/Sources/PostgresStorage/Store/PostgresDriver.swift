import Foundation
import KeyPathQuery
import ModelStorage
import PostgresNIO
@_spi(BackendInternals) import SQLStorage

/// PostgreSQL's driver under the shared SQL database (`SQLDriver`): its writer's
/// connection, its table layout of each model, and how it hears of other databases' commits
/// on its schema.
///
/// ``PostgresModelDatabase`` is `SQLModelDatabase` over it, opened by
/// `PostgresModelDatabase.open(_:for:options:)`, which makes the driver.
public struct PostgresDriver: SQLDriver {
    /// The writer's connection, on its thread.
    let writer: ConnectionThread
    /// The quoted names of the models' tables.
    let tableNames: [String]
    /// The channel the database's commits are announced on (see `Schema.channel(schema:)`).
    let channel: String
    /// What this database's notifications carry after the version, to tell them from other
    /// databases'.
    let tag: String
    /// How the database hears of other databases' commits (`SQLDriver`): `LISTEN` on the
    /// schema's channel.
    @_spi(BackendInternals) public let otherCommits: PostgresOtherCommits

    init(
        writer: ConnectionThread, tables: ModelTables, channel: String,
        configuration: PostgresConnection.Configuration, logger: Logger
    ) {
        self.writer = writer
        tableNames = tables.models.map { SQLIdentifier.quoted($0.storageName) }
        self.channel = channel
        let tag = UUID().uuidString
        self.tag = tag
        otherCommits = PostgresOtherCommits(
            configuration: configuration, logger: logger, channel: channel, tag: tag)
    }

    /// Commits one group on the writer's thread (`SQLDriver`); a group the writer cannot run
    /// at all (its thread stopped) fails every write in it.
    public func commitGroup(
        _ batch: [QueuedWrite], group: UInt64, tables: ModelTables,
        collectingChanges collecting: Bool
    ) async -> GroupCommit? {
        let (channel, tag, writer) = (channel, tag, writer)
        do {
            return try await writer.perform { connection in
                GroupCommit.run(
                    batch,
                    on: PostgresGroupWriter(
                        connection: connection, thread: writer, tables: tables,
                        channel: channel, tag: tag),
                    collectingChanges: collecting, group: group)
            }
        } catch {
            for write in batch { write.fail(error) }
            return nil
        }
    }

    /// Whether SQL answers a query exactly on the database as it is (`SQLDriver`): always
    /// for one that follows no reference; for one that follows references, only while no
    /// table of the database holds an inexact row.
    public func answersInSQL<Model: StorableModel>(
        _ query: RecordQuery<Model>, on connection: BlockingConnection
    ) throws(StoreError) -> Bool {
        try connection.answersExactly(query, tables: tableNames)
    }

    /// Drops a model's tombstones of deletions before a time on the writer's connection,
    /// between group commits (`SQLDriver`).
    ///
    /// - Throws: `StoreError` when the server cannot write.
    public func pruneHistory<Model: StorableModel>(
        of model: Model.Type, deletedBefore date: Date, tables: ModelTables
    ) async throws -> Int {
        let layout: TableLayout<Model> = try tables.layout(of: model)
        return try await writer.perform { connection in
            try connection.pruneHistory(table: layout.name, deletedBefore: date)
        }
    }

    /// The column of the model's `id` attribute, whose typed value a reference's attribute
    /// compares with; `nil` when `id` is not in the model's attribute map.
    public static func referenceKeyColumn(of model: any StorableModel.Type) -> String? {
        SQLTables.idColumn(of: model)
    }

    /// PostgreSQL's layout of a model's table.
    ///
    /// - Throws: `StoreError` when an attribute's column cannot be laid out.
    public static func layout<Model: StorableModel>(
        of model: Model.Type, tables: SQLTables
    ) throws(StoreError) -> any SQLTableLayout {
        try TableLayout<Model>(tables: tables)
    }

    /// One model's table as PostgreSQL's connection reads it.
    ///
    /// - Throws: `StoreError/unknownModel(_:at:models:)` when the database does not hold
    ///   the model.
    public static func table<Model: StorableModel>(
        of model: Model.Type, in tables: ModelTables
    ) throws(StoreError) -> any SQLDriverTable<Model, BlockingConnection> {
        try tables.layout(of: model) as TableLayout<Model>
    }

    /// What the schema holds under a model's table name: nothing, the model's table, or the
    /// table at an older schema version.
    ///
    /// - Throws: `StoreError` when the schema cannot be read, or the table is not the
    ///   model's.
    public static func look<Model: StorableModel>(
        for model: Model.Type, in tables: ModelTables, on connection: BlockingConnection
    ) throws(StoreError) -> AwaitedTables.Look {
        let layout: TableLayout<Model> = try tables.layout(of: model)
        return try connection.inspect(for: layout).look
    }
}
