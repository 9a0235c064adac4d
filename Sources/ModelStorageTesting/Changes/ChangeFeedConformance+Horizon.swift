import Foundation
import ModelStorage

extension ChangeFeedConformance {
    static var horizonChecks: [ChangeFeedCheck] {
        [
            ChangeFeedCheck(
                name: "pruningMovesTheHorizon",
                summary: "Pruning two hours later drops the tombstones of an hour's retention: "
                    + "a cursor from before the deletion must start again, while the start and a "
                    + "cursor after it still read."
            ) { makeStore in
                let store = try await makeStore()
                for number in 1...2 { try await store.insert(.sample(number)) }
                let before = try await store.changes(since: .start, limit: 10).next
                try await store.delete(id: "n1")
                let after = try await store.changes(since: before, limit: 10)
                try expectEqual(summary(after.changes), ["n1 deleted"], "the deletion")
                let kept = try await store.pruneChangeHistory(now: Date())
                try expectEqual(kept, 0, "tombstones dropped within their retention")
                let dropped = try await store.pruneChangeHistory(
                    now: Date().addingTimeInterval(7_200))
                try expectEqual(dropped, 1, "tombstones dropped two hours later")
                try await expectError(
                    where: isError(.changesExpired), "a read from before the deletion"
                ) { try await store.changes(since: before, limit: 10) }
                let fromStart = try await store.changes(since: .start, limit: 10)
                try expectEqual(summary(fromStart.changes), ["n2=note 2"], "a read from the start")
                let caughtUp = try await store.changes(since: after.next, limit: 10)
                try expect(caughtUp.changes.isEmpty, "a read from after the deletion")
                try await store.insert(.sample(3))
                let later = try await store.changes(since: after.next, limit: 10)
                try expectEqual(summary(later.changes), ["n3=note 3"], "a later read")
            },
            ChangeFeedCheck(
                name: "badCursorsAndLimits",
                summary: "A cursor after the store's version (of another database) must start "
                    + "again, and a limit below 1 is an invalid query."
            ) { makeStore in
                let store = try await makeStore()
                try await store.insert(.sample(1))
                let now = try await store.changes(since: .start, limit: 10).next
                try await expectError(
                    where: isError(.changesExpired), "a read from a cursor of another database"
                ) { try await store.changes(since: ChangeCursor(version: now.version + 100)) }
                try await expectError(where: isError(.invalidQuery), "a read of limit 0") {
                    try await store.changes(since: .start, limit: 0)
                }
            },
        ]
    }
}
