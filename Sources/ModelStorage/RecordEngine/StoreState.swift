import Foundation
import KeyPathQuery

/// A store's committed records and version: the state both backends keep, read and change
/// the same way, so that their semantics cannot drift apart.
package struct StoreState<Model: StorableModel>: Sendable {
    package private(set) var table: RecordTable<Model>
    /// The number of commits that changed something.
    package private(set) var version: UInt64
    /// The history the model's change feed reads, when it declares a
    /// ``StorableModel/changeHistory``.
    package private(set) var history: ChangeLog<Model>?

    /// One record's change in a commit: its value before and after.
    ///
    /// It is `nil` before for a record added, and `nil` after for one removed.
    package typealias AppliedChange = (old: Model?, new: Model?)

    /// A store's state.
    ///
    /// - Parameters:
    ///   - table: The records.
    ///   - version: The store's version.
    ///   - history: The model's history as a file kept it. Without one, a model that keeps a
    ///     history starts it here, at `version`: the deletions before are not known.
    package init(
        table: RecordTable<Model> = RecordTable(), version: UInt64 = 0,
        history: ChangeLog<Model>? = nil
    ) {
        self.table = table
        self.version = version
        if Model.changeHistory != nil {
            self.history =
                history ?? ChangeLog(table: table, horizon: version)
        }
    }

    package func fetch(id: Model.ID) -> Model? {
        table[id]
    }

    /// The records a query selects: those with the ids its condition pins or that an index
    /// finds, looked up, or else every record, scanned.
    package func fetch(_ query: RecordQuery<Model>) throws(StoreError) -> [Model] {
        table.matching(try StoreTransaction<Model>.compile(query), narrowedBy: query.condition)
    }

    /// The records a query selects, with the total count and the version, at this moment.
    package func fetchResult(_ query: RecordQuery<Model>) throws(StoreError) -> QueryResult<Model> {
        QueryResult(records: try fetch(query), totalCount: table.count, version: version)
    }

    /// The number of records that satisfy a condition, found as ``fetch(_:)`` finds them.
    package func count(where condition: Condition<Model>) throws(StoreError) -> Int {
        if condition.isAlwaysTrue { return table.count }
        let compiled = try StoreTransaction<Model>.compile(condition)
        return table.countMatching(compiled, narrowedBy: condition)
    }

    package func versioned(id: Model.ID) -> Versioned<Model>? {
        table[id].map { Versioned($0, version: version) }
    }

    /// A transaction over the committed records, after earlier writes of the same group.
    package func makeTransaction(after inherited: Overlay<Model> = Overlay()) -> StoreTransaction<
        Model
    > {
        StoreTransaction(base: table, version: version, inherited: inherited)
    }

    /// The result of a compiled query now.
    package func result(of query: CompiledQuery<Model>) -> QueryResult<Model> {
        QueryResult(
            records: query.apply(to: table.records), totalCount: table.count, version: version)
    }

    /// Applies a commit's changes and counts the commit: the records it writes get the new
    /// version as their write version.
    ///
    /// - Parameters:
    ///   - changes: The commit's changes.
    ///   - committedVersion: The version after the commit, when a journal's entry names it;
    ///     `nil` for the next version.
    ///   - deletedAt: When the commit deleted its records, for their tombstones, when a file
    ///     keeps it; `nil` for now.
    /// - Returns: Each record's value before and after, for observers.
    @discardableResult
    package mutating func apply(
        _ changes: [RecordChange<Model>], committedVersion: UInt64? = nil,
        deletedAt: Date? = nil
    ) -> [AppliedChange] {
        guard !changes.isEmpty else { return [] }
        version = Swift.max(version + 1, committedVersion ?? 0)
        let written = version
        let applied = table.writingBatch(of: changes.count) { table -> [AppliedChange] in
            changes.map { change -> AppliedChange in
                switch change {
                case .upsert(let model):
                    (old: table.put(model, version: written), new: model)
                case .delete(let id): (old: table.remove(id), new: nil)
                }
            }
        }
        if history != nil {
            noteInHistory(changes, applied, version: written, at: deletedAt ?? Date())
        }
        return applied
    }

    /// Notes a commit's writes and deletions in the history.
    private mutating func noteInHistory(
        _ changes: [RecordChange<Model>], _ applied: [AppliedChange], version: UInt64,
        at now: Date
    ) {
        for (change, result) in zip(changes, applied) {
            switch change {
            case .upsert(let model): history?.noteWrite(of: model.id, version: version)
            case .delete(let id) where result.old != nil:
                history?.noteDeletion(of: id, version: version, at: now)
            case .delete: break
            }
        }
        history?.compactIfNeeded(table: table)
    }

    /// The model's changes after a cursor (see ``ModelStore/changes(since:limit:)``).
    ///
    /// - Throws: ``StoreError/historyNotKept(_:at:)`` for a model that keeps no history;
    ///   the errors of ``ChangeLog/page(since:limit:table:version:model:location:)``.
    package func changes(
        since cursor: ChangeCursor, limit: Int, at location: StoreLocation
    ) throws(StoreError) -> ChangePage<Model> {
        let model = String(describing: Model.self)
        guard let history else { throw .historyNotKept(model, at: location) }
        return try history.page(
            since: cursor, limit: limit, table: table, version: version, model: model,
            location: location)
    }

    /// Drops the tombstones older than the model's retention at a time.
    ///
    /// - Returns: How many were dropped.
    @discardableResult
    package mutating func pruneHistory(now: Date) -> Int {
        guard let retention = Model.changeHistory else { return 0 }
        return history?.dropTombstones(deletedBefore: retention.oldestKept(at: now)) ?? 0
    }

    /// Moves the history's horizon to where a pruning kept in a file reached, dropping the
    /// tombstones at or below it (see ``ChangeLog/moveHorizon(to:)``).
    package mutating func moveHistoryHorizon(to horizon: UInt64) {
        history?.moveHorizon(to: horizon)
    }

    /// Sets the version, when replaying a journal whose entries carry it.
    package mutating func setVersion(_ version: UInt64) {
        self.version = Swift.max(self.version, version)
    }
}

extension LiveQueryRegistry {
    /// Re-runs every stale live query over a store's records, in memory, and delivers the
    /// results: a refresh pass of the in-memory backends.
    ///
    /// A query whose condition follows references is resolved again through `tables`, every
    /// model's committed records.
    package mutating func refresh(from state: StoreState<Model>, tables: CommittedTables) {
        while let stale = nextStale() {
            var compiled = stale.compiled
            if stale.query.condition.followsReferences {
                guard
                    let resolved = try? tables.resolvingReferences(
                        stale.query, version: state.version, at: .named(""), models: []),
                    let recompiled = try? resolved.compiled()
                else { continue }
                compiled = recompiled
            }
            deliver(state.result(of: compiled), for: stale)
        }
    }
}
