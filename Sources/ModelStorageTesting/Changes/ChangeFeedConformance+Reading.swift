import ModelStorage

extension ChangeFeedConformance {
    static var readingChecks: [ChangeFeedCheck] {
        [
            ChangeFeedCheck(
                name: "emptyStore",
                summary: "An empty store's feed is empty and complete; a record inserted after "
                    + "its cursor is the next read's one change."
            ) { makeStore in
                let store = try await makeStore()
                let empty = try await store.changes(since: .start, limit: 10)
                try expect(empty.changes.isEmpty, "an empty store's feed is empty")
                try expect(!empty.hasMore, "an empty store's feed is complete")
                try await store.insert(.sample(1))
                let page = try await store.changes(since: empty.next, limit: 10)
                try expectEqual(summary(page.changes), ["n1=note 1"], "the changes after it")
                try expectEqual(
                    page.next.version, page.changes.first?.version ?? 0,
                    "a complete page's cursor is the store's version, its last commit's")
            },
            ChangeFeedCheck(
                name: "writesAndDeletesInOrder",
                summary: "From the start, the feed holds each record as it is, in the order of "
                    + "the commits that last wrote them, and no tombstone; from a cursor, the "
                    + "writes and deletions after it, in commit order."
            ) { makeStore in
                let store = try await makeStore()
                for number in 1...3 { try await store.insert(.sample(number)) }
                let afterInserts = try await store.changes(since: .start, limit: 100).next
                try await store.update(id: "n1") { $0.text = "edited" }
                try await store.delete(id: "n2")
                try await store.insert(.sample(4))
                let fromStart = try await readAll(store, since: .start, limit: 100)
                try expectEqual(
                    summary(fromStart.changes), ["n3=note 3", "n1=edited", "n4=note 4"],
                    "the changes from the start")
                let fromCursor = try await readAll(store, since: afterInserts, limit: 100)
                try expectEqual(
                    summary(fromCursor.changes), ["n1=edited", "n2 deleted", "n4=note 4"],
                    "the changes after the inserts")
                let versions = fromCursor.changes.map(\.version)
                try expect(
                    zip(versions, versions.dropFirst()).allSatisfy { $0 < $1 },
                    "one commit each, in increasing versions: \(versions)")
                let caughtUp = try await store.changes(since: fromCursor.next, limit: 100)
                try expect(caughtUp.changes.isEmpty, "nothing after the last cursor")
                try expectEqual(caughtUp.next, fromCursor.next, "the cursor stays")
            },
            ChangeFeedCheck(
                name: "eachRecordOnce",
                summary: "A record written five times appears once, as last written, at the "
                    + "version of its last write."
            ) { makeStore in
                let store = try await makeStore()
                try await store.insert(.sample(1))
                for edit in 1...5 { try await store.update(id: "n1") { $0.text = "edit \(edit)" } }
                let page = try await store.changes(since: .start, limit: 100)
                try expectEqual(summary(page.changes), ["n1=edit 5"], "the changes")
                try expectEqual(
                    page.changes.first?.version, page.next.version,
                    "the record's version is its last write's")
            },
            ChangeFeedCheck(
                name: "reinsertedAfterDelete",
                summary: "A record deleted and inserted again after the cursor appears once, as "
                    + "inserted; its tombstone is gone."
            ) { makeStore in
                let store = try await makeStore()
                try await store.insert(.sample(1))
                let cursor = try await store.changes(since: .start, limit: 10).next
                try await store.delete(id: "n1")
                try await store.insert(ConformanceEntry(id: "n1", pokemonID: 1, text: "again"))
                let page = try await store.changes(since: cursor, limit: 10)
                try expectEqual(summary(page.changes), ["n1=again"], "the changes")
            },
            ChangeFeedCheck(
                name: "scopedFeed",
                summary: "Read through a scope, a record written out of it comes as a deletion "
                    + "(it may have left), one in it as it is, and a tombstone as it is; from "
                    + "the start, only the records in the scope."
            ) { makeStore in
                let store = try await makeStore()
                for number in 1...3 { try await store.insert(.sample(number)) }
                let scope: Condition<ConformanceEntry> = \.pokemonID <= 2
                let fromStart = try await store.changes(since: .start, in: scope, limit: 100)
                try expectEqual(
                    summary(fromStart.changes), ["n1=note 1", "n2=note 2"],
                    "the scope from the start")
                try await store.update(id: "n2") { $0.pokemonID = 5 }
                try await store.update(id: "n1") { $0.text = "edited" }
                try await store.insert(.sample(4))
                try await store.delete(id: "n3")
                let page = try await store.changes(since: fromStart.next, in: scope, limit: 100)
                try expectEqual(
                    summary(page.changes), ["n2 deleted", "n1=edited", "n4 deleted", "n3 deleted"],
                    "the scope's changes after it")
                try expectEqual(
                    page.next, try await store.changes(since: .start).next, "the cursor")
            },
            ChangeFeedCheck(
                name: "rollbackAndMissingDeleteLeaveNothing",
                summary: "A transaction that throws, and a delete of an id no record has, "
                    + "leave no change and do not move the cursor."
            ) { makeStore in
                let store = try await makeStore()
                try await store.insert(.sample(1))
                let cursor = try await store.changes(since: .start, limit: 10).next
                struct Abort: Error {}
                _ = try? await store.transaction { transaction in
                    transaction.upsert(.sample(2))
                    transaction.delete(id: "n1")
                    throw Abort()
                }
                try await store.delete(id: "n9")
                let page = try await store.changes(since: cursor, limit: 10)
                try expect(page.changes.isEmpty, "no change: got \(summary(page.changes))")
                try expectEqual(page.next, cursor, "the cursor after")
            },
        ]
    }
}
