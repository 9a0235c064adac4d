import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting

/// A way to answer queries wrongly, each one a mistake a database backend could make, in one
/// of the operations the differential check compares.
enum QueryFault: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Leaves the last record out of every filtered result of two or more.
    case dropsLastRecord
    /// Breaks ties between sort keys by id instead of by the store's order.
    case breaksTiesByID
    /// Tests text exactly where the condition asks for case- or diacritic-insensitive tests.
    case ignoresTextOptions
    /// Answers an empty result instead of refusing a negative limit or offset.
    case acceptsNegativePages
    /// Counts one record too many whenever a condition (not `.true`) matches two or more.
    case overcountsMatches
    /// Leaves the last record out of a live query's first result of two or more.
    case observesOneTooFewAtFirst
    /// Reads the committed value of every record inside a transaction, as if the transaction
    /// had not written it: a record it deleted is still read, one it replaced is read twice.
    case transactionReadsIgnoreItsWrites
    /// Leaves the last committed record out of every filtered read of two or more inside a
    /// transaction.
    case transactionDropsLastRecord
    /// Counts one committed record too many inside a transaction whenever a condition (not
    /// `.true`) matches two or more.
    case transactionCountsOneTooMany

    var description: String { rawValue }

    /// The operation the fault is in, as the differential check names it: `fetch`, `count`,
    /// `observe` or `transaction`.
    var operation: String {
        switch self {
        case .dropsLastRecord, .breaksTiesByID, .ignoresTextOptions, .acceptsNegativePages:
            "fetch"
        case .overcountsMatches: "count"
        case .observesOneTooFewAtFirst: "observe"
        case .transactionReadsIgnoreItsWrites, .transactionDropsLastRecord,
            .transactionCountsOneTooMany:
            "transaction"
        }
    }

    /// How the committed records a transaction reads are tampered with.
    var tampering: TamperedRecords.Tampering {
        switch self {
        case .transactionReadsIgnoreItsWrites: .ignoresExcludedIDs
        case .transactionDropsLastRecord: .dropsLastRecord
        case .transactionCountsOneTooMany: .overcounts
        default: .none
        }
    }
}

/// An in-memory store that answers with a deliberate fault, to prove that the differential
/// conformance check catches a backend that disagrees with the in-memory engine in each
/// operation it compares; and, when asked, whose `close()` does nothing, to prove that the
/// check of `close()` catches a backend that stays open.
///
/// Without a fault it must pass the check: its transactions then run the same way as with
/// one, over ``TamperedRecords`` that tamper with nothing, so that a fault, not the way it is
/// built, is what the check reports.
actor FaultyStore: ModelStore {
    typealias Model = ConformanceRecord

    private let inner = InMemoryStore<ConformanceRecord>()
    private let fault: QueryFault?
    private let ignoresClose: Bool

    /// Creates an empty store with a fault, or none.
    init(_ fault: QueryFault?, ignoresClose: Bool = false) {
        self.fault = fault
        self.ignoresClose = ignoresClose
    }

    func fetch(id: Int) async throws -> ConformanceRecord? {
        try await inner.fetch(id: id)
    }

    func fetch(_ query: RecordQuery<ConformanceRecord>) async throws -> [ConformanceRecord] {
        switch fault {
        case .dropsLastRecord:
            let records = try await inner.fetch(query)
            let filtered = !query.condition.isAlwaysTrue && records.count > 1
            return filtered ? Array(records.dropLast()) : records
        case .breaksTiesByID:
            guard !query.sortKeys.isEmpty else { return try await inner.fetch(query) }
            let byID = try await inner.fetch(.everyRecord).sorted { $0.id < $1.id }
            do {
                return try query.apply(to: byID)
            } catch {
                throw StoreError.invalidQuery(error)
            }
        case .ignoresTextOptions:
            var exact = query
            exact.condition = try Self.withoutTextOptions(query.condition)
            return try await inner.fetch(exact)
        case .acceptsNegativePages:
            if query.offset < 0 || (query.limit ?? 0) < 0 { return [] }
            return try await inner.fetch(query)
        default:
            return try await inner.fetch(query)
        }
    }

    func count(where condition: Condition<ConformanceRecord>) async throws -> Int {
        let count = try await inner.count(where: condition)
        let overcounts = fault == .overcountsMatches && !condition.isAlwaysTrue && count > 1
        return overcounts ? count + 1 : count
    }

    func fetchVersioned(id: Int) async throws -> Versioned<ConformanceRecord>? {
        try await inner.fetchVersioned(id: id)
    }

    /// Runs the body over a transaction made, as a database backend makes one, with
    /// `StoreTransaction(over:version:)` over the committed records (tampered with as the
    /// fault says), then writes its changes in the inner store's transaction.
    ///
    /// The committed records keep no write versions, so a save of an earlier read compares
    /// values; the differential check makes none.
    func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout StoreTransaction<ConformanceRecord>) throws -> Result
    ) async throws -> Result {
        let tampering = fault?.tampering ?? .none
        return try await inner.transaction { committed in
            let records = TamperedRecords(try committed.fetch(.everyRecord), tampering)
            var transaction = StoreTransaction(over: records, version: committed.version)
            let result = try body(&transaction)
            for change in transaction.changes {
                switch change {
                case .upsert(let record): committed.upsert(record)
                case .delete(let id): committed.delete(id: id)
                }
            }
            return result
        }
    }

    func observe(
        _ query: RecordQuery<ConformanceRecord>
    ) async throws -> AsyncStream<QueryResult<ConformanceRecord>> {
        let results = try await inner.observe(query)
        guard fault == .observesOneTooFewAtFirst else { return results }
        return AsyncStream { continuation in
            let forwarding = Task {
                var isFirst = true
                for await var result in results {
                    if isFirst && result.records.count > 1 { result.records.removeLast() }
                    isFirst = false
                    continuation.yield(result)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in forwarding.cancel() }
        }
    }

    func close() async throws {
        guard !ignoresClose else { return }
        try await inner.close()
    }

    /// The condition with every text test's options cleared, through its Codable form.
    private static func withoutTextOptions(
        _ condition: Condition<ConformanceRecord>
    ) throws -> Condition<ConformanceRecord> {
        let encoded = String(decoding: try JSONEncoder().encode(condition), as: UTF8.self)
        let exact = encoded.replacing(/"options":\d+/, with: "\"options\":0")
        return try JSONDecoder().decode(Condition<ConformanceRecord>.self, from: Data(exact.utf8))
    }
}
