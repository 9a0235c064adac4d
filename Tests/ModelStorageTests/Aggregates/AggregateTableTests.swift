import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import Testing

/// The aggregate condition table: every row answered alike in memory and by every backend.
@Suite("Aggregate table")
struct AggregateTableTests {
    @Test("the in-memory engine gives each row's stated answer", arguments: AggregateTable.cases)
    func inMemory(_ row: AggregateCase) throws(QueryError) {
        do {
            let rows = try row.query.apply(to: AggregateRecord.samples)
            #expect(rows == row.expected, "\(row.name)")
        } catch {
            #expect(row.overflows, "\(row.name): \(error)")
            #expect(error.code == .aggregateOverflow)
            #expect(error.aggregate?.hasPrefix("sum(") == true)
        }
    }

    @Test(
        "every backend gives each row's stated answer",
        arguments: AggregateConformance.checks, Backend.allCases)
    func backends(_ check: ConformanceCheck<AggregateRecord>, backend: Backend) async throws {
        try await backend.run(check)
    }

    @Test("a database's read sees what its transactions committed")
    func snapshotRead() async throws {
        let database = try InMemoryModelDatabase(for: [AggregateRecord.self])
        let store = try database.store(for: AggregateRecord.self)
        try await store.upsert(contentsOf: AggregateRecord.samples)
        let rows = try await database.read { snapshot in
            try snapshot[AggregateRecord.self].aggregate(
                AggregateQuery(.count, .sum(\.level), groupedBy: [\.kind]))
        }
        #expect(
            rows.map(\.values) == [
                [.integer(3), .integer(60)], [.integer(2), .integer(5)],
                [.integer(3), .integer(7)],
            ])
    }
}
