import KeyPathQuery
import ModelStorage

extension StoreConformance {
    static var concurrencyChecks: [StoreConformanceCheck] {
        [
            StoreConformanceCheck(
                name: "concurrentMutations",
                summary: "10,000 mutations from detached tasks at once — updates of 100 shared "
                    + "records and 1,000 inserts — leave exactly the expected state."
            ) { makeStore in
                let store = try await makeStore()
                try await store.upsert(
                    contentsOf: (0..<100).map {
                        ConformanceRecord(id: $0, name: "n\($0)", attack: 0)
                    })
                let tasks = (0..<10_000).map { index in
                    Task.detached {
                        if index % 10 == 0 {
                            try await store.insert(
                                ConformanceRecord(id: 1_000 + index, name: "new", attack: index))
                        } else {
                            try await store.update(id: index % 100) { $0.attack += 1 }
                        }
                    }
                }
                for task in tasks { try await task.value }
                try expectEqual(try await store.count(), 1_100, "count() after the mutations")
                let shared = try await store.fetch(
                    RecordQuery<ConformanceRecord>(where: \.id < 100))
                // Ids 0, 10, 20, … take only inserts (index % 10 == 0 ⇒ index % 100 is a
                // multiple of 10), so they keep attack 0; every other id takes 100 updates.
                let expected = (0..<100).map { $0 % 10 == 0 ? 0 : 100 }
                try expectEqual(shared.map(\.attack), expected, "attack of the shared records")
                let inserted = try await store.fetch(
                    RecordQuery<ConformanceRecord>(where: \.id >= 1_000))
                try expectEqual(
                    Set(inserted.map(\.id)), Set(stride(from: 1_000, to: 11_000, by: 10)),
                    "ids of the inserted records")
            }
        ]
    }
}
