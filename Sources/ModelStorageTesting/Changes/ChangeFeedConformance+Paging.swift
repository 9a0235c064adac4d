import ModelStorage

extension ChangeFeedConformance {
    static var pagingChecks: [ChangeFeedCheck] {
        [
            ChangeFeedCheck(
                name: "pagesEndAtCommits",
                summary: "Read with a limit of 2, a commit of 3 records comes whole in one page, "
                    + "and every limit from 1 to 6 gives the changes of one unlimited read, "
                    + "each once."
            ) { makeStore in
                let store = try await makeStore()
                try await store.insert(.sample(0))
                let cursor = try await store.changes(since: .start, limit: 10).next
                try await store.upsert(contentsOf: (1...3).map(ConformanceEntry.sample))
                try await store.insert(.sample(4))
                try await store.upsert(contentsOf: (5...8).map(ConformanceEntry.sample))
                try await store.delete(id: "n2")
                try await store.delete(where: \.pokemonID >= 7)
                let whole = try await store.changes(since: cursor, limit: 1_000)
                try expect(!whole.hasMore, "an unlimited read is complete")
                try expectEqual(whole.changes.count, 8, "the changes: \(summary(whole.changes))")
                let first = try await store.changes(since: cursor, limit: 2)
                try expectEqual(
                    summary(first.changes), ["n1=note 1", "n3=note 3"],
                    "the first page of 2: the first commit whole (n2 deleted since)")
                try expect(first.hasMore, "the first page of 2 has more after it")
                for limit in 1...6 {
                    let paged = try await readAll(store, since: cursor, limit: limit)
                    try expectEqual(
                        summary(paged.changes), summary(whole.changes),
                        "the changes read \(limit) a page")
                    try expectEqual(
                        paged.changes.map(\.version), whole.changes.map(\.version),
                        "their versions, \(limit) a page")
                    try expectEqual(paged.next, whole.next, "the last cursor, \(limit) a page")
                }
            }
        ]
    }
}
