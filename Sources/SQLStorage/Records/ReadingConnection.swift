import ModelStorage

/// A connection that transactions read through: the writer's while it runs a group of
/// writes, a reader's while it runs a snapshot read (`SnapshotRead`).
///
/// The connection is a class owned by one thread (or serial queue) at a time; the group
/// commit or the snapshot read, and the reads of its transactions, run there.
public protocol ReadingConnection: AnyObject {
    /// The session the connection is running, 0 between sessions: on the writer, the number
    /// of the group being committed; on a reader, the number of the snapshot read. A
    /// transaction reads only while its own session runs.
    var currentSession: UInt64 { get set }

    /// The first read that failed in the current session where the transaction could not
    /// throw (it read `nil` or zero instead): the write or the snapshot read then fails with
    /// it.
    var readFailure: StoreError? { get set }
}
