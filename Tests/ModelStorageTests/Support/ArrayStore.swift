import KeyPathQuery
import ModelStorage

/// A third-party backend written only against ModelStorage's public API — an array of
/// records — to prove that the conformance suite and the protocol's defaults serve backends
/// outside the module.
///
/// It implements the eight requirements without defaults; every other write comes from the
/// protocol's extension through ``transaction(_:)``.
actor ArrayStore<Model: StorableModel>: ModelStore {
    private var records: [Model] = []
    /// Each record's write version: the version after the commit that last wrote it.
    private var writeVersions: [UInt64] = []
    private var version: UInt64 = 0
    private var liveQueries = LiveQueryRegistry<Model>()
    private var isClosed = false

    /// The backend's name: its errors name it.
    nonisolated var location: StoreLocation { .named("ArrayStore") }

    func fetch(id: Model.ID) throws -> Model? {
        try checkOpen()
        return records.first { $0.id == id }
    }

    func fetch(_ query: RecordQuery<Model>) throws -> [Model] {
        try checkOpen()
        return try compile(query).apply(to: records)
    }

    func count(where condition: Condition<Model>) throws -> Int {
        try checkOpen()
        do {
            return try condition.filter(records).count
        } catch {
            throw StoreError.invalidQuery(error)
        }
    }

    func fetchVersioned(id: Model.ID) throws -> Versioned<Model>? {
        try fetch(id: id).map { Versioned($0, version: version) }
    }

    func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout StoreTransaction<Model>) throws -> Result
    ) throws -> Result {
        try checkOpen()
        var transaction = try StoreTransaction(
            records, writeVersions: writeVersions, version: version)
        let result = try body(&transaction)
        let changes = transaction.changes
        guard !changes.isEmpty else { return result }
        var touched: [(old: Model?, new: Model?)] = []
        for change in changes {
            let index = records.firstIndex { $0.id == change.id }
            switch change {
            case .upsert(let model):
                touched.append((index.map { records[$0] }, model))
                if let index {
                    records[index] = model
                    writeVersions[index] = version + 1
                } else {
                    records.append(model)
                    writeVersions.append(version + 1)
                }
            case .delete:
                if let index {
                    touched.append((records.remove(at: index), nil))
                    writeVersions.remove(at: index)
                }
            }
        }
        version += 1
        if liveQueries.noteCommit(touched) {
            while let stale = liveQueries.nextStale() {
                liveQueries.deliver(snapshot(of: stale.compiled), for: stale)
            }
        }
        return result
    }

    func observe(_ query: RecordQuery<Model>) throws -> AsyncStream<QueryResult<Model>> {
        try checkOpen()
        let compiled = try compile(query)
        return liveQueries.add(query, compiled: compiled, current: snapshot(of: compiled)) { id in
            Task { await self.removeLiveQuery(id) }
        }.results
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        liveQueries.finishAll()
    }

    private func checkOpen() throws {
        guard !isClosed else { throw StoreError.closed(at: location) }
    }

    private func removeLiveQuery(_ id: LiveQueryRegistry<Model>.ID) {
        liveQueries.remove(id)
    }

    private func snapshot(of query: CompiledQuery<Model>) -> QueryResult<Model> {
        QueryResult(records: query.apply(to: records), totalCount: records.count, version: version)
    }

    private func compile(_ query: RecordQuery<Model>) throws -> CompiledQuery<Model> {
        do {
            return try query.compiled()
        } catch {
            throw StoreError.invalidQuery(error)
        }
    }
}
