import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import Observation
import TestSupport
import Testing

@Suite("LiveQuery")
@MainActor
struct LiveQueryTests {
    /// Waits on the main actor until a condition holds.
    func waitUntil(
        _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: () -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + hangGuard
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out waiting until \(what)", sourceLocation: sourceLocation)
                return
            }
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    @Test func followsTheStoreAndItsQuery() async throws {
        let store = InMemoryStore<Record>((1...6).map(Record.sample))
        let live = LiveQuery(RecordQuery(where: \.favorite == true), in: store)
        #expect(!live.isLoaded)
        try await waitUntil("loaded") { live.isLoaded }
        #expect(live.records.map(\.id) == [3, 6])
        #expect(live.totalCount == 6)

        try await store.update(id: 3) { $0.favorite = false }
        try await waitUntil("3 is no longer a favorite") { live.records.map(\.id) == [6] }

        live.query = RecordQuery(where: \.attack >= 50, sortedBy: [.descending(\.attack)])
        try await waitUntil("the new query's results") { live.records.map(\.id) == [5, 2] }
        #expect(live.error == nil)

        live.query = RecordQuery(limit: -1)
        try await waitUntil("the invalid query's error") { live.error != nil }
        #expect(live.error is StoreError)
    }

    @Test func notifiesObservationOfNewResults() async throws {
        let store = InMemoryStore<Record>([.sample(1)])
        let live = LiveQuery(in: store)
        try await waitUntil("loaded") { live.isLoaded }
        let changed = Counter()
        withObservationTracking {
            _ = live.records
        } onChange: {
            _ = changed.next()
        }
        try await store.insert(.sample(2))
        try await waitUntil("the observer is told") { live.records.count == 2 }
        #expect(changed.next() == 2)
    }
}
