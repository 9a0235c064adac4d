import Foundation

/// How a model's stores keep the history that its change feed reads
/// (``ModelStore/changes(since:limit:)``).
///
/// A model that declares one can tell a reader what changed since it last looked: each record
/// written since, with its version, and a *tombstone* for each record deleted since. A replica
/// that keeps a copy of the model's records in step needs nothing else.
///
/// ```swift
/// struct Favorite: StorableModel {
///     var id: String
///     var pokemonID: Int
///     static var changeHistory: ChangeHistory? { ChangeHistory() }
/// }
/// ```
///
/// The history costs each commit of the model a little: SQL backends keep an index on each
/// record's write version, and every backend keeps a tombstone for each deleted record. A
/// model without one (the default) pays nothing, and its change feed throws
/// ``StoreError/historyNotKept(_:at:)``.
///
/// Tombstones are kept for ``tombstoneRetention``, then dropped when the store prunes its
/// history (``ModelStore/pruneChangeHistory(now:)``, and as it opens). Dropping them moves
/// the history's *horizon*: a reader whose cursor is older than the horizon could miss a
/// deletion, so its read throws ``StoreError/changesExpired(_:since:horizon:at:)``, and it
/// starts again from ``ChangeCursor/start``. A model that starts keeping a history in a
/// database that already holds it starts with its horizon at the database's version then.
public struct ChangeHistory: Hashable, Sendable {
    /// How long a deleted record's tombstone is kept.
    public var tombstoneRetention: Duration

    /// A history whose tombstones are kept for a time.
    ///
    /// - Parameter tombstoneRetention: How long each tombstone is kept: longer than a reader
    ///   may go without reading (a device offline), or it starts again. 90 days by default.
    public init(tombstoneRetention: Duration = .seconds(90 * 24 * 60 * 60)) {
        self.tombstoneRetention = tombstoneRetention
    }

    /// The earliest deletion time a tombstone kept at `now` may have.
    ///
    /// - Parameter now: The time of the pruning.
    /// - Returns: `now` less the retention.
    package func oldestKept(at now: Date) -> Date {
        let components = tombstoneRetention.components
        let seconds = Double(components.seconds) + Double(components.attoseconds) * 1e-18
        return now.addingTimeInterval(-seconds)
    }
}
