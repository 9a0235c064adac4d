import Foundation

/// The history a model's change feed reads, kept in memory beside its ``RecordTable``.
///
/// It holds which ids each commit wrote or deleted, in commit order, a tombstone for each
/// deleted record, and the horizon before which deletions were dropped. Both in-memory
/// backends keep one for a model with a ``ChangeHistory``, and the JSON file store too, its
/// tombstones and horizon kept in its files.
///
/// A page gives each commit's changes in one order, whichever order they were noted in:
/// its writes in the table's order, then its deletions in the order the commit made them.
/// A log made again from a table and its tombstones in that order (``tombstonesInOrder``)
/// reads exactly as the log it was made from.
///
/// The log only grows: a record written again leaves its earlier entry behind, which a read
/// skips (its version is no longer the record's). Once the entries left behind outnumber the
/// rest, the log is made again from the table and the tombstones, so that a read's cost
/// follows the changes it returns, not the table's size.
package struct ChangeLog<Model: StorableModel>: Sendable {
    /// A deleted record's tombstone: the version of the commit that deleted it, and when.
    package struct Tombstone: Hashable, Sendable {
        /// The database's version after the deleting commit.
        package let version: UInt64
        /// When the commit deleted it.
        package let deletedAt: Date

        package init(version: UInt64, deletedAt: Date) {
            self.version = version
            self.deletedAt = deletedAt
        }
    }

    private struct Entry: Sendable {
        let version: UInt64
        let id: Model.ID
    }

    /// One entry a write or deletion, in commit order.
    private var entries: [Entry] = []
    /// The tombstone of each deleted record not written since.
    package private(set) var tombstones: [Model.ID: Tombstone] = [:]
    /// The version before which deletions may have been dropped: a read from an earlier
    /// cursor (other than the start) must start again.
    package private(set) var horizon: UInt64

    /// The history of a table, with its tombstones and horizon as a file kept them.
    ///
    /// - Parameters:
    ///   - table: The records, with their write versions.
    ///   - tombstones: The tombstones kept, in the order of ``tombstonesInOrder``; an id
    ///     given twice keeps its last.
    ///   - horizon: The horizon kept.
    package init(
        table: RecordTable<Model>, tombstones: [(id: Model.ID, tombstone: Tombstone)] = [],
        horizon: UInt64 = 0
    ) {
        for (id, tombstone) in tombstones { self.tombstones[id] = tombstone }
        self.horizon = horizon
        rebuild(from: table, tombstones: tombstones)
    }

    /// The tombstones in the order of the deletions: by version, and in the order each
    /// commit made them.
    ///
    /// - Complexity: O(*h*) in the history's length.
    package var tombstonesInOrder: [(id: Model.ID, tombstone: Tombstone)] {
        guard !tombstones.isEmpty else { return [] }
        return entries.compactMap { entry in
            guard let tombstone = tombstones[entry.id], tombstone.version == entry.version
            else { return nil }
            return (entry.id, tombstone)
        }
    }

    /// Notes a commit's write of a record.
    package mutating func noteWrite(of id: Model.ID, version: UInt64) {
        entries.append(Entry(version: version, id: id))
        if !tombstones.isEmpty { tombstones[id] = nil }
    }

    /// Notes a commit's deletion of a record.
    package mutating func noteDeletion(of id: Model.ID, version: UInt64, at date: Date) {
        entries.append(Entry(version: version, id: id))
        tombstones[id] = Tombstone(version: version, deletedAt: date)
    }

    /// Makes the log again when the entries left behind outnumber the current ones.
    package mutating func compactIfNeeded(table: RecordTable<Model>) {
        let current = table.count + tombstones.count
        if entries.count > 2 * current + 1_024 {
            rebuild(from: table, tombstones: tombstonesInOrder)
        }
    }

    /// Drops the tombstones of deletions before a time, and moves the horizon past them.
    ///
    /// - Parameter date: The earliest deletion time to keep.
    /// - Returns: How many tombstones were dropped.
    @discardableResult
    package mutating func dropTombstones(deletedBefore date: Date) -> Int {
        let dropped = tombstones.filter { $0.value.deletedAt < date }
        guard !dropped.isEmpty else { return 0 }
        for (id, tombstone) in dropped {
            tombstones[id] = nil
            horizon = Swift.max(horizon, tombstone.version)
        }
        return dropped.count
    }

    /// Moves the horizon to a version a pruning reached, and drops the tombstones at or
    /// below it.
    ///
    /// This is what replaying a pruning kept in a file does. No read can see those
    /// tombstones (a cursor at or past the horizon reads only later versions), so the
    /// history reads as it did after the pruning itself.
    ///
    /// - Parameter version: The horizon the pruning reached.
    package mutating func moveHorizon(to version: UInt64) {
        horizon = Swift.max(horizon, version)
        if tombstones.contains(where: { $0.value.version <= horizon }) {
            tombstones = tombstones.filter { $0.value.version > horizon }
        }
    }

    /// Moves the horizon to a version: a model that starts keeping its history in a store
    /// that held it before knows nothing of the deletions up to there.
    package mutating func startHorizon(at version: UInt64) {
        horizon = Swift.max(horizon, version)
    }

    /// The changes after a cursor (see ``ChangePage``).
    ///
    /// - Parameters:
    ///   - cursor: Where the reader is.
    ///   - limit: How many changes the page may hold, at least: it ends at a commit.
    ///   - table: The records now.
    ///   - version: The store's version now.
    ///   - model: The model's name, for errors.
    ///   - location: The store, for errors.
    /// - Returns: The page.
    /// - Throws: ``StoreError/changesExpired(_:since:horizon:at:)`` for a cursor before the
    ///   horizon, or after the store's version (a cursor of another database).
    package func page(
        since cursor: ChangeCursor, limit: Int, table: RecordTable<Model>, version: UInt64,
        model: String, location: StoreLocation
    ) throws(StoreError) -> ChangePage<Model> {
        try ChangeFeed.check(
            cursor, limit: limit, horizon: horizon, version: version, model: model,
            location: location)
        // The first entry after the cursor: entries are in commit order.
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].version <= cursor.version { low = middle + 1 } else { high = middle }
        }
        var changes: [ChangePage<Model>.Change] = []
        for entry in entries[low...] {
            guard let change = current(entry, in: table) else { continue }
            // A reader from the start has no record to delete.
            if cursor == .start, change.record == nil { continue }
            if changes.count >= limit, let last = changes.last, last.version != change.version {
                return ChangePage(
                    changes: Self.inCommitOrder(changes, table: table),
                    next: ChangeCursor(version: last.version), hasMore: true)
            }
            changes.append(change)
        }
        return ChangePage(
            changes: Self.inCommitOrder(changes, table: table),
            next: ChangeCursor(version: version), hasMore: false)
    }

    /// A page's changes with each commit's in one order: its writes in the table's order,
    /// then its deletions as noted.
    private static func inCommitOrder(
        _ changes: [ChangePage<Model>.Change], table: RecordTable<Model>
    ) -> [ChangePage<Model>.Change] {
        guard changes.count > 1 else { return changes }
        let keys = changes.enumerated().map { offset, change in
            (
                version: change.version, isDeletion: change.record == nil ? 1 : 0,
                rank: change.record == nil ? offset : table.position(ofID: change.id) ?? offset
            )
        }
        let isInOrder = zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 }
        guard !isInOrder else { return changes }
        return changes.indices.sorted { keys[$0] < keys[$1] }.map { changes[$0] }
    }

    /// An entry's change, when it is still the record's latest: a record whose write version
    /// is the entry's, or a tombstone of the entry's version.
    private func current(_ entry: Entry, in table: RecordTable<Model>) -> ChangePage<Model>.Change?
    {
        if let record = table[entry.id] {
            guard table.writeVersion(ofID: entry.id) == entry.version else { return nil }
            return ChangePage.Change(id: entry.id, record: record, version: entry.version)
        }
        guard tombstones[entry.id]?.version == entry.version else { return nil }
        return ChangePage.Change(id: entry.id, record: nil, version: entry.version)
    }

    /// Makes the entries from the table's write versions and the tombstones, in the order of
    /// ``tombstonesInOrder``.
    private mutating func rebuild(
        from table: RecordTable<Model>, tombstones ordered: [(id: Model.ID, tombstone: Tombstone)]
    ) {
        var rebuilt: [Entry] = []
        rebuilt.reserveCapacity(table.count + ordered.count)
        for (record, version) in zip(table.records, table.recordWriteVersions) {
            rebuilt.append(Entry(version: version, id: record.id))
        }
        for (id, tombstone) in ordered where tombstones[id] == tombstone {
            rebuilt.append(Entry(version: tombstone.version, id: id))
        }
        // Stable: records of one version keep their table order.
        rebuilt = rebuilt.enumerated().sorted {
            ($0.element.version, $0.offset) < ($1.element.version, $1.offset)
        }.map(\.element)
        entries = rebuilt
    }
}

