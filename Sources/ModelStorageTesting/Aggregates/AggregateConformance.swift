import KeyPathQuery
import ModelStorage

/// The checks of a store's aggregates: the condition table (``AggregateTable``), answered by
/// `ModelStore.aggregate(_:)` and inside transactions; the random aggregate queries are in
/// `StoreConformance`'s differential check.
///
/// ```swift
/// @Test(arguments: AggregateConformance.checks)
/// func aggregates(_ check: ConformanceCheck<AggregateRecord>) async throws {
///     try await check.run { try await MyStore<AggregateRecord>.openFresh() }
/// }
/// ```
public enum AggregateConformance {
    /// Every check, each given a factory of empty stores of ``AggregateRecord``.
    public static var checks: [ConformanceCheck<AggregateRecord>] {
        [tableCheck, transactionCheck]
    }

    /// Every row of ``AggregateTable``, answered by `ModelStore.aggregate(_:)` over
    /// ``AggregateRecord/samples``.
    public static let tableCheck = ConformanceCheck<AggregateRecord>(
        name: "aggregateTable",
        summary: "every row of the aggregate condition table gives its stated answer, or "
            + "throws invalidQuery with aggregateOverflow where it states an overflow."
    ) { makeStore in
        let store = try await makeStore()
        try await store.upsert(contentsOf: AggregateRecord.samples)
        for row in AggregateTable.cases {
            let answer = await Answer { try await store.aggregate(row.query) }
            try answer.check(row, store: "the store")
        }
        try await store.close()
    }

    /// The table's rows inside a transaction and a database's read see the same as a fetch
    /// does: the committed records, with the transaction's writes laid over them.
    public static let transactionCheck = ConformanceCheck<AggregateRecord>(
        name: "aggregateInTransactions",
        summary: "StoreTransaction.aggregate answers the table over the records the "
            + "transaction sees, its own writes included."
    ) { makeStore in
        let store = try await makeStore()
        try await store.upsert(contentsOf: Array(AggregateRecord.samples.prefix(4)))
        let answers = try await store.transaction { transaction in
            transaction.upsert(contentsOf: Array(AggregateRecord.samples.dropFirst(4)))
            return AggregateTable.cases.map { row in
                Answer { try transaction.aggregate(row.query) }
            }
        }
        for (row, answer) in zip(AggregateTable.cases, answers) {
            try answer.check(row, store: "a transaction")
        }
        let inserted = try await store.transaction { transaction in
            transaction.upsert(
                AggregateRecord(
                    id: 9, team: nil, level: 1, big: 0, weight: nil, shiny: false,
                    caught: nil, kind: .fire))
            return try transaction.aggregate(AggregateQuery(.count))
        }
        try expect(
            inserted == [AggregateRow(values: [.integer(9)])],
            "a transaction's aggregate counts its own insert: \(inserted)")
        try await store.close()
    }

    /// For a store that computes aggregates in its database and reports how it answers
    /// (`QueryEvaluationReporting`, as the SQL stores do): a grouped query with a condition on
    /// groups over ``AggregateRecord/samples``, and one grouped by the elements of an array,
    /// are answered there, each in one statement, with nothing finished in memory.
    ///
    /// ```swift
    /// try await AggregateConformance.inDatabaseCheck.run { try await openSQLiteStore() }
    /// ```
    public static let inDatabaseCheck = ConformanceCheck<AggregateRecord>(
        name: "aggregatesInDatabase",
        summary: "a grouped aggregate query with a condition on groups, and one grouped by "
            + "the elements of an array, are answered by the store's database alone."
    ) { makeStore in
        let store = try await makeStore()
        let reporting = try store.evaluationReporting()
        try await store.upsert(contentsOf: AggregateRecord.samples)
        let before = reporting.queryEvaluationCounts
        let rows = try await store.aggregate(
            AggregateQuery(
                .count, .minimum(\.shiny), .maximum(\.team), groupedBy: [\.kind],
                having: .comparing(.sum(\.big), .greater, 0)))
        let counts = reporting.queryEvaluationCounts.subtracting(before)
        try expect(
            counts.inDatabase == 1 && counts.inMemory == 0 && counts.finishedInMemory == 0,
            "the aggregate query was answered \(counts)")
        try expectEqual(
            rows.map(\.groupValues), AggregateRecord.Kind.allCases.map { [.string($0.rawValue)] },
            "the groups")
        let beforeElements = reporting.queryEvaluationCounts
        let elements = try await store.aggregate(
            AggregateQuery(
                .count, .sum(\.level), groupedBy: [.elements(of: \.badges)],
                having: .comparing(.count, .greater, 1)))
        let elementCounts = reporting.queryEvaluationCounts.subtracting(beforeElements)
        try expect(
            elementCounts.inDatabase == 1 && elementCounts.inMemory == 0
                && elementCounts.finishedInMemory == 0,
            "the query grouped by elements was answered \(elementCounts)")
        try expectEqual(
            elements.map(\.groupValues), [[.string("boulder")], [.string("cascade")]],
            "the groups of elements")
        try await store.close()
    }
}

/// What a store answered to one aggregate query: rows, or an error.
struct Answer: Sendable {
    let result: Result<[AggregateRow], any Error>

    init(_ body: () async throws -> [AggregateRow]) async {
        do { result = .success(try await body()) } catch { result = .failure(error) }
    }

    init(_ body: () throws -> [AggregateRow]) {
        do { result = .success(try body()) } catch { result = .failure(error) }
    }

    /// Checks the answer against the row's.
    func check(_ row: AggregateCase, store: String) throws(ConformanceFailure) {
        switch (result, row.expected) {
        case (.success(let rows), let expected?):
            try expect(
                rows == expected,
                "\(store) answered \"\(row.name)\" with \(rows), not \(expected)")
        case (.failure(let error), nil):
            let code = (error as? StoreError)?.queryError?.code
            try expect(
                code == .aggregateOverflow,
                "\(store) answered \"\(row.name)\" with \(error), not an overflow")
        case (.success(let rows), nil):
            throw ConformanceFailure(
                check: "",
                message: "\(store) answered \"\(row.name)\" with \(rows), not an "
                    + "overflow", file: #fileID, line: #line)
        case (.failure(let error), _):
            throw ConformanceFailure(
                check: "", message: "\(store) answered \"\(row.name)\" with \(error)",
                file: #fileID, line: #line)
        }
    }
}
