import ModelStorage

/// A writer's connection as a group commit uses it: the hooks that differ from one SQL
/// database to another, under the one algorithm of ``GroupCommit``.
///
/// A backend implements it over its writer's connection for one group (a value made for
/// each group is the usual shape), and calls
/// ``GroupCommit/run(_:on:collectingChanges:group:)`` on the thread that owns the
/// connection:
///
/// ```swift
/// let commit = GroupCommit.run(batch, on: SQLiteGroupWriter(...), collectingChanges: true, group: 7)
/// ```
///
/// ## Implementation requirements
///
/// - ``beginGroup()`` begins one transaction and reads the database's committed version,
///   taking what lock makes the groups of every connection on the database run one at a
///   time.
/// - ``store(_:of:version:collectingChanges:)`` stores one write's net changes to one model,
///   every record at the version given, and reads each changed record's value before the
///   change when asked.
/// - ``commitGroup(version:changed:)`` records the new version (when the group changed
///   something) and commits the transaction durably, once for every model;
///   ``rollBackGroup()`` undoes it and never throws.
/// - ``isInTransaction`` is false once the database rolled the transaction back on its own
///   (a full disk in SQLite) or the connection was lost.
/// - ``connection`` keeps the group's number and the current write's read failure, so that
///   the transactions' reads (``ConnectionRecords``) see them.
public protocol GroupWriter {
    /// The writer's connection.
    associatedtype Connection: ReadingConnection

    /// The committed records of every model that a write's transaction reads.
    associatedtype Tables: DatabaseTransaction.Tables

    /// The models of the database, in its order.
    var models: [any StorableModel.Type] { get }

    /// Where the database keeps its records, for errors.
    var storeLocation: StoreLocation { get }

    /// Begins the group's transaction.
    ///
    /// - Returns: The database's committed version, read inside the transaction.
    /// - Throws: `StoreError` when the transaction cannot begin; nothing changed.
    func beginGroup() throws(StoreError) -> UInt64

    /// Runs a statement that returns no rows: the savepoints around each write.
    ///
    /// - Parameters:
    ///   - sql: The statement.
    ///   - operation: What it does, for errors ("begin a write").
    /// - Throws: `StoreError` when the database refuses it.
    func execute(_ sql: String, operation: String) throws(StoreError)

    /// The writer's connection, which runs the group.
    var connection: Connection { get }

    /// Whether the group's transaction is still open.
    var isInTransaction: Bool { get }

    /// The records a transaction of a group reads: the writer's connection, inside the
    /// group's transaction.
    ///
    /// - Parameter group: The group's number.
    /// - Returns: Each model's records, which read nothing once the group is over.
    func committedTables(group: UInt64) -> Tables

    /// Stores one write's changes to one model.
    ///
    /// - Parameters:
    ///   - changes: The net changes, each record once, in order.
    ///   - model: The model whose table they change.
    ///   - version: The write version of the records written: the version after this write.
    ///   - collectingChanges: Whether to read each record's value before the change.
    /// - Returns: Each change, with the record's value before it (when collecting) and after.
    /// - Throws: `StoreError` when a change cannot be encoded or stored.
    func store<Model: StorableModel>(
        _ changes: [RecordChange<Model>], of model: Model.Type, version: UInt64,
        collectingChanges: Bool
    ) throws(StoreError) -> [(old: Model?, new: Model?)]

    /// Records the version after the group, when it changed something, and commits the
    /// transaction.
    ///
    /// - Parameters:
    ///   - version: The version after the group.
    ///   - changed: The models the group changed; none when it changed nothing.
    /// - Throws: `StoreError` when the commit fails; the caller then rolls back.
    func commitGroup(version: UInt64, changed: [any StorableModel.Type]) throws(StoreError)

    /// Rolls the group's transaction back; never throws.
    func rollBackGroup()
}
