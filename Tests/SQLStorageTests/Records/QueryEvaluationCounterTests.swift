import KeyPathQuery
import ModelStorage
@_spi(BackendInternals) import SQLStorage
import Testing

/// How a backend's answers are counted: in all, and for sorted fetches, paged fetches and
/// counts apart.
@Suite("QueryEvaluationCounter")
struct QueryEvaluationCounterTests {
    @Test("a fetch is sorted with sort keys, paged with a limit or an offset, or neither")
    func kindsOfAFetch() {
        typealias Counter = QueryEvaluationCounter
        #expect(Counter.kinds(of: RecordQuery<Note>()).isEmpty)
        #expect(
            Counter.kinds(of: RecordQuery<Note>(sortedBy: [.ascending(\.text)])) == [.sortedFetch])
        #expect(Counter.kinds(of: RecordQuery<Note>(limit: 3)) == [.pagedFetch])
        #expect(Counter.kinds(of: RecordQuery<Note>(offset: 1)) == [.pagedFetch])
        #expect(
            Counter.kinds(of: RecordQuery<Note>(sortedBy: [.descending(\.id)], limit: 0))
                == [.sortedFetch, .pagedFetch])
    }

    @Test("each answer counts in all, and in each of its kinds")
    func countsEachKindApart() {
        let counter = QueryEvaluationCounter()
        counter.count(.inDatabase, as: [.sortedFetch, .pagedFetch])
        counter.count(.finishedInMemory, as: [.sortedFetch])
        counter.count(.inMemory, as: [.count])
        counter.count(.inDatabase)
        #expect(
            counter.counts == QueryEvaluationCounts(inDatabase: 2, finishedInMemory: 1, inMemory: 1)
        )
        #expect(
            counter.counts(of: .sortedFetch)
                == QueryEvaluationCounts(inDatabase: 1, finishedInMemory: 1))
        #expect(counter.counts(of: .pagedFetch) == QueryEvaluationCounts(inDatabase: 1))
        #expect(counter.counts(of: .count) == QueryEvaluationCounts(inMemory: 1))
    }
}
