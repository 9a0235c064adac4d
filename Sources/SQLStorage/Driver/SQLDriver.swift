import Foundation
import KeyPathQuery
import ModelStorage

/// What an SQL backend gives the database every SQL backend shares (``SQLModelDatabase``):
/// its connection, its table of each model, how it commits a group of writes, and how it
/// hears of other connections' commits.
///
/// A driver is a value a backend's `open` makes once it has connected: it holds the
/// writer's connection and whatever else only the backend knows. The database holds the
/// driver, the readers' connections and every state the backends share: the model tables,
/// the group commit's queue, the live queries, the read-only database's missing tables.
/// SQLiteStorage's `SQLiteDriver` and PostgresStorage's `PostgresDriver` conform, and
/// `SQLiteModelDatabase` and `PostgresModelDatabase` are ``SQLModelDatabase`` over them.
///
/// ```swift
/// struct MyDriver: SQLDriver {
///     let writer: MyConnectionQueue
///     let otherCommits: MyCommitPoller
///
///     static func referenceKeyColumn(of model: any StorableModel.Type) -> String? {
///         SQLTables.idColumn(of: model)
///     }
///
///     static func layout<Model: StorableModel>(
///         of model: Model.Type, tables: SQLTables
///     ) throws(StoreError) -> any SQLTableLayout {
///         try MyTableLayout<Model>(tables: tables)
///     }
///
///     static func table<Model: StorableModel>(
///         of model: Model.Type, in tables: ModelTables
///     ) throws(StoreError) -> any SQLDriverTable<Model, MyConnection> {
///         try tables.layout(of: model) as MyTableLayout<Model>
///     }
///
///     static func look<Model: StorableModel>(
///         for model: Model.Type, in tables: ModelTables, on connection: MyConnection
///     ) throws(StoreError) -> AwaitedTables.Look {
///         try connection.inspect(for: tables.layout(of: model) as MyTableLayout<Model>).look
///     }
///
///     func commitGroup(
///         _ batch: [QueuedWrite], group: UInt64, tables: ModelTables,
///         collectingChanges: Bool
///     ) async -> GroupCommit? {
///         try? await writer.perform { connection in
///             GroupCommit.run(
///                 batch, on: MyGroupWriter(connection: connection, tables: tables),
///                 collectingChanges: collectingChanges, group: group)
///         }
///     }
/// }
/// ```
///
/// ## Implementation requirements
///
/// - ``commitGroup(_:group:tables:collectingChanges:)`` runs the group on the writer's
///   connection, never a reader's, and fails every write of a group it cannot run.
/// - ``answersInSQL(_:on:)`` returns `false` for a query whose answer in SQL could differ
///   from the in-memory engine's on the database as it is; the store then answers it through
///   a read of the whole database.
public protocol SQLDriver: Sendable {
    /// The backend's connection.
    associatedtype Connection: SnapshotConnection

    /// How the backend hears of other connections' commits.
    associatedtype OtherCommits: OtherCommitSource

    /// The source of notices of other connections' commits, which the database follows while
    /// it has a live query.
    var otherCommits: OtherCommits { get }

    /// Commits one group of writes on the writer's connection
    /// (``GroupCommit/run(_:on:collectingChanges:group:)``), on whichever thread the writer
    /// needs.
    ///
    /// - Parameters:
    ///   - batch: The group's writes, in the order they were queued.
    ///   - group: The group's number.
    ///   - tables: The database's models and their tables.
    ///   - collectingChanges: Whether the database has live queries, which need each
    ///     commit's changes.
    /// - Returns: The commit, or `nil` when the group could not run at all (its writes were
    ///   failed with the error).
    func commitGroup(
        _ batch: [QueuedWrite], group: UInt64, tables: ModelTables, collectingChanges: Bool
    ) async -> GroupCommit?

    /// Whether SQL answers a query exactly on the database as it is, read on the connection
    /// before the query runs.
    ///
    /// - Parameters:
    ///   - query: The query.
    ///   - connection: The reader's connection, on its owner's thread.
    /// - Returns: `false` when the store must answer the query through a read of the whole
    ///   database instead.
    /// - Throws: `StoreError` when the connection cannot tell.
    func answersInSQL<Model: StorableModel>(
        _ query: RecordQuery<Model>, on connection: Connection
    ) throws(StoreError) -> Bool

    /// Drops a model's tombstones of deletions before a time, and moves its history's
    /// horizon past them, on the writer's connection (see
    /// `ModelStore/pruneChangeHistory(now:)`).
    ///
    /// - Parameters:
    ///   - model: The model, which declares a change history.
    ///   - date: The earliest deletion time to keep.
    ///   - tables: The database's models and their tables.
    /// - Returns: How many tombstones were dropped.
    /// - Throws: `StoreError/readOnly(at:)` for a read-only database, or the driver's
    ///   errors of a write.
    func pruneHistory<Model: StorableModel>(
        of model: Model.Type, deletedBefore date: Date, tables: ModelTables
    ) async throws -> Int

    /// The column of a model's table that holds each record's id as a reference's attribute
    /// compares with it, or `nil` when there is none (the conditions that follow references
    /// to the model then do not render as SQL).
    ///
    /// - Parameter model: The model.
    /// - Returns: The column's name, unquoted.
    static func referenceKeyColumn(of model: any StorableModel.Type) -> String?

    /// The driver's layout of a model's table, as a database opens with it.
    ///
    /// - Parameters:
    ///   - model: The model.
    ///   - tables: Every model's table, for conditions that follow references.
    /// - Returns: The layout.
    /// - Throws: `StoreError` when the model cannot be laid out as a table (an attribute
    ///   name too long, or one that is the store's own column).
    static func layout<Model: StorableModel>(
        of model: Model.Type, tables: SQLTables
    ) throws(StoreError) -> any SQLTableLayout

    /// One model's table as the driver reads it, from the database's tables.
    ///
    /// - Parameters:
    ///   - model: The model.
    ///   - tables: The database's models and their layouts.
    /// - Returns: The model's table.
    /// - Throws: `StoreError/unknownModel(_:at:models:)` when the database does not hold
    ///   the model.
    static func table<Model: StorableModel>(
        of model: Model.Type, in tables: ModelTables
    ) throws(StoreError) -> any SQLDriverTable<Model, Connection>

    /// What a look for a model's table finds in the database, for a read-only database that
    /// awaits it (``AwaitedTables``).
    ///
    /// - Parameters:
    ///   - model: The model.
    ///   - tables: The database's models and their layouts.
    ///   - connection: A reader's connection, on its owner's thread.
    /// - Returns: Whether the table is absent, found, or found at an older schema version.
    /// - Throws: `StoreError` when the database cannot be read, or holds a table of that
    ///   name that is not the model's.
    static func look<Model: StorableModel>(
        for model: Model.Type, in tables: ModelTables, on connection: Connection
    ) throws(StoreError) -> AwaitedTables.Look
}

extension SQLDriver {
    /// A driver that keeps no change history: nothing to drop.
    ///
    /// - Parameters:
    ///   - model: The model.
    ///   - date: The earliest deletion time to keep.
    ///   - tables: The database's models and their tables.
    /// - Returns: 0.
    /// - Throws: Nothing; the signature is the requirement's.
    public func pruneHistory<Model: StorableModel>(
        of model: Model.Type, deletedBefore date: Date, tables: ModelTables
    ) async throws -> Int { 0 }
}
