import KeyPathQuery

/// A store's committed records and version: the state both backends keep, read and change
/// the same way, so that their semantics cannot drift apart.
package struct StoreState<Model: StorableModel>: Sendable {
    package private(set) var table: RecordTable<Model>
    /// The number of commits that changed something.
    package private(set) var version: UInt64

    /// One record's change in a commit: its value before and after.
    ///
    /// It is `nil` before for a record added, and `nil` after for one removed.
    package typealias AppliedChange = (old: Model?, new: Model?)

    package init(table: RecordTable<Model> = RecordTable(), version: UInt64 = 0) {
        self.table = table
        self.version = version
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
    /// - Returns: Each record's value before and after, for observers.
    @discardableResult
    package mutating func apply(
        _ changes: [RecordChange<Model>], committedVersion: UInt64? = nil
    ) -> [AppliedChange] {
        guard !changes.isEmpty else { return [] }
        version = Swift.max(version + 1, committedVersion ?? 0)
        let written = version
        return table.writingBatch(of: changes.count) { table in
            changes.map { change in
                switch change {
                case .upsert(let model):
                    (old: table.put(model, version: written), new: model)
                case .delete(let id): (old: table.remove(id), new: nil)
                }
            }
        }
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
