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
        compared += 1
        let problem: String? =
            switch (expected, actual) {
            case (.answered(let truth), .answered(let seen)):
                truth == seen ? nil : "expected \(truth), got \(seen)"
            case (.answered(let truth), .threw(let error, _)):
                "expected \(truth), the store threw \(error)"
            case (.threw(let rejection, _), .answered(let seen)):
                "the engine throws \(rejection); the store answered \(seen)"
            case (.threw, .threw(let error, let isInvalidQuery)):
                isInvalidQuery ? nil : "expected StoreError.invalidQuery, the store threw \(error)"
            }
        guard let problem else { return }
        mismatches.append("aggregate query \(index): \(query.description): \(problem)")
    }
}
