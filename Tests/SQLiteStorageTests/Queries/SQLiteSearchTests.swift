import Foundation
import KeyPathQuery
import ModelStorage
import SQLiteStorage
import TestSupport
import Testing

/// A text search, which SQL refuses, is answered by the store in memory — exactly as the
/// in-memory store answers it and as `TextSearch.matches` reads the records.
@Suite("SQLiteStore text search")
struct SQLiteSearchTests {
    @Test(
        "a search selects what the engine selects, counted as answered in memory",
        arguments: ["cafe", "STRASS", "flabébé", "grun", "note 3", "日本", "zoe", "ANGS red"])
    func answersInMemory(_ text: String) async throws {
        let search = try TextSearch(text)
        let condition: Condition<Gadget> = .search([\.label, \.note, \.tags], for: search)
        try await withTemporaryDirectory { directory in
            let (sqlite, memory) = try await SQLiteQueryTests.stores(in: directory)
            let records = try await memory.fetch(RecordQuery(sortedBy: [.ascending(\.id)]))
            let expected = records.filter {
                search.matches([$0.label, $0.note ?? ""] + $0.tags)
            }.map(\.id)
            #expect(!expected.isEmpty && expected.count < records.count, "\(text)")

            let before = sqlite.queryEvaluationCounts
            let query = RecordQuery(where: condition, sortedBy: [.ascending(\.id)])
            #expect(try await sqlite.fetch(query).map(\.id) == expected)
            #expect(try await memory.fetch(query).map(\.id) == expected)
            #expect(try await sqlite.count(where: condition) == expected.count)
            // In the store's order, paged, and and'ed with a clause SQL could answer.
            let paged = RecordQuery(where: condition && \.stock >= 2, limit: 3, offset: 1)
            #expect(
                try await sqlite.fetch(paged).map(\.id)
                    == (try await memory.fetch(paged).map(\.id)))
            let counts = sqlite.queryEvaluationCounts.subtracting(before)
            #expect(counts.inMemory == 3 && counts.inDatabase == 0)
            // Aggregates over the records a search selects.
            let aggregate = AggregateQuery<Gadget>(
                .count, .sum(\.stock), where: condition, groupedBy: [\.active])
            let rows = try await sqlite.aggregate(aggregate)
            #expect(rows == (try await memory.aggregate(aggregate)))
            let counted = rows.map { row -> Int64 in
                if case .integer(let count) = row.values[0] { return count }
                return 0
            }
            #expect(counted.reduce(0, +) == Int64(expected.count))
            try await sqlite.close()
        }
    }
}
