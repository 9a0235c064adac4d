import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import SQLiteStorage
import TestSupport
import Testing

@Suite("SQLite: conditions that follow a reference")
struct SQLiteReferenceConditionTests {
    static let models: [any StorableModel.Type] = [ConformanceRecord.self, ConformanceNote.self]

    @Test("SQLite answers them alone, through the indexed reference")
    func answeredInSQLite() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.sqlite")
            let database = try await SQLiteModelDatabase.open(at: url, for: Self.models)
            let records = try database.store(for: ConformanceRecord.self)
            let notes = try database.store(for: ConformanceNote.self)
            try await records.upsert(contentsOf: (1...100).map(ConformanceRecord.sample))
            try await notes.upsert(
                contentsOf: (1...1_000).map {
                    ConformanceNote(id: $0, recordID: $0 % 50 + 1, text: "n\($0 % 10)")
                })
            let before = records.queryEvaluationCounts
            let favoriteNotes = try await notes.count(
                where: .reference(\.recordID, to: ConformanceRecord.self, where: \.favorite == true)
            )
            let unnoted = try await records.fetch(
                RecordQuery(where: .noReferrer(ConformanceNote.self, through: \.recordID)))
            let after = records.queryEvaluationCounts
            #expect(favoriteNotes == 320)  // 16 favorites among records 1…50, 20 notes each
            #expect(unnoted.map(\.id) == Array(51...100))
            #expect(after.inDatabase - before.inDatabase == 2)
            #expect(after.total - before.total == 2)
            try await database.close()

            // The to-many IN finds the matching notes once, not once for each record.
            var options = SQLOptions(dateStorage: .secondsSinceReferenceDate)
            options.tables.add(
                ConformanceRecord.self, name: "conformance_record", keyColumn: "_key")
            options.tables.add(ConformanceNote.self, name: "conformance_note", keyColumn: "_key")
            let condition: Condition<ConformanceRecord> = .anyReferrer(
                ConformanceNote.self, through: \.recordID, where: \.text == "n1")
            let fragment = try condition.sqlExpression(options: options)
            let raw = try RawDatabase(url)
            let plan = try raw.strings(
                "EXPLAIN QUERY PLAN SELECT \"_record\" FROM conformance_record WHERE "
                    + fragment.sql.replacingOccurrences(of: "?", with: "'n1'"),
                column: 3)
            #expect(plan.contains { $0.contains("LIST SUBQUERY") }, "\(plan)")
            #expect(!plan.contains { $0.contains("CORRELATED") }, "\(plan)")

            // The to-one IN looks the notes up by their reference's index, from the matching
            // records, rather than visiting every note.
            let toOne: Condition<ConformanceNote> = .reference(
                \.recordID, to: ConformanceRecord.self, where: \.favorite == true)
            let toOneFragment = try toOne.sqlExpression(options: options)
            let toOnePlan = try raw.strings(
                "EXPLAIN QUERY PLAN SELECT \"_record\" FROM conformance_note WHERE "
                    + toOneFragment.sql.replacingOccurrences(of: "?", with: "1"),
                column: 3)
            #expect(
                toOnePlan.contains {
                    $0.contains("SEARCH conformance_note USING INDEX")
                        && $0.contains("record_id=?")
                },
                "\(toOnePlan)")
            #expect(!toOnePlan.contains { $0.contains("SCAN conformance_note") }, "\(toOnePlan)")
        }
    }

    @Test("a collection condition through a reference runs in SQL while no record holds NUL")
    func collectionConditionInSQL() async throws {
        try await Self.withGreenNotes { url, database, records, notes in
            let before = notes.queryEvaluationCounts
            let tagged = try await notes.fetch(
                RecordQuery(where: Self.green, sortedBy: [.ascending(\.id)]))
            let counted = try await notes.count(where: Self.green)
            let result = try await notes.fetchResult(
                RecordQuery(where: Self.green, sortedBy: [.ascending(\.id)]))
            let after = notes.queryEvaluationCounts
            #expect(tagged.map(\.id) == Self.expected)
            #expect(counted == Self.expected.count)
            #expect(result.records.map(\.id) == Self.expected)
            #expect(after.inDatabase - before.inDatabase == 3)
            #expect(after.total - before.total == 3)
            try await database.close()

            // The look for NUL is answered from each table's partial index, not by a scan.
            let plan = try RawDatabase(url).strings(
                "EXPLAIN QUERY PLAN SELECT EXISTS (SELECT 1 FROM conformance_record "
                    + "WHERE instr(\"_record\", '\\u0000') > 0)",
                column: 3)
            #expect(
                plan.contains { $0.contains("conformance_record__records_holding_nul") }, "\(plan)")
        }
    }

    @Test("once a record it reads holds NUL, it is answered through the database's records")
    func fallsBackThroughATransaction() async throws {
        try await Self.withGreenNotes { _, database, records, notes in
            // SQLite's json_each reads "green\0x" as "green": SQL alone would select note 17.
            try await records.upsert(
                ConformanceRecord(
                    id: 9, name: "nul", attack: 1, favorite: false, tags: ["green\u{0}x"]))
            try await notes.upsert(ConformanceNote(id: 17, recordID: 9, text: "n17"))
            let query = RecordQuery(where: Self.green, sortedBy: [.ascending(\.id)])
            let before = notes.queryEvaluationCounts
            #expect(try await notes.fetch(query).map(\.id) == Self.expected)
            #expect(try await notes.fetchResult(query).records.map(\.id) == Self.expected)
            #expect(try await notes.count(where: Self.green) == Self.expected.count)
            // Each answer counts once, as finished in memory: the reads the transaction made
            // to resolve the reference are not answers of SQLite's.
            let counted = notes.queryEvaluationCounts.subtracting(before)
            #expect(counted == QueryEvaluationCounts(finishedInMemory: 3))
            let live = try await notes.observe(query)
            var iterator = live.makeAsyncIterator()
            #expect(await iterator.next()?.records.map(\.id) == Self.expected)
            try await database.close()
        }
    }

    /// Records 1…8 as sampled (some tagged green) and 16 notes on them, in a database of
    /// both; the notes whose record is tagged green are the answer the checks expect.
    private static let green: Condition<ConformanceNote> = .reference(
        \.recordID, to: ConformanceRecord.self, where: .contains(\.tags, "green"))
    private static let expected = (1...16).filter {
        ConformanceRecord.sample($0 % 8 + 1).tags.contains("green")
    }

    private static func withGreenNotes(
        _ body: (
            URL, SQLiteModelDatabase, SQLiteStore<ConformanceRecord>, SQLiteStore<ConformanceNote>
        ) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.sqlite")
            let database = try await SQLiteModelDatabase.open(at: url, for: Self.models)
            let records = try database.store(for: ConformanceRecord.self)
            let notes = try database.store(for: ConformanceNote.self)
            try await records.upsert(contentsOf: (1...8).map(ConformanceRecord.sample))
            try await notes.upsert(
                contentsOf: (1...16).map {
                    ConformanceNote(id: $0, recordID: $0 % 8 + 1, text: "n\($0)")
                })
            try await body(url, database, records, notes)
        }
    }
}
