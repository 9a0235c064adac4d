import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import PostgresStorage
import Testing

/// Conditions that follow a reference on PostgreSQL: answered by `EXISTS` in the database
/// when every table compares exactly, and through the database's records otherwise.
/// (`DatabaseConformance`'s reference checks run in `PostgresDatabaseConformanceTests`.)
@Suite("PostgreSQL: conditions that follow a reference")
struct PostgresReferenceConditionTests {
    static let models: [any StorableModel.Type] = [ConformanceRecord.self, ConformanceNote.self]

    /// A database of 20 records and 60 notes, six of each record (note `n` refers to record
    /// `n % 10 + 1`), with its two stores.
    static func seeded(_ stores: TestStores) async throws
        -> (PostgresStore<ConformanceRecord>, PostgresStore<ConformanceNote>)
    {
        let dex = try await stores.openDatabase(models)
        let records = try dex.store(for: ConformanceRecord.self)
        let notes = try dex.store(for: ConformanceNote.self)
        try await records.upsert(contentsOf: (1...20).map(ConformanceRecord.sample))
        try await notes.upsert(
            contentsOf: (1...60).map {
                ConformanceNote(id: $0, recordID: $0 % 10 + 1, text: "n\($0 % 3)")
            })
        return (records, notes)
    }

    @Test("PostgreSQL answers them alone while every row is exact; memory decides otherwise")
    func answeredInPostgreSQL() async throws {
        try await TestStores.with { stores in
            let (records, notes) = try await Self.seeded(stores)
            let named: Condition<ConformanceNote> = .reference(
                \.recordID, to: ConformanceRecord.self, where: \.name == "creature-3")
            let before = records.queryEvaluationCounts
            #expect(try await notes.count(where: named) == 6)
            let after = records.queryEvaluationCounts
            #expect(after.inDatabase > before.inDatabase)
            #expect(after.total - after.inDatabase == before.total - before.inDatabase)

            // A name PostgreSQL cannot compare exactly ("é" as e and a combining accent): the
            // record's row is inexact, and the answer comes from the records, where it equals
            // "é" written as one character, as Swift compares it (SQL alone would say 0).
            try await records.update(id: 3) { $0.name = "cre\u{301}ature" }
            let accented: Condition<ConformanceNote> = .reference(
                \.recordID, to: ConformanceRecord.self, where: \.name == "cr\u{E9}ature")
            let plain: Condition<ConformanceNote> = .reference(
                \.recordID, to: ConformanceRecord.self, where: \.name == "creature-4")
            #expect(try await notes.count(where: accented) == 6)
            #expect(try await notes.count(where: plain) == 6)
            #expect(
                try await notes.fetch(RecordQuery(where: plain, sortedBy: [.ascending(\.id)]))
                    .map(\.id) == [3, 13, 23, 33, 43, 53])
        }
    }

    @Test(
        "an operand PostgreSQL cannot compare exactly is resolved through the records, in a plan decided before the read"
    )
    func inexactOperandResolvedThroughTheRecords() async throws {
        try await TestStores.with { stores in
            let (records, notes) = try await Self.seeded(stores)
            // Every row is exact ("é" as one character); the operand is not (e and a
            // combining accent), and Swift finds the two equal. Before the plan was decided
            // up front, the connection fell back to memory with the query stripped of its
            // condition and counted all 60 notes.
            try await records.update(id: 3) { $0.name = "cr\u{E9}ature" }
            let decomposed: Condition<ConformanceNote> = .reference(
                \.recordID, to: ConformanceRecord.self, where: \.name == "cre\u{301}ature")
            let before = records.queryEvaluationCounts
            #expect(try await notes.count(where: decomposed) == 6)
            #expect(
                try await notes.fetch(RecordQuery(where: decomposed, sortedBy: [.ascending(\.id)]))
                    .map(\.id) == [2, 12, 22, 32, 42, 52])
            let after = records.queryEvaluationCounts
            #expect(after.finishedInMemory == before.finishedInMemory + 2)
            #expect(after.inDatabase == before.inDatabase)
        }
    }
}
