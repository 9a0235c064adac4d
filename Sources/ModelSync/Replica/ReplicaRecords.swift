import Foundation
import KeyPathQuery
import ModelStorage

/// What a replica does to one model's records, typed by the model behind a protocol so that a
/// replica keeps models of several types.
protocol ReplicaRecords: Sendable {
    /// Adds the transaction's writes to the model to the outbox.
    func recordWrites(in transaction: inout DatabaseTransaction) throws(SyncError)
    /// Applies a page of pulled changes, each unless a local write to its record is pending.
    func apply(_ changes: [SyncChange], pass: Int, in transaction: inout DatabaseTransaction)
        throws(SyncError)
    /// Takes the server's answer to one pushed entry.
    func settle(
        _ result: PushResult, version: UInt64, sentRevision: Int?, scope: JSONValue?,
        in transaction: inout DatabaseTransaction
    ) throws(SyncError)
    /// Removes the records the scope no longer selects, but for those with pending writes.
    func dropRecords(outside scope: JSONValue?, in transaction: inout DatabaseTransaction)
        throws(SyncError) -> Int
    /// Removes the records a pass over the server's records did not see.
    func sweep(before pass: Int, in transaction: inout DatabaseTransaction) throws(SyncError) -> Int
    /// The scope that selects what `scope` adds to `settled`; `nil` when it adds nothing.
    func widening(_ scope: JSONValue?, beyond settled: JSONValue?) throws(SyncError) -> JSONValue?
    /// The records two scopes both select (`nil` is every record).
    func intersection(_ first: JSONValue?, _ second: JSONValue?) throws(SyncError) -> JSONValue?
}
