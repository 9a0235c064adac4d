import InternalSupport
import KeyPathQuery
import ModelStorage

extension StoreConformance {
    /// The seed of the differential check in ``checks``.
    public static let defaultDifferentialSeed: UInt64 = 0x5EED_D1FF

    /// The number of random queries of the differential check in ``checks``: enough to reach
    /// every operator and option many times, few enough that the suite stays quick.
    public static let defaultDifferentialQueryCount = 300

    /// A check that compares the store with KeyPathQuery's in-memory engine on random
    /// records and random queries.
    ///
    /// It stores adversarial records — text that folds or decomposes (`ß`, `é` precomposed
    /// and decomposed, dotted and dotless `i`, final sigma), text that looks like a wildcard
    /// or a quote (`%`, `_`, `*`, `'`), empty strings and collections, `nil` nicknames,
    /// repeated values for ties — with deletes, re-inserts and replacements so that the
    /// store's order is neither the ids' nor the inserts'. Then, for each of `queryCount`
    /// random queries drawn from the whole operator grammar with random sort keys and pages,
    /// it checks that `ModelStore.fetch(_:)`, `count(where:)` and, for one
    /// query in eight, the first result of `observe(_:)` answer exactly what
    /// `RecordQuery.apply(to:)` answers over the store's records in the store's order; and
    /// that a query the engine rejects makes the store throw `StoreError` with code
    /// `invalidQuery`. Half as many queries again run inside two transactions with
    /// uncommitted writes, compared with the engine over the committed records with the
    /// transaction's changes laid over them.
    ///
    /// A failure names the seed and, for each disagreement, the query as Swift source and
    /// the expected and actual ids, so that it can be reproduced:
    ///
    /// ```swift
    /// @Test func differential() async throws {
    ///     try await StoreConformance.differentialCheck(seed: 7, queryCount: 2_000)
    ///         .run { try await MyStore<ConformanceRecord>.openFresh() }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - seed: Makes the records, writes and queries; the same seed makes the same ones.
    ///   - queryCount: How many random queries to compare outside transactions (none when
    ///     not positive).
    ///   - texts: Which texts the records and operands hold: every adversarial one, or only
    ///     exact text, which a database compares as `String` does.
    ///   - minimumShareInDatabase: For a store that reports how it answered
    ///     (`QueryEvaluationReporting`), the least share of the check's queries and counts
    ///     that its database must answer alone, or `nil` for no minimum. Without it, a
    ///     backend that hands every query to the engine passes by comparing the engine with
    ///     itself.
    /// - Returns: The check, named `differentialQueries` (`differentialQueriesExactText`
    ///   for exact text).
    public static func differentialCheck(
        seed: UInt64 = StoreConformance.defaultDifferentialSeed,
        queryCount: Int = StoreConformance.defaultDifferentialQueryCount,
        texts: DifferentialTexts = .adversarial,
        minimumShareInDatabase: Double? = nil
    ) -> StoreConformanceCheck {
        let records = texts == .adversarial ? "adversarial records" : "records of exact text"
        let minimum = minimumShareInDatabase.map {
            "; a store that reports how it answers must answer at least "
                + "\(Int(($0 * 100).rounded())) % of them in its database"
        }
        return StoreConformanceCheck(
            name: texts == .adversarial ? "differentialQueries" : "differentialQueriesExactText",
            summary: "\(queryCount) random queries from the whole operator grammar, on "
                + "\(records), fetch, count and observe exactly what the in-memory "
                + "engine selects over the store's records in its order, inside transactions "
                + "too; queries the engine rejects throw invalidQuery (seed \(seed))"
                + (minimum ?? "") + "."
        ) { makeStore in
            var differential = Differential(
                seed: seed, store: try await makeStore(), texts: texts,
                minimumShareInDatabase: minimumShareInDatabase)
            try await differential.run(queryCount: queryCount)
        }
    }

    /// The seed of the differential check on exact text in ``checks``.
    public static let defaultExactTextSeed: UInt64 = 0xE3AC_7E47

    /// The least share of queries a database backend must answer alone in the differential
    /// check on exact text in ``checks``.
    public static let defaultMinimumShareInDatabase = 0.5

    static var differentialChecks: [StoreConformanceCheck] {
        [
            differentialCheck(),
            differentialCheck(
                seed: defaultExactTextSeed, texts: .exact,
                minimumShareInDatabase: defaultMinimumShareInDatabase),
        ]
    }
}

/// One run of the differential check: the store, the records it must hold in its order, and
/// the disagreements found so far.
struct Differential {
    let seed: UInt64
    let store: any ModelStore<ConformanceRecord>
    var generator: QueryGenerator
    /// The records the store must hold, in the order it must keep them.
    var records: [ConformanceRecord] = []
    var mismatches: [String] = []
    var compared = 0
    let minimumShareInDatabase: Double?
    /// Why the database answered too few queries alone, if it did.
    var tooFewInDatabase: String?

