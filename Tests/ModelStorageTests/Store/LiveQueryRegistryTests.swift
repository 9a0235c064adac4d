import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import Testing

/// The registry a backend keeps its live queries in, driven directly through its public API,
/// as a backend of another package drives it.
@Suite("LiveQueryRegistry")
struct LiveQueryRegistryTests {
    let records = (1...6).map(Record.sample)
    let favorites = RecordQuery<Record>(where: \.favorite == true, sortedBy: [.ascending(\.id)])

    func result(
        _ query: RecordQuery<Record>, over records: [Record], version: UInt64
    ) throws -> QueryResult<Record> {
        QueryResult(
            records: try query.apply(to: records), totalCount: records.count, version: version)
    }

    /// Adds the favorites query over `records` at version 1.
    func registryWithFavorites() throws -> (
        LiveQueryRegistry<Record>, LiveQueryRegistry<Record>.ID,
        AsyncStream<QueryResult<Record>>.Iterator
    ) {
        var registry = LiveQueryRegistry<Record>()
        let (id, results) = registry.add(
            favorites, compiled: try favorites.compiled(),
            current: try result(favorites, over: records, version: 1)
        ) { _ in }
        return (registry, id, results.makeAsyncIterator())
    }

    @Test("a query's first result is the current one")
    func firstResult() async throws {
        var (registry, _, iterator) = try registryWithFavorites()
        #expect(!registry.isEmpty)
        #expect(await iterator.next()?.records.map(\.id) == [3, 6])
        registry.finishAll()
        #expect(registry.isEmpty)
        #expect(await iterator.next() == nil)
    }

    @Test("a commit that cannot change a query leaves it fresh; one that can makes it stale once")
    func ownCommits() async throws {
        var (registry, _, iterator) = try registryWithFavorites()
        _ = await iterator.next()

        // Record 1 is no favorite before or after, and the count is the same: no pass.
        var renamed = records[0]
        renamed.name = "renamed"
        do {
            let outcome = registry.noteCommit([(old: records[0], new: renamed)])
            #expect(!outcome)
        }
        do {
            let outcome = registry.nextStale()
            #expect(outcome == nil)
        }
        #expect(!registry.isRefreshing)

        // Record 2 becomes a favorite: a pass must start, and only one while it is owed.
        var updated = records
        updated[1].favorite = true
        do {
            let outcome = registry.noteCommit([(old: records[1], new: updated[1])])
            #expect(outcome)
        }
        #expect(registry.isRefreshing)
        do {
            let outcome = registry.noteCommit([(old: records[1], new: updated[1])])
            #expect(!outcome)
        }
        let next = registry.nextStale()
        let stale = try #require(next)
        do {
            let outcome = registry.nextStale()
            #expect(outcome == nil)
        }
        #expect(!registry.isRefreshing)
        registry.deliver(try result(stale.query, over: updated, version: 2), for: stale)
        #expect(await iterator.next()?.records.map(\.id) == [2, 3, 6])

        // A record added changes every query's count.
        do {
            let outcome = registry.noteCommit([(old: nil, new: Record.sample(7))])
            #expect(outcome)
        }
    }

    @Test("after a commit of unknown changes, only a result that differs is delivered")
    func unknownCommits() async throws {
        var (registry, _, iterator) = try registryWithFavorites()
        _ = await iterator.next()

        do {
            let outcome = registry.noteUnknownCommit()
            #expect(outcome)
        }
        let next = registry.nextStale()
        var stale = try #require(next)
        // The same records and count at a later version: left out.
        registry.deliver(try result(stale.query, over: records, version: 2), for: stale)
        let end = registry.nextStale()  // the pass ends
        #expect(end == nil)

        do {
            let outcome = registry.noteUnknownCommit()
            #expect(outcome)
        }
        let second = registry.nextStale()
        stale = try #require(second)
        var updated = records
        updated[0].favorite = true
        registry.deliver(try result(stale.query, over: updated, version: 3), for: stale)
        let delivered = try #require(await iterator.next())
        #expect(delivered.version == 3)
        #expect(delivered.records.map(\.id) == [1, 3, 6])
    }

    @Test("a commit of the store's own after an unknown one delivers even an equal result")
    func ownCommitAfterUnknown() async throws {
        var (registry, _, iterator) = try registryWithFavorites()
        _ = await iterator.next()
        do {
            let outcome = registry.noteUnknownCommit()
            #expect(outcome)
        }
        _ = registry.noteCommit([(old: records[2], new: records[2])])
        let next = registry.nextStale()
        let stale = try #require(next)
        registry.deliver(try result(stale.query, over: records, version: 2), for: stale)
        #expect(await iterator.next()?.version == 2)
    }

    @Test("a removed query's stream ends, and marking it stale starts nothing")
    func removal() async throws {
        var (registry, id, iterator) = try registryWithFavorites()
        _ = await iterator.next()
        registry.remove(id)
        #expect(registry.isEmpty)
        #expect(await iterator.next() == nil)
        do {
            let outcome = registry.markStale(id)
            #expect(!outcome)
        }
        do {
            let outcome = registry.noteUnknownCommit()
            #expect(!outcome)
        }
    }

    @Test("the consumer going away calls back with the query's id")
    func termination() async throws {
        var registry = LiveQueryRegistry<Record>()
        let (ended, endedContinuation) = AsyncStream.makeStream(
            of: LiveQueryRegistry<Record>.ID.self)
        let id: LiveQueryRegistry<Record>.ID
        do {
            let (added, results) = registry.add(
                favorites, compiled: try favorites.compiled(),
                current: try result(favorites, over: records, version: 1)
            ) { endedContinuation.yield($0) }
            id = added
            _ = results  // released at the end of this scope: its consumer is gone
        }
        var iterator = ended.makeAsyncIterator()
        #expect(await iterator.next() == id)
    }
}
