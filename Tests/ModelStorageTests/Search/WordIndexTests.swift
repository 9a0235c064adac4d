import InternalSupport
import KeyPathQuery
import ModelStorageTesting
import Testing

@testable import ModelStorage

/// The index of words of the in-memory stores' record engine: a search over declared
/// attributes reads only the records the index finds, and every condition selects exactly
/// what a scan selects, through inserts, updates, deletes, transactions and compactions.
@Suite("Index of words in the record engine")
struct WordIndexTests {
    /// Checks conditions against the query engine over the records the table holds: the
    /// candidates hold every match, and the table's fetch and count are the engine's.
    private func expectScanResults(
        of table: RecordTable<SearchRecord>, over records: [SearchRecord],
        conditions: [Condition<SearchRecord>], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for condition in conditions {
            let compiled = try condition.compiled()
            let expected = records.filter { record in
                withUnsafePointer(to: record) { compiled.evaluate(at: $0) }
            }
            if let slots = table.candidateSlots(for: condition) {
                let found = Set(table.records(inLiveSlots: slots).map(\.id))
                let missing = expected.map(\.id).filter { !found.contains($0) }
                #expect(missing.isEmpty, "\(condition)", sourceLocation: sourceLocation)
            }
            let query = try RecordQuery(where: condition).compiled()
            #expect(
                table.matching(query, narrowedBy: condition).map(\.id) == expected.map(\.id),
                "\(condition)", sourceLocation: sourceLocation)
            #expect(
                table.countMatching(compiled, narrowedBy: condition) == expected.count,
                "\(condition)", sourceLocation: sourceLocation)
        }
    }

    private static func conditions(_ count: Int, seed: UInt64) -> [Condition<SearchRecord>] {
        var random = SplitMix64(seed: seed)
        var conditions: [Condition<SearchRecord>] = []
        while conditions.count < count {
            if let condition = WordIndexFixture.condition(&random) { conditions.append(condition) }
        }
        return conditions
    }

    @Test("random searches select what a scan selects, through writes", arguments: [1, 2, 3])
    func randomSearches(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var records = (0..<200).map { WordIndexFixture.record(id: $0, &random) }
        var table = try RecordTable(records, writeVersions: nil)
        #expect(table.wordIndex != nil)
        try expectScanResults(
            of: table, over: records, conditions: Self.conditions(60, seed: seed))
        for round in 0..<4 {
            // Updates that change words, remove the note or every tag, and keep some.
            for _ in 0..<60 {
                let position = random.below(records.count)
                var record = WordIndexFixture.record(id: records[position].id, &random)
                if random.oneIn(4) { record.text = records[position].text }
                records[position] = record
                table.put(record, version: UInt64(round + 1))
            }
            // Deletes, and new records, which go last.
            for _ in 0..<20 where !records.isEmpty {
                let removed = records.remove(at: random.below(records.count))
                table.remove(removed.id)
            }
            for id in 0..<15 {
                let record = WordIndexFixture.record(id: 1_000 * (round + 1) + id, &random)
                records.append(record)
                table.put(record, version: UInt64(round + 1))
            }
            try expectScanResults(
                of: table, over: records,
                conditions: Self.conditions(30, seed: seed * 100 + UInt64(round)))
        }
        // Deleting most records compacts the slots, which rebuilds the index.
        for record in records.dropFirst(20) { table.remove(record.id) }
        records = Array(records.prefix(20))
        try expectScanResults(of: table, over: records, conditions: Self.conditions(40, seed: 9))
    }

    @Test("a batch large against its table rebuilds the index, with the same results")
    func largeBatch() async throws {
        var random = SplitMix64(seed: 7)
        let store = InMemoryStore<SearchRecord>()
        var records = (0..<1_500).map { WordIndexFixture.record(id: $0, &random) }
        try await store.upsert(contentsOf: records)
        for position in records.indices where position % 4 != 0 {
            records[position] = WordIndexFixture.record(id: position, &random)
        }
        try await store.upsert(
            contentsOf: records.enumerated().filter { $0.offset % 4 != 0 }.map(\.element))
        for condition in Self.conditions(20, seed: 70) {
            let query = RecordQuery(where: condition)
            let expected = try query.compiled().apply(to: records).map(\.id)
            #expect(try await store.fetch(query).map(\.id) == expected, "\(condition)")
        }
    }

    /// Records whose text has one word of its own, `w<id>`, and a word all share.
    private static func numbered(_ count: Int) -> [SearchRecord] {
        (0..<count).map { id in
            SearchRecord(
                id: id, text: "w\(id) common", note: id % 10 == 0 ? "Flabébé \(id)" : nil,
                tags: id % 7 == 0 ? ["火炎放射"] : [], remark: "w\(id) common")
        }
    }

    @Test("a search over declared attributes evaluates only the records its index finds")
    func indexIsUsed() async throws {
        let records = Self.numbered(1_000)
        let store = InMemoryStore(records)
        func examined(_ condition: Condition<SearchRecord>) async throws -> Int {
            try await store.examinedRecordCount(where: condition)
        }
        func search(_ text: String) throws -> TextSearch { try TextSearch(text) }
        // `w17` begins w17 and w170 to w179.
        #expect(try await examined(.search(\.text, for: search("w17"))) == 11)
        #expect(try await examined(.search(\.text, for: search("W17 COMMON"))) == 11)
        #expect(try await examined(.search([\.text, \.note], for: search("w170"))) == 1)
        // Accents fold, in the search and in the note.
        #expect(try await examined(.search(\.note, for: search("FLABEBE 990"))) == 1)
        #expect(try await examined(.search(\.note, for: search("flabé"))) == 100)
        // A bigram and the last character of an ideographic run.
        #expect(try await examined(.search(\.tags, for: search("炎放"))) == 143)
        #expect(try await examined(.search(\.tags, for: search("射"))) == 143)
        #expect(try await examined(.search(\.tags, for: search("火炎放射 w7"))) <= 143)
        // Nothing begins with these: nothing is read.
        #expect(try await examined(.search(\.text, for: search("zzq"))) == 0)
        #expect(try await examined(.search(\.tags, for: search("放火"))) == 0)
        // Beside other clauses of an `&&`, and with an id range.
        #expect(try await examined(.search(\.text, for: search("w17")) && \.id > 100) == 11)
        #expect(
            try await examined(.in(\.id, [170, 171, 5]) && .search(\.text, for: search("w17")))
                == 3)
        // What the index cannot narrow is scanned: the undeclared remark, a word every
        // record has, an `||`, a negation.
        #expect(try await examined(.search(\.remark, for: search("w17"))) == 1_000)
        #expect(try await examined(.search([\.text, \.remark], for: search("w17"))) == 1_000)
        #expect(try await examined(.search(\.text, for: search("common"))) == 1_000)
        #expect(try await examined(.search(\.text, for: search("w17")) || \.id == 3) == 1_000)
        #expect(try await examined(!.search(\.text, for: search("w17"))) == 1_000)
        // The answers are the scan's.
        #expect(
            try await store.fetch(RecordQuery(where: .search(\.text, for: search("w17")))).map(
                \.id) == [17] + Array(170...179))
        #expect(try await store.count(where: .search(\.remark, for: search("w17"))) == 11)
    }

    @Test("updates and deletes move records between words, for the index as for a scan")
    func updatedWords() async throws {
        let store = InMemoryStore(Self.numbered(300))
        let fire = try TextSearch("Feuer")
        try await store.update(id: 250) { $0.text = "Glurak FEUER" }
        try await store.update(id: 4) { $0.tags = ["feuerball"] }
        #expect(
            try await store.fetch(RecordQuery(where: .search(\.text, for: fire))).map(\.id) == [250]
        )
        #expect(
            try await store.fetch(
                RecordQuery(where: .search([\.text, \.tags], for: fire))
            ).map(\.id) == [4, 250])
        // The old word no longer finds the record, though its entry is left behind.
        #expect(try await store.count(where: .search(\.text, for: try TextSearch("w250"))) == 0)
        #expect(
            try await store.examinedRecordCount(where: .search(\.text, for: try TextSearch("w250")))
                == 1)
        try await store.delete(id: 250)
        #expect(try await store.fetch(RecordQuery(where: .search(\.text, for: fire))).isEmpty)
        #expect(try await store.examinedRecordCount(where: .search(\.text, for: fire)) == 0)
        // A transaction's writes are indexed when it commits; one that throws changes nothing.
        struct Abandoned: Error {}
        await #expect(throws: Abandoned.self) {
            try await store.transaction { transaction in
                try transaction.update(id: 5) { $0.text = "feuer" }
                throw Abandoned()
            }
        }
        #expect(try await store.count(where: .search(\.text, for: fire)) == 0)
        let seen = try await store.transaction { transaction in
            try transaction.update(id: 5) { $0.text = "feuer" }
            return try transaction.fetch(RecordQuery(where: .search(\.text, for: fire))).map(\.id)
        }
        #expect(seen == [5])
        #expect(
            try await store.fetch(RecordQuery(where: .search(\.text, for: fire))).map(\.id) == [5])
        #expect(try await store.examinedRecordCount(where: .search(\.text, for: fire)) == 1)
    }
}
