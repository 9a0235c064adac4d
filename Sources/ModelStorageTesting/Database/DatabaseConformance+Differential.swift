import InternalSupport
import KeyPathQuery
import ModelStorage

// The differential check of conditions that follow references: random conditions through a
// reference, each way, with random conditions of the whole grammar inside, on random records
// and notes, compared with the in-memory engine over the same records.

extension DatabaseConformance {
    /// The seed of the `differentialReferenceQueries` check in ``checks``.
    public static let defaultReferenceSeed: UInt64 = 0x2E_F0_11

    /// The least share of the `differentialReferenceQueries` check's fetches, pages and counts
    /// that a database reporting how it answers (`QueryEvaluationReporting`) must answer
    /// alone: without it, a backend that resolves every reference in memory passes by
    /// comparing the engine with itself. (On 2026-12-02 SQLite answered 95 % of them alone,
    /// PostgreSQL 83 %: the rest follow references through a condition the dialect refuses.)
    public static let defaultMinimumReferenceShareInDatabase = 0.7

    static let differentialReferenceQueries = DatabaseConformanceCheck(
        name: "differentialReferenceQueries",
        summary: "200 random conditions through a reference, each way and nested, with the "
            + "whole grammar inside, on records of exact text, fetch, page and count exactly "
            + "what the in-memory engine selects over the same records (seed "
            + "\(defaultReferenceSeed)); a database that reports how it answers must answer "
            + "at least \(Int((defaultMinimumReferenceShareInDatabase * 100).rounded())) % of "
            + "them in the database"
    ) { makeDatabase in
        try await onFreshDatabase(makeDatabase) { made in
            var generator = QueryGenerator(seed: defaultReferenceSeed, texts: .exact)
            let records = (1...40).map { generator.record(id: $0) }
            let notes = (1...120).map { id in
                ConformanceNote(
                    id: id,
                    recordID: generator.random.oneIn(5) ? nil : generator.random.below(40) + 1,
                    text: generator.text())
            }
            try await made.records.upsert(contentsOf: records)
            try await made.notes.upsert(contentsOf: notes)
            let engine = ArrayRecords(records: records, notes: notes)
            let before = queryEvaluationCounts(of: made)
            for index in 0..<200 {
                if index.isMultiple(of: 2) {
                    let condition = generator.noteCondition(depth: 0)
                    try await compare(
                        made.notes, condition, engine: engine, all: notes, index: index)
                } else {
                    let condition = generator.recordThroughNotes(depth: 0)
                    try await compare(
                        made.records, condition, engine: engine, all: records, index: index)
                }
            }
            if let before, let after = queryEvaluationCounts(of: made),
                let shortfall = after.subtracting(before).shortfall(
                    below: defaultMinimumReferenceShareInDatabase, of: "fetches, pages and counts")
            {
                throw ConformanceFailure(check: "", message: shortfall, file: #fileID, line: #line)
            }
        }
    }

    /// How the database answered so far, if it says (`QueryEvaluationReporting`): its own
    /// counts, or else its two stores' together; `nil` when neither says.
    private static func queryEvaluationCounts(
        of made: ConformanceDatabase
    ) -> QueryEvaluationCounts? {
        if let database = made.database as? any QueryEvaluationReporting {
            return database.queryEvaluationCounts
        }
        let stores: [Any] = [made.records, made.notes]
        let counts = stores.compactMap {
            ($0 as? any QueryEvaluationReporting)?.queryEvaluationCounts
        }
        guard !counts.isEmpty else { return nil }
        return counts.reduce(QueryEvaluationCounts()) { sum, counts in
            QueryEvaluationCounts(
                inDatabase: sum.inDatabase + counts.inDatabase,
                finishedInMemory: sum.finishedInMemory + counts.finishedInMemory,
                inMemory: sum.inMemory + counts.inMemory)
        }
    }

    /// Fetches, a page and a count through a store, against the engine over the records.
    private static func compare<Model: StorableModel & Equatable>(
        _ store: some ModelStore<Model>, _ condition: Described<Condition<Model>>,
        engine: ArrayRecords, all: [Model], index: Int
    ) async throws {
        let name = "query \(index): \(condition.description)"
        let expected: [Model.ID]
        do {
            expected = try condition.value.resolvingReferences(in: engine).filter(all).map(\.id)
        } catch {
            try await expectError(
                where: { ($0 as? StoreError)?.code == .invalidQuery },
                "\(name), which the engine refuses"
            ) { _ = try await store.fetch(RecordQuery(where: condition.value)) }
            return
        }
        try expectEqual(
            try await store.fetch(RecordQuery(where: condition.value)).map(\.id), expected, name)
        try expectEqual(
            try await store.count(where: condition.value), expected.count, "the count of " + name)
        let page = try await store.fetch(
            RecordQuery(where: condition.value, limit: 3, offset: index % 4))
        try expectEqual(
            page.map(\.id), Array(expected.dropFirst(index % 4).prefix(3)), "a page of " + name)
    }
}

/// The records of the differential check, read by the engine's resolution.
private struct ArrayRecords: RelatedRecordLookup {
    let records: [ConformanceRecord]
    let notes: [ConformanceNote]

