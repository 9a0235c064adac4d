import ModelStorage

extension ChangeFeedConformance {
    static var pagingChecks: [ChangeFeedCheck] {
        [
            ChangeFeedCheck(
                name: "pagesEndAtCommits",
                summary: "Read with a limit of 2, a commit of 3 records comes whole in one page, "
                    + "and every limit from 1 to 6 gives the changes of one unlimited read, "
                    + "each once, in commit order from version 9 to 10 and on."
            ) { makeStore in
                let store = try await makeStore()
                // Eight commits first, so that the records written after the cursor are at
                // versions 9, 10 and 11: a backend that sorted versions as text would put 10
                // and 11 before 9.
                for number in 1...8 {
                    try await store.insert(
                        ConformanceEntry(id: "s\(number)", pokemonID: 0, text: ""))
                }
                let cursor = try await store.changes(since: .start, limit: 10).next
                try await store.upsert(contentsOf: (1...3).map(ConformanceEntry.sample))
                try await store.insert(.sample(4))
                try await store.upsert(contentsOf: (5...8).map(ConformanceEntry.sample))
                try await store.delete(id: "n2")
                try await store.delete(where: \.pokemonID >= 7)
                let whole = try await store.changes(since: cursor, limit: 1_000)
                try expect(!whole.hasMore, "an unlimited read is complete")
                let versions = whole.changes.map(\.version)
                try expect(
                    zip(versions, versions.dropFirst()).allSatisfy { $0 <= $1 },
                    "the changes in commit order: \(versions)")
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
