import KeyPathQuery
import ModelStorage

extension Differential {
    /// Compares the store's answer to a random aggregate query with the engine's over the
    /// records in store order: the same rows, or the same overflow.
    mutating func compareAggregates(
        _ query: Described<AggregateQuery<ConformanceRecord>>, index: Int
    ) async {
        let expected = Outcome { try query.value.apply(to: records) }
        let store = store
        let actual = await Outcome { try await store.aggregate(query.value) }
        note("aggregate query \(index)", query, expected, actual)
    }
}
