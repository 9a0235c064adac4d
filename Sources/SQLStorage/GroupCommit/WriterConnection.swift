import ModelStorage

/// A writer's connection: what a group commit and its transactions' reads keep on it.
///
/// The connection is a class owned by one thread (or serial queue) at a time; the group
/// commit and the reads of its transactions run there.
public protocol WriterConnection: AnyObject {
    /// The group whose writes the connection is running, 0 between groups: a transaction
    /// reads only while its own group runs.
    var currentGroup: UInt64 { get set }

    /// The first read that failed in the current write where the transaction could not throw
    /// (it read `nil` or zero instead): the write then fails with it.
    var readFailure: StoreError? { get set }
}
