import KeyPathQuery
import ModelStorage

/// The checks of a store's equalities with `TextOptions` (`==[c]`, `==[d]`, `==[cd]`, and
/// `in` with options) on indexed and unindexed text attributes: the same answers as memory's,
/// after inserts, updates and deletions, whether the store answers from folded values it
/// keeps, by a scan, or in memory.
///
/// ```swift
/// @Test(arguments: FoldedEqualityConformance.checks)
/// func folded(_ check: ConformanceCheck<FoldedName>) async throws {
///     try await check.run { try await MyStore<FoldedName>.openFresh() }
/// }
/// ```
public enum FoldedEqualityConformance {
    /// Every check, each given a factory of empty stores of ``FoldedName``.
    public static var checks: [ConformanceCheck<FoldedName>] {
        [answersCheck, writesCheck]
    }

    /// Every operand of ``FoldedName/operands`` under each options, on each attribute, alone,
    /// in a list, negated and combined, by a fetch and a count.
    public static let answersCheck = ConformanceCheck<FoldedName>(
        name: "foldedEqualities",
        summary: "equalities ignoring case, diacritics or both select what memory selects, "
            + "on indexed and unindexed attributes."
    ) { makeStore in
        let store = try await makeStore()
        try await store.upsert(contentsOf: FoldedName.samples)
        try await expectMemoryAnswers(in: store, FoldedName.samples, "samples")
        try await store.close()
    }

    /// The answers after updates, deletions and inserts, and in a transaction that writes.
    public static let writesCheck = ConformanceCheck<FoldedName>(
        name: "foldedEqualitiesAfterWrites",
        summary: "equalities with options see each record's current name after updates, "
            + "deletions and inserts, and a transaction's own writes."
    ) { makeStore in
        let store = try await makeStore()
        var records = FoldedName.samples
        try await store.upsert(contentsOf: records)
        let changes = [
            FoldedName(id: 1, name: "Glurak", nickname: nil),
            FoldedName(id: 5, name: "Flabébé", nickname: "fée"),
            FoldedName(id: 9, name: "Straße", nickname: "STRASSE"),
        ]
        try await store.upsert(contentsOf: changes)
        for change in changes {
            records[records.firstIndex { $0.id == change.id } ?? 0] = change
        }
        try await store.delete(id: 3)
        try await store.delete(id: 8)
        records.removeAll { $0.id == 3 || $0.id == 8 }
        let added = FoldedName(id: 20, name: "flabébé", nickname: "リザードン")
        try await store.insert(added)
        records.append(added)
        try await expectMemoryAnswers(in: store, records, "after writes")
        let condition: Condition<FoldedName> = .equals(
            \.name, "FLABEBE", options: [.caseInsensitive, .diacriticInsensitive])
        let seen = try await store.transaction { transaction in
            transaction.upsert(FoldedName(id: 21, name: "Flabebe"))
            _ = transaction.delete(id: 20)
            return try transaction.fetch(RecordQuery(where: condition)).map(\.id).sorted()
        }
        try expectEqual(seen, [2, 5, 21], "a transaction's own writes")
        try expectEqual(
            try await ids(condition, in: store), [2, 5, 21], "the transaction written back")
        try await store.close()
    }

    /// A store that reports how it answers (`QueryEvaluationReporting`): each equality with
    /// options on an indexed attribute is its database's answer, the same as memory's, over
    /// ``FoldedName/exactSamples`` (PostgreSQL hands rows it cannot compare exactly to the
    /// engine).
    public static let inDatabaseCheck = ConformanceCheck<FoldedName>(
        name: "foldedEqualitiesInDatabase",
        summary: "an equality with options on an indexed text attribute is answered by the "
            + "store's database."
    ) { makeStore in
        let store = try await makeStore()
        let reporting = try store.evaluationReporting()
        try await store.upsert(contentsOf: FoldedName.exactSamples)
        for options in SQLSearchIndex.foldingOptions {
            for condition: Condition<FoldedName> in [
                .equals(\.name, "Flabébé", options: options),
                .in(\.nickname, ["fée", "リザードン"], options: options),
            ] {
                let before = reporting.queryEvaluationCounts
                let found = try await ids(condition, in: store)
                let counts = reporting.queryEvaluationCounts.subtracting(before)
                try expect(
                    counts.inDatabase == 1 && counts.total == 1,
                    "\(condition) was answered \(counts)")
                try expectEqual(
                    found, try memoryIDs(condition, in: FoldedName.exactSamples), "\(condition)")
            }
        }
        try await store.close()
    }

    /// Expects every equality with options to select what memory selects in the records.
    public static func expectMemoryAnswers(
        in store: any ModelStore<FoldedName>, _ records: [FoldedName], _ moment: String
    ) async throws {
        let attributes: [(String, any KeyPath<FoldedName, String> & Sendable)] = [
            ("name", \.name), ("remark", \.remark),
        ]
        for options in SQLSearchIndex.foldingOptions {
            var conditions: [Condition<FoldedName>] = [
                .in(\.name, FoldedName.operands, options: options),
                .in(\.nickname, ["fee", "リザードン", "strasse"], options: options),
                !.equals(\.nickname, "FEE", options: options),
                .equals(\.name, "glurak", options: options) || \.id == 14,
                .equals(\.name, "STRASSE", options: options) && \.id > 7,
            ]
            for operand in FoldedName.operands {
                for (_, keyPath) in attributes {
                    conditions.append(.equals(keyPath, operand, options: options))
                }
                conditions.append(.equals(\.nickname, operand, options: options))
            }
            for condition in conditions {
                let expected = try memoryIDs(condition, in: records)
                try expectEqual(
                    try await ids(condition, in: store), expected, "\(moment): \(condition)")
                try expectEqual(
                    try await store.count(where: condition), expected.count,
                    "\(moment): \(condition), counted")
            }
        }
    }

    /// The ids a store's fetch selects, in order.
    private static func ids(
        _ condition: Condition<FoldedName>, in store: any ModelStore<FoldedName>
    ) async throws -> [Int] {
        try await store.fetch(RecordQuery(where: condition, sortedBy: [.ascending(\.id)]))
            .map(\.id)
    }

    /// The ids memory selects.
    private static func memoryIDs(
        _ condition: Condition<FoldedName>, in records: [FoldedName]
    ) throws -> [Int] {
        try RecordQuery(where: condition, sortedBy: [.ascending(\.id)]).apply(to: records)
            .map(\.id)
    }
}