/// What every backend's change feed checks before it reads, and how a backend that reads
/// its records' writes and its tombstones apart makes a page of them: for backend authors,
/// as SPI (`@_spi(BackendInternals) import ModelStorage`).
@_spi(BackendInternals) public enum ChangeFeed {
    /// Checks a read's cursor and limit.
    ///
    /// - Throws: ``StoreError/invalidQuery(_:)`` for a limit below 1;
    ///   ``StoreError/changesExpired(_:since:horizon:at:)`` for a cursor (other than the
    ///   start) before the horizon, or after the store's version.
    public static func check(
        _ cursor: ChangeCursor, limit: Int, horizon: UInt64, version: UInt64, model: String,
        location: StoreLocation
    ) throws(StoreError) {
        guard limit >= 1 else {
            throw .invalidQuery(.invalidPagination(limit: limit, offset: 0))
        }
        guard cursor == .start || (cursor.version >= horizon && cursor.version <= version)
        else {
            throw .changesExpired(model, since: cursor, horizon: horizon, at: location)
        }
    }

    /// Which changes a backend reads for a page: those after a version, in commit order, at
    /// most a number of them; or every change of one commit.
    public enum Range: Sendable, Equatable {
        /// The changes after a version, in commit order, at most `limit`.
        case after(UInt64, limit: Int)
        /// Every change at one version: one commit's.
        case at(UInt64)
    }

