import ModelStorage

extension StoreConformance {
    static var historyChecks: [StoreConformanceCheck] {
        [
            StoreConformanceCheck(
                name: "changeFeedNeedsAHistory",
                summary: "ConformanceRecord declares no change history: its change feed throws "
                    + "StoreError.historyNotKept, from the start and from any cursor."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...2)
                for cursor in [ChangeCursor.start, ChangeCursor(version: 1)] {
                    try await expectError(
                        where: { ($0 as? StoreError)?.code == .historyNotKept },
                        "a change feed from \(cursor)"
                    ) { try await store.changes(since: cursor, limit: 10) }
                }
            }
        ]
    }
}
