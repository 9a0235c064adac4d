import KeyPathQuery
import ModelStorage

extension StoreConformance {
    static var liveQueryChecks: [StoreConformanceCheck] {
        [
            StoreConformanceCheck(
                name: "liveQueryYieldsCurrentResultsFirst",
                summary: "A live query yields the current results and the store's total first."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...12)
                let results = await ResultCollector.collecting(
                    try await store.observe(RecordQuery(where: \.favorite == true)))
                let first = try await results.next("at first")
                try expectEqual(first.records.map(\.id), [3, 6, 9, 12], "the first result")
                try expectEqual(first.totalCount, 12, "the first result's total")
                await results.stop()
            },
            StoreConformanceCheck(
                name: "liveQuerySeesUnrelatedAttribute",
                summary: "A live query updates when a commit changes a matching record, whatever "
                    + "the attribute: toggling favorite while filtered by favorites, renaming a "
                    + "record filtered by attack."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...12)
                let favorites = await ResultCollector.collecting(
                    try await store.observe(RecordQuery(where: \.favorite == true)))
                _ = try await favorites.next("at first")
                try await store.update(id: 6) { $0.favorite.toggle() }
                let after = try await favorites.next("after unfavoriting 6") {
                    $0.records.map(\.id) == [3, 9, 12]
                }
                try expectEqual(after.totalCount, 12, "the total after unfavoriting")
                await favorites.stop()

                let strong = await ResultCollector.collecting(
                    try await store.observe(RecordQuery(where: \.attack >= 50)))
                let before = try await strong.next("at first")
                guard let target = before.records.first else {
                    throw ConformanceFailure(
                        check: "", message: "no strong record", file: "", line: 0)
                }
                try await store.update(id: target.id) { $0.name = "renamed" }
                _ = try await strong.next("after renaming \(target.id)") {
                    $0.records.first?.name == "renamed"
                }
                await strong.stop()
            },
            StoreConformanceCheck(
                name: "liveQueryTracksTotalCount",
                summary: "Inserting or deleting a record that does not match updates the total."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...6)
                let results = await ResultCollector.collecting(
                    try await store.observe(RecordQuery(where: \.favorite == true)))
                _ = try await results.next("at first")
                try await store.insert(ConformanceRecord(id: 100, name: "plain", attack: 1))
                let grown = try await results.next("after an insert") { $0.totalCount == 7 }
                try expectEqual(grown.records.map(\.id), [3, 6], "the records after the insert")
                try await store.delete(id: 1)
                _ = try await results.next("after a delete") { $0.totalCount == 6 }
                await results.stop()
            },
            StoreConformanceCheck(
                name: "liveQuerySkipsUnaffectedCommits",
                summary: "A commit that changes only records that neither matched nor match "
                    + "yields nothing; the next result is the next affecting commit's."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...12)
                let results = await ResultCollector.collecting(
                    try await store.observe(RecordQuery(where: \.favorite == true)))
                _ = try await results.next("at first")
                try await store.update(id: 1) { $0.name = "not a favorite" }
                try await store.update(id: 3) { $0.name = "a favorite" }
                let expected = try await store.fetchVersioned(id: 3)?.version
                let next = try await results.next("after the affecting commit")
                try expectEqual(next.version, expected, "the version of the next result")
                try expectEqual(next.records.first?.name, "a favorite", "the renamed favorite")
                await results.stop()
            },
            StoreConformanceCheck(
                name: "liveQuerySeesCommitsOfSeveralRecords",
                summary: "A commit of several records in which only a match that stops matching "
                    + "affects the query (read by the value it had before) updates it; one "
                    + "whose records neither matched nor match yields nothing."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...12)
                let results = await ResultCollector.collecting(
                    try await store.observe(RecordQuery(where: \.favorite == true)))
                _ = try await results.next("at first")
                try await store.transaction { transaction in
                    for id in [1, 2, 4] { try transaction.update(id: id) { $0.name += "!" } }
                }
                try await store.transaction { transaction in
                    for id in [5, 7] { try transaction.update(id: id) { $0.attack += 1 } }
                    try transaction.update(id: 3) { $0.favorite = false }
                }
                let expected = try await store.fetchVersioned(id: 3)?.version
                let next = try await results.next("after unfavoriting 3 among others")
                try expectEqual(next.records.map(\.id), [6, 9, 12], "the favorites after it")
                try expectEqual(next.version, expected, "the version of the next result")
                await results.stop()
            },
        ]
    }
}