    /// A page of a model's changes from a store that reads its records' writes and its
    /// tombstones apart, in one snapshot: the whole feed's logic, from the backend's reads.
    ///
    /// - Parameters:
    ///   - cursor: Where the reader is.
    ///   - limit: The page's limit.
    ///   - horizon: The model's history horizon, `nil` when the store keeps no history of it.
    ///   - version: The store's version in the snapshot.
    ///   - model: The model's name, for errors.
    ///   - location: The store, for errors.
    ///   - writes: The records written in a range, each with its write version, in commit
    ///     order (the store's order within a commit).
    ///   - deletions: The tombstones in a range, in commit order (a stable order within a
    ///     commit); never asked for a read from the start.
    /// - Returns: The page.
    /// - Throws: `StoreError/historyNotKept(_:at:)` without a horizon; the errors of
    ///   ``check(_:limit:horizon:version:model:location:)``; what the reads throw.
    public static func page<Model: StorableModel>(
        since cursor: ChangeCursor, limit: Int, horizon: UInt64?, version: UInt64,
        model: String, location: StoreLocation,
        writes: (Range) throws(StoreError) -> [ChangePage<Model>.Change],
        deletions: (Range) throws(StoreError) -> [ChangePage<Model>.Change]
    ) throws(StoreError) -> ChangePage<Model> {
        guard let horizon else { throw .historyNotKept(model, at: location) }
        try check(
            cursor, limit: limit, horizon: horizon, version: version, model: model,
            location: location)
        let after = Range.after(cursor.version, limit: limit + 1)
        // A reader from the start has no record to delete.
        return try page(
            writes: try writes(after), deletions: cursor == .start ? [] : try deletions(after),
            limit: limit, version: version
        ) { (commit) throws(StoreError) in
            try writes(.at(commit)) + (cursor == .start ? [] : try deletions(.at(commit)))
        }
    }

    /// A page of changes from a store that reads its records' writes and its tombstones
    /// apart, each in commit order and each cut at `limit + 1`: the first `limit + 1` changes
    /// of both together are then the first of the whole feed.
    ///
    /// - Parameters:
    ///   - writes: The records written after the cursor, in commit order, at most
    ///     `limit + 1`.
    ///   - deletions: The tombstones after the cursor, in commit order, at most `limit + 1`;
    ///     none for a read from the start.
    ///   - limit: The page's limit.
    ///   - version: The store's version at the read.
    ///   - commit: Every change of one commit, when the page's last commit was cut: its
    ///     writes, then its deletions.
    /// - Returns: The page: whole commits, and the cursor after them.
    /// - Throws: What `commit` throws.
    static func page<Model: StorableModel>(
        writes: [ChangePage<Model>.Change], deletions: [ChangePage<Model>.Change], limit: Int,
        version: UInt64,
        commit: (UInt64) throws(StoreError) -> [ChangePage<Model>.Change]
    ) throws(StoreError) -> ChangePage<Model> {
        // Merged by version, writes first within a commit.
        var merged: [ChangePage<Model>.Change] = []
        merged.reserveCapacity(writes.count + deletions.count)
        var write = 0
        var deletion = 0
        while merged.count <= limit, write < writes.count || deletion < deletions.count {
            if deletion == deletions.count
                || (write < writes.count && writes[write].version <= deletions[deletion].version)
            {
                merged.append(writes[write])
                write += 1
            } else {
                merged.append(deletions[deletion])
                deletion += 1
            }
        }
        guard merged.count > limit else {
            return ChangePage(changes: merged, next: ChangeCursor(version: version), hasMore: false)
        }
        let last = merged[limit - 1].version
        var changes = Array(merged.prefix(limit))
        if merged[limit].version == last {
            // The last commit goes on past the limit: the page takes it whole.
            changes.removeAll { $0.version == last }
            changes += try commit(last)
        }
        return ChangePage(changes: changes, next: ChangeCursor(version: last), hasMore: true)
    }
}
