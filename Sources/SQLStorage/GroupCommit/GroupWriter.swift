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
/// - ``beginGroup()`` begins one transaction and reads the committed version, taking what
///   lock makes the groups of every connection on the database run one at a time.
/// - ``store(_:version:collectingChanges:)`` stores one write's net changes, every record
///   at the version given, and reads each changed record's value before the change when
///   asked.
/// - ``commitGroup(version:changed:)`` records the new version (when the group changed something)
///   and commits the transaction durably; ``rollBackGroup()`` undoes it and never throws.
/// - ``isInTransaction`` is false once the database rolled the transaction back on its own
///   (a full disk in SQLite) or the connection was lost.
/// - ``connection`` keeps the group's number and the current write's read failure, so that
///   the transactions' reads (``WriterRecords``) see them.
public protocol GroupWriter<Model> {
    /// The model whose records the group writes.
    associatedtype Model: StorableModel
    /// The writer's connection.
    associatedtype Connection: WriterConnection
    /// The committed records a write's transaction reads.
    associatedtype Records: CommittedRecords<Model>

    /// Begins the group's transaction.
    ///
    /// - Returns: The committed version, read inside the transaction.
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
    /// - Returns: The records, which read nothing once the group is over.
    func committedRecords(group: UInt64) -> Records

    /// Stores one write's changes.
    ///
    /// - Parameters:
    ///   - changes: The net changes, each record once, in order.
    ///   - version: The write version of the records written: the version after this write.
    ///   - collectingChanges: Whether to read each record's value before the change.
    /// - Returns: Each change, with the record's value before it (when collecting) and after.
    /// - Throws: `StoreError` when a change cannot be encoded or stored.
    func store(
        _ changes: [RecordChange<Model>], version: UInt64, collectingChanges: Bool
    ) throws(StoreError) -> [(old: Model?, new: Model?)]

    /// Records the version after the group, when it changed, and commits the transaction.
    ///
    /// - Parameters:
    ///   - version: The version after the group.
    ///   - changed: Whether any write changed something (the version grew).
    /// - Throws: `StoreError` when the commit fails; the caller then rolls back.
    func commitGroup(version: UInt64, changed: Bool) throws(StoreError)

    /// Rolls the group's transaction back, ignoring any error (there may be none open).
    func rollBackGroup()
}
