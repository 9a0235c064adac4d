import Foundation
import KeyPathQuery
import ModelStorage

/// What a replica does to one model's records, typed by the model behind a protocol so that a
/// replica keeps models of several types.
protocol ReplicaRecords: Sendable {
    /// Adds the transaction's writes to the model to the outbox.
    func recordWrites(in transaction: inout DatabaseTransaction) throws(SyncError)
    /// Applies a page of the server's history, or of a copy of what a wider scope adds: each
    /// change unless a local write to its record waits, or a push's answer brought a later
    /// state.
    func apply(_ changes: [SyncChange], in transaction: inout DatabaseTransaction)
        throws(SyncError)
    /// The changes as a pull within `scope` gives them: a record the scope does not select
    /// comes as a deletion, since it may have left the scope.
    func selecting(_ changes: [SyncChange], scope: JSONValue?) throws(SyncError) -> [SyncChange]
    /// Applies a page of a copy from the start: the records of the scope with ids after
    /// `after` (from the first, when `nil`) through `last` (to the end, when `nil`). A local
    /// record between those bounds that the page does not hold leaves, but for pending writes
    /// and records a push's answer brought after `start`, the version the copy began at.
    func applyCopy(
        _ changes: [SyncChange], after: JSONValue?, through last: JSONValue?,
        startedAt start: UInt64, in transaction: inout DatabaseTransaction) throws(SyncError)
    /// Removes the model's shadows, when a copy starts again: the versions they keep may be
    /// another database's.
    func forgetShadows(in transaction: inout DatabaseTransaction) throws(SyncError)
    /// Takes the server's answer to one pushed entry.
    func settle(
        _ result: PushResult, version: UInt64, sentRevision: Int?, scope: JSONValue?,
        in transaction: inout DatabaseTransaction
    ) throws(SyncError)
    /// Removes the records the scope no longer selects, but for those with pending writes.
    func dropRecords(outside scope: JSONValue?, in transaction: inout DatabaseTransaction)
        throws(SyncError) -> Int
    /// The scope that selects what `scope` adds to `settled`; `nil` when it adds nothing.
    func widening(_ scope: JSONValue?, beyond settled: JSONValue?) throws(SyncError) -> JSONValue?
    /// The records two scopes both select (`nil` is every record).
    func intersection(_ first: JSONValue?, _ second: JSONValue?) throws(SyncError) -> JSONValue?
}
