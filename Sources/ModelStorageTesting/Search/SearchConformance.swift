import KeyPathQuery
import ModelStorage

/// The checks of a store's text searches: every row of the condition table
/// (``SearchTable``) through `ModelStore.fetch(_:)` and `count(where:)`, searches over several
/// attributes as one document, and the answers after updates and deletions — the same as
/// memory's, whether the store answers from an index of tokens or in memory.
///
/// ```swift
/// @Test(arguments: SearchConformance.checks)
/// func search(_ check: ConformanceCheck<SearchRecord>) async throws {
///     try await check.run { try await MyStore<SearchRecord>.openFresh() }
/// }
/// ```
public enum SearchConformance {
    /// Every check, each given a factory of empty stores of ``SearchRecord``.
    public static var checks: [ConformanceCheck<SearchRecord>] {
        [tableCheck, documentCheck, writesCheck]
    }

    /// Every row of ``SearchTable``, searched in the declared text and in the undeclared
    /// remark, answered by a fetch and a count over ``SearchRecord/samples``.
    public static let tableCheck = ConformanceCheck<SearchRecord>(
        name: "searchTable",
        summary: "every row of the search condition table selects its record as stated, and "
            + "each search selects exactly what memory selects, through an index or not."
    ) { makeStore in
        let store = try await makeStore()
        let records = SearchRecord.samples
        try await store.upsert(contentsOf: records)
        for (index, row) in SearchTable.cases.enumerated() {
            let search = try TextSearch(row.search)
            for condition: Condition<SearchRecord> in [
                .search(\.text, for: search), .search(\.remark, for: search),
            ] {
                let found = try await searchedIDs(condition, in: store)
                try expect(
                    found.contains(index) == row.matches,
                    "\(row): the store \(row.matches ? "missed" : "selected") the record")
                try expectEqual(found, try memoryIDs(condition, in: records), "\(row)")
                try expectEqual(
                    try await store.count(where: condition), found.count, "\(row), counted")
            }
        }
        try await store.close()
    }

    /// Searches over the text, the note and the tags as one document, negated, and'ed with
    /// other conditions, in a transaction and in an aggregate's condition.
    public static let documentCheck = ConformanceCheck<SearchRecord>(
        name: "searchDocuments",
        summary: "a search over several attributes finds its words in any of them, and "
            + "means the same negated, combined, in a transaction and in an aggregate."
    ) { makeStore in
        let store = try await makeStore()
        let records = SearchRecord.documents
        try await store.upsert(contentsOf: records)
        let all: [any PartialKeyPath<SearchRecord> & Sendable] = [\.text, \.note, \.tags]
        let cases: [(String, [Int])] = [
            ("char fly blaze", [1_000]), ("char", [1_000, 1_001]), ("FEU", [1_002]),
            ("放射 ザード", [1_003]), ("fire water", []), ("f", [1_000, 1_002]),
        ]
        for (text, expected) in cases {
            let search = try TextSearch(text)
            let condition: Condition<SearchRecord> = .search(all, for: search)
            let remark: Condition<SearchRecord> = .search(\.remark, for: search)
            try expectEqual(try await searchedIDs(condition, in: store), expected, text)
            try expectEqual(try await searchedIDs(remark, in: store), expected, "\(text), remark")
            try expectEqual(
                try await searchedIDs(!condition, in: store),
                records.map(\.id).filter { !expected.contains($0) }, "not \(text)")
            try expectEqual(
                try await searchedIDs(condition && \.id != 1_000, in: store),
                expected.filter { $0 != 1_000 }, "\(text) and not 1000")
            let inTransaction = try await store.transaction { transaction in
                try transaction.fetch(RecordQuery(where: condition)).map(\.id).sorted()
            }
            try expectEqual(inTransaction, expected, "\(text), in a transaction")
            let rows = try await store.aggregate(AggregateQuery(.count, where: condition))
            try expectEqual(rows, [AggregateRow(values: [.integer(Int64(expected.count))])], text)
        }
        try await store.close()
    }

