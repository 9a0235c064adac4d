import Foundation
import JSONFileStorage
import PokedexKit

/// 7. Live queries: how long after one change the observer has the new result, vs re-running
/// the query by hand after the change.
enum LiveQueryBenchmarks {
    static let group = "7. Live query"
    static let count = 10_000

    /// What a favorites screen shows: the favorites, by name.
    static let query = RecordQuery<Pokemon>(
        where: \.favorite == true, sortedBy: [.ascending(\.name)])

    static func run(_ bench: Bench) async throws -> [Result] {
        let records = try Fixtures.records(count)
        var results: [Result] = []
        results.append(
            try await measure(
                observed: InMemoryStore(records), byHand: InMemoryStore(records),
                name: "1 change, \(count.formatted()) records, InMemoryStore", bench: bench))
        results.append(
            try await Fixtures.withTemporaryDirectory { directory in
                let observed = try await JSONFileStore<Pokemon>.open(
                    at: directory.appending(path: "observed.json"))
                let byHand = try await JSONFileStore<Pokemon>.open(
                    at: directory.appending(path: "by-hand.json"))
                try await observed.upsert(contentsOf: records)
                try await byHand.upsert(contentsOf: records)
                let result = try await measure(
                    observed: observed, byHand: byHand,
                    name: "1 change, \(count.formatted()) records, JSONFileStore", bench: bench,
                    note: "both include the durable save (one journal line and fsync)")
                try await observed.close()
                try await byHand.close()
                return result
            })
        return results
    }

    /// Times, in two stores holding the same records, from the start of a one-record update
    /// until the new result is in hand: delivered to an observer of the query in one store,
    /// fetched again by hand in the other.
    private static func measure<Store: ModelStore<Pokemon>>(
        observed: Store, byHand: Store, name: String, bench: Bench, note: String? = nil
    ) async throws -> Result {
        let stream = try await observed.observe(query)
        var results = stream.makeAsyncIterator()
        guard var latest = await results.next() else {
            throw BenchmarkError.setup("the live query yielded no first result")
        }
        // Distinct ids spread over the store; each run toggles the next one's favorite.
        let ids = (0..<64).map { $0 * 7919 % count + 1 }
        var observedChanges = 0
        var byHandChanges = 0
        var fetched: [Pokemon] = []
        let result = try await bench.compare(
            group: group, name: name, target: .atMost(1.5),
            candidate: (
                "observe(_:) delivers the new result",
                {
                    let id = ids[observedChanges % ids.count]
                    observedChanges += 1
                    let version = latest.version
                    try await observed.update(id: id) { $0.favorite.toggle() }
                    while let next = await results.next() {
                        latest = next
                        if next.version > version { return }
                    }
                    throw BenchmarkError.setup("the live query ended")
                }
            ),
            baseline: (
                "fetch(_:) again after the change",
                {
                    let id = ids[byHandChanges % ids.count]
                    byHandChanges += 1
                    try await byHand.update(id: id) { $0.favorite.toggle() }
                    fetched = try await byHand.fetch(query)
                }
            ),
            note: note)
        // Check: both made the same changes and ended with the same result.
        guard observedChanges == byHandChanges, latest.records == fetched,
            latest.records == (try await observed.fetch(query))
        else {
            throw BenchmarkError.disagreement("the live query's result")
        }
        return result
    }
}