    func records<Model: Queryable>(
        of model: Model.Type, where condition: Condition<Model>
    ) throws -> [Model] {
        let resolved = try condition.resolvingReferences(in: self)
        if let records = records as? [Model] { return try resolved.filter(records) }
        if let notes = notes as? [Model] { return try resolved.filter(notes) }
        return []
    }
}

extension QueryGenerator {
    /// A condition on notes: their text, or the record each refers to, combined.
    mutating func noteCondition(depth: Int) -> Described<Condition<ConformanceNote>> {
        switch depth >= 2 ? random.below(2) : random.below(6) {
        case 0:
            let text = text()
            return Described(\.text == text, "\\.text == \(Self.literal(text))")
        case 1:
            let prefix = operand()
            return Described(
                .hasPrefix(\.text, prefix), ".hasPrefix(\\.text, \(Self.literal(prefix)))")
        case 2, 3:
            let inner = condition(depth: 2)
            return Described(
                .reference(\.recordID, to: ConformanceRecord.self, where: inner.value),
                ".reference(\\.recordID, to: ConformanceRecord.self, where: \(inner.description))")
        case 4:
            let inner = noteCondition(depth: depth + 1)
            return Described(!inner.value, "!(\(inner.description))")
        default:
            let left = noteCondition(depth: depth + 1)
            let right = noteCondition(depth: depth + 1)
            return random.oneIn(2)
                ? Described(
                    left.value && right.value, "(\(left.description)) && (\(right.description))")
                : Described(
                    left.value || right.value, "(\(left.description)) || (\(right.description))")
        }
    }

    /// A condition on records through the notes that refer to them, with one on the records
    /// themselves beside it.
    mutating func recordThroughNotes(depth: Int) -> Described<Condition<ConformanceRecord>> {
        let notes = noteCondition(depth: 1)
        let through: Described<Condition<ConformanceRecord>>
        switch random.below(3) {
        case 0:
            through = Described(
                .anyReferrer(ConformanceNote.self, through: \.recordID, where: notes.value),
                ".anyReferrer(ConformanceNote.self, through: \\.recordID, where: \(notes.description))"
            )
        case 1:
            through = Described(
                .noReferrer(ConformanceNote.self, through: \.recordID, where: notes.value),
                ".noReferrer(ConformanceNote.self, through: \\.recordID, where: \(notes.description))"
            )
        default:
            through = Described(
                .everyReferrer(ConformanceNote.self, through: \.recordID, where: notes.value),
                ".everyReferrer(ConformanceNote.self, through: \\.recordID, where: "
                    + "\(notes.description))")
        }
        guard depth == 0, random.oneIn(2) else { return through }
        let own = condition(depth: 3)
        return random.oneIn(2)
            ? Described(
                through.value && own.value, "(\(through.description)) && (\(own.description))")
            : Described(
                through.value || own.value, "(\(through.description)) || (\(own.description))")
    }
}
