import KeyPathQuery

// The in-memory table is the committed records of the in-memory and JSON-file stores'
// transactions: every read is a lookup or a scan of the records in memory.
extension RecordTable: CommittedRecords {
    package func record(withID id: Model.ID) -> Model? {
        self[id]
    }

    package func records(
        selectedBy query: RecordQuery<Model>, excluding ids: Set<Model.ID>
    ) throws -> [(position: Int, record: Model)] {
        let compiled = try StoreTransaction<Model>.compile(query)
        return matching(compiled, narrowedBy: query.condition, excluding: ids).map {
            (position(ofID: $0.id) ?? 0, $0)
        }
    }

    package func count(where condition: Condition<Model>, excluding ids: Set<Model.ID>) throws
        -> Int
    {
        let compiled = try StoreTransaction<Model>.compile(condition)
        return countMatching(compiled, narrowedBy: condition, excluding: ids)
    }
}