    init(
        seed: UInt64, store: any ModelStore<ConformanceRecord>, texts: DifferentialTexts,
        minimumShareInDatabase: Double?
    ) {
        self.seed = seed
        self.store = store
        generator = QueryGenerator(seed: seed, texts: texts)
        self.minimumShareInDatabase = minimumShareInDatabase
    }

    mutating func run(queryCount: Int) async throws {
        let queryCount = max(0, queryCount)
        let reporting = store as? any QueryEvaluationReporting
        let before = reporting?.queryEvaluationCounts
        try await fill()
        for index in 0..<queryCount {
            // Hundreds of queries, mostly computing: give the other tasks of a test run a
            // turn between them, or on a two-core machine they can wait for minutes.
            await Task.yield()
            try await compare(generator.query(), index: index, observing: index % 8 == 0)
        }
        for round in 0..<2 {
            try await compareInTransaction(round: round, queryCount: queryCount / 4)
        }
        for index in 0..<(queryCount / 3) {
            await Task.yield()
            await compareAggregates(generator.aggregateQuery(), index: index)
        }
        if let reporting, let before, let minimumShareInDatabase, queryCount > 0 {
            checkShareInDatabase(
                reporting.queryEvaluationCounts.subtracting(before),
                minimum: minimumShareInDatabase)
        }
        try report()
    }

    /// Records a failure when the database answered too few of the queries alone: the rest
    /// compared the engine with itself.
    private mutating func checkShareInDatabase(_ counts: QueryEvaluationCounts, minimum: Double) {
        tooFewInDatabase = counts.shortfall(below: minimum, of: "queries and counts")
    }

    // MARK: Records

    /// Stores 48 records, then deletes, re-inserts and replaces some, checking that the store
    /// keeps them in the order the contract gives.
    private mutating func fill() async throws {
        let ids = (0..<48).map { $0 * 7 % 53 + 1 }
        let fresh = ids.map { generator.record(id: $0) }
        try await store.upsert(contentsOf: Array(fresh.prefix(30)))
        for record in fresh.dropFirst(30) { try await store.insert(record) }
        records = fresh
        for _ in 0..<6 {
            let doomed = generator.random.pick(records).id
            try await store.delete(id: doomed)
            records.removeAll { $0.id == doomed }
        }
        for _ in 0..<4 {
            let id = generator.random.pick(ids)
            let record = generator.record(id: id)
            try await store.upsert(record)
            records = StoreConformance.applying([.upsert(record)], to: records)
        }
        try expectEqual(
            try await store.fetch(.everyRecord).map(\.id), records.map(\.id),
            "store order before the differential queries of seed \(seed)")
    }

    // MARK: Comparing

    /// Compares the store's fetch, count and (when asked) live query with the engine.
    private mutating func compare(
        _ query: Described<RecordQuery<ConformanceRecord>>, index: Int, observing: Bool
    ) async throws {
        let place = "query \(index)"
        let truth = Truth(query.value, over: records)
        let store = store
        note(place, query, truth.fetched, await Outcome { try await store.fetch(query.value) })
        note(
            place + " count", query, truth.counted,
            await Outcome { try await store.count(where: query.value.condition) })
        guard observing else { return }
        let observed = await Outcome { () async throws -> [ConformanceRecord] in
            for await result in try await store.observe(query.value) {
                return result.records
            }
            throw CheckError()
        }
        note(place + " observe", query, truth.fetched, observed)
    }

    /// Random writes in a transaction, then queries inside it, compared with the engine over
    /// the committed records with the transaction's changes laid over them; the writes then
    /// commit.
    private mutating func compareInTransaction(round: Int, queryCount: Int) async throws {
        var changes: [RecordChange<ConformanceRecord>] = []
        for _ in 0..<12 {
            let id = generator.random.below(60) + 1
            changes.append(
                generator.random.oneIn(4) ? .delete(id) : .upsert(generator.record(id: id)))
        }
        let queries = (0..<queryCount).map { _ in generator.query() }
        let writes = changes
        let (seen, committed) = try await store.transaction { transaction in
            for change in writes {
                switch change {
                case .upsert(let record): transaction.upsert(record)
                case .delete(let id): transaction.delete(id: id)
                }
            }
            let seen = queries.map { query in
                (
                    fetched: Outcome { try transaction.fetch(query.value) },
                    counted: Outcome { try transaction.count(where: query.value.condition) }
                )
            }
            return (seen, transaction.changes)
        }
        // The transaction's changes, as it sums them up (a record deleted and written again
        // in one body is replaced in place), laid over the committed records.
        let expected = StoreConformance.applying(committed, to: records)
        let truths = queries.map { Truth($0.value, over: expected) }
        for (index, query) in queries.enumerated() {
            let place = "transaction \(round) query \(index)"
            note(place, query, truths[index].fetched, seen[index].fetched)
            note(place + " count", query, truths[index].counted, seen[index].counted)
        }
        records = expected
        try expectEqual(
            try await store.fetch(.everyRecord).map(\.id), records.map(\.id),
            "store order after transaction \(round) of seed \(seed)")
    }