    /// A search after records are updated, deleted and written back, and inside the
    /// transaction that writes them: the tokens of each record are exactly its current
    /// texts'.
    public static let writesCheck = ConformanceCheck<SearchRecord>(
        name: "searchAfterWrites",
        summary: "a search sees each record's current texts after updates and deletions, "
            + "and a transaction's own writes."
    ) { makeStore in
        let store = try await makeStore()
        let fire = try TextSearch("fire")
        let byText: Condition<SearchRecord> = .search([\.text, \.tags], for: fire)
        try await store.upsert(contentsOf: SearchRecord.documents)
        try expectEqual(try await searchedIDs(byText, in: store), [1_000], "before")
        try await store.upsert(
            SearchRecord(id: 1_000, text: "Charizard", note: "Blaze", tags: ["Flying"]))
        try await store.upsert(SearchRecord(id: 1_001, text: "Fire breath"))
        try expectEqual(try await searchedIDs(byText, in: store), [1_001], "after updates")
        try expectEqual(
            try await searchedIDs(.search(\.tags, for: try TextSearch("fly")), in: store),
            [1_000], "the tag kept")
        try await store.delete(id: 1_001)
        try expectEqual(try await searchedIDs(byText, in: store), [], "after a deletion")
        let seen = try await store.transaction { transaction in
            transaction.upsert(SearchRecord(id: 1_001, text: "Firefly"))
            _ = transaction.delete(id: 1_002)
            return try transaction.fetch(RecordQuery(where: byText)).map(\.id)
        }
        try expectEqual(seen, [1_001], "a transaction's own write")
        try expectEqual(try await searchedIDs(byText, in: store), [1_001], "written back")
        try expectEqual(
            try await searchedIDs(.search(\.tags, for: try TextSearch("flug")), in: store), [],
            "a deleted record's tags")
        let deleted = try await store.delete(where: .search(\.text, for: try TextSearch("chari")))
        try expectEqual(deleted, 1, "records deleted by a search")
        try expectEqual(
            try await searchedIDs(.search([\.text, \.note], for: try TextSearch("c")), in: store),
            [], "after deleting by a search")
        try await store.close()
    }

    /// A store with an index of words, counted (`QueryEvaluationReporting`): a search over
    /// the declared attributes is its database's answer, and one over the remark, which is
    /// not declared, the engine's — the same records.
    ///
    /// ```swift
    /// try await SearchConformance.inDatabaseCheck.run { try await openSQLiteStore() }
    /// ```
    public static let inDatabaseCheck = ConformanceCheck<SearchRecord>(
        name: "searchInDatabase",
        summary: "a search over searchable attributes is answered by the store's database, "
            + "and one over another attribute in memory, alike."
    ) { makeStore in
        let store = try await makeStore()
        let reporting = try store.evaluationReporting()
        try await store.upsert(contentsOf: SearchRecord.documents)
        let search = try TextSearch("char")
        var before = reporting.queryEvaluationCounts
        let indexed = try await searchedIDs(.search([\.text, \.tags], for: search), in: store)
        var counts = reporting.queryEvaluationCounts.subtracting(before)
        try expect(
            counts.inDatabase == 1 && counts.total == 1,
            "the search over searchable attributes was answered \(counts)")
        before = reporting.queryEvaluationCounts
        let scanned = try await searchedIDs(.search(\.remark, for: search), in: store)
        counts = reporting.queryEvaluationCounts.subtracting(before)
        try expect(
            counts.inMemory == 1 && counts.total == 1,
            "the search over the remark was answered \(counts)")
        try expectEqual(indexed, [1_000, 1_001], "indexed")
        try expectEqual(scanned, indexed, "in memory")
        try await store.close()
    }

    /// The ids a store's fetch selects, in order.
    private static func searchedIDs(
        _ condition: Condition<SearchRecord>, in store: any ModelStore<SearchRecord>
    ) async throws -> [Int] {
        try await store.fetch(RecordQuery(where: condition, sortedBy: [.ascending(\.id)]))
            .map(\.id)
    }

    /// The ids memory selects.
    private static func memoryIDs(
        _ condition: Condition<SearchRecord>, in records: [SearchRecord]
    ) throws -> [Int] {
        try RecordQuery(where: condition, sortedBy: [.ascending(\.id)]).apply(to: records)
            .map(\.id)
    }
}
