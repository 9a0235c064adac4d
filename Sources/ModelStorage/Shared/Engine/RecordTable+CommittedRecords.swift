import KeyPathQuery

// The in-memory table is the committed records of the in-memory and JSON-file stores'
// transactions: every read is a lookup or a scan of the records in memory.
extension RecordTable: CommittedRecords {
    func record(withID id: Model.ID) -> Model? {
        self[id]
    }

    func records(
        selectedBy query: RecordQuery<Model>, excluding ids: Set<Model.ID>
    ) throws -> [(position: Int, record: Model)] {
        let compiled = try StoreTransaction<Model>.compile(query)
        let selected: [Model]
        if let candidates = candidates(for: query.condition) {
            selected = compiled.apply(
                to: ids.isEmpty ? candidates : candidates.filter { !ids.contains($0.id) })
        } else {
            selected =
                ids.isEmpty
                ? compiled.apply(to: records)
                : compiled.apply(to: records.lazy.filter { !ids.contains($0.id) })
        }
        return selected.map { (position(ofID: $0.id) ?? 0, $0) }
    }

    func count(where condition: Condition<Model>, excluding ids: Set<Model.ID>) throws -> Int {
        let compiled = try StoreTransaction<Model>.compile(condition)
        if let candidates = candidates(for: condition) {
            if ids.isEmpty { return compiled.count(in: candidates) }
            return compiled.count(in: candidates.lazy.filter { !ids.contains($0.id) })
        }
        if ids.isEmpty { return compiled.count(in: records) }
        return compiled.count(in: records.lazy.filter { !ids.contains($0.id) })
    }
}