    /// Records a disagreement between the engine's answer and the store's, if any.
    mutating func note<Value>(
        _ place: String, _ query: some CustomStringConvertible,
        _ expected: Outcome<Value>, _ actual: Outcome<Value>
    ) {
        compared += 1
        let problem: String? =
            switch (expected, actual) {
            case (.answered(let truth), .answered(let seen)):
                truth == seen ? nil : "expected \(Self.spell(truth)), got \(Self.spell(seen))"
            case (.answered(let truth), .threw(let error, _)):
                "expected \(Self.spell(truth)), the store threw \(error)"
            case (.threw(let rejection, _), .answered(let seen)):
                "the engine throws \(rejection), so the store must throw "
                    + "StoreError.invalidQuery; it answered \(Self.spell(seen))"
            case (.threw, .threw(let error, let isInvalidQuery)):
                isInvalidQuery ? nil : "expected StoreError.invalidQuery, the store threw \(error)"
            }
        guard let problem else { return }
        mismatches.append("\(place): \(query): \(problem)")
    }

    /// Ids for records, a number for a count.
    private static func spell(_ value: some Sendable) -> String {
        if let records = value as? [ConformanceRecord] {
            return "ids \(records.map(\.id))"
        }
        return "\(value)"
    }

    /// Throws every disagreement at once, the seed first.
    private func report() throws(ConformanceFailure) {
        guard !mismatches.isEmpty || tooFewInDatabase != nil else { return }
        var message = "seed \(seed): "
        if !mismatches.isEmpty {
            let shown = mismatches.prefix(8).map { "\n  - " + $0 }.joined()
            let more = mismatches.count > 8 ? "\n  (+\(mismatches.count - 8) more)" : ""
            message +=
                "\(mismatches.count) of \(compared) answers differ from the in-memory "
                + "engine's" + shown + more
        }
        if let tooFewInDatabase {
            message += (mismatches.isEmpty ? "" : "\n") + tooFewInDatabase
        }
        throw ConformanceFailure(check: "", message: message, file: #fileID, line: #line)
    }
}

/// Which texts the differential check's records and operands hold.
public enum DifferentialTexts: Hashable, Sendable {
    /// Every adversarial text: decomposed and precomposed letters, NUL, characters of several
    /// code points beside text that folds or looks like a wildcard. A database backend hands
    /// some of its rows or queries to the engine to answer them exactly.
    case adversarial
    /// Only text a database compares as `String` does: in normalization form C, one code point
    /// a character, no NUL. A database backend can answer every query it translates without
    /// handing rows to the engine, so the check sees its own answers.
    case exact
}

/// What the in-memory engine answers for a query over records in store order.
struct Truth {
    let fetched: Outcome<[ConformanceRecord]>
    let counted: Outcome<Int>

    init(_ query: RecordQuery<ConformanceRecord>, over records: [ConformanceRecord]) {
        fetched = Outcome { try query.apply(to: records) }
        counted = Outcome { try query.condition.filter(records).count }
    }
}

/// An answer to a query, or the error it threw, told as text so that it can leave a
/// transaction's body.
enum Outcome<Value: Equatable & Sendable>: Sendable {
    case answered(Value)
    case threw(String, isInvalidQuery: Bool)

    init(_ body: () throws -> Value) {
        do {
            self = .answered(try body())
        } catch {
            self = .threw("\(error)", isInvalidQuery: (error as? StoreError)?.code == .invalidQuery)
        }
    }

    init(_ body: () async throws -> Value) async {
        do {
            self = .answered(try await body())
        } catch {
            self = .threw("\(error)", isInvalidQuery: (error as? StoreError)?.code == .invalidQuery)
        }
    }
}

extension QueryEvaluationCounts {
    /// Why the database answered too few of these queries alone, or `nil` when it answered
    /// at least the minimum share of them.
    ///
    /// - Parameters:
    ///   - minimum: The least share, from 0 to 1.
    ///   - what: What was counted, in the plural: "queries and counts".
    /// - Returns: The failure's text, naming the counts and the minimum.
    func shortfall(below minimum: Double, of what: String) -> String? {
        let share = total == 0 ? 0 : Double(inDatabase) / Double(total)
        guard share < minimum else { return nil }
        return "the database answered \(inDatabase) of the \(total) \(what) alone "
            + "(\(finishedInMemory) finished in memory, \(inMemory) in memory), below the "
            + "minimum of \(Int((minimum * 100).rounded())) %: the rest compared the engine "
            + "with itself"
    }
}
