import Foundation
import InternalSupport
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

/// A way to break the store's contract outside the queries the differential check compares,
/// each one a mistake a backend could make, and the conformance check that catches it.
enum ContractFault: String, CaseIterable, Sendable, CustomStringConvertible {
    /// `fetch(id:)` answers a record as it was first stored, as a cache of lookups by id that
    /// writes never refresh would.
    case fetchByIDAnswersFirstValue
    /// `fetchVersioned(id:)` reports version 0, the version at open, not the version of the
    /// read.
    case fetchVersionedReportsVersionZero
    /// `insert` replaces a record with the same id instead of throwing `duplicateID`, as an
    /// `INSERT OR REPLACE` would.
    case insertReplaces
    /// A transaction's lookups by id, which a save merges against, answer a record as it was
    /// first stored.
    case mergesAgainstFirstValue
    /// The committed records keep no write versions, so a save compares values and misses a
    /// record written since the read with its values back to those read.
    case forgetsWriteVersions
    /// A live query's results after the first leave out their last record when they hold two
    /// or more.
    case updatesOneTooFewAfterTheFirst
    /// `close()` does nothing: the store stays open.
    case ignoresClose

    var description: String { rawValue }

    /// The name of the conformance check that catches the fault.
    var check: String {
        switch self {
        case .fetchByIDAnswersFirstValue: "updateByClosure"
        case .fetchVersionedReportsVersionZero: "saveWithoutConflict"
        case .insertReplaces: "insertDuplicateThrows"
        case .mergesAgainstFirstValue: "mergePolicyError"
        case .forgetsWriteVersions: "writtenBackSinceReadError"
        case .updatesOneTooFewAfterTheFirst: "liveQuerySeesCommitsOfSeveralRecords"
        case .ignoresClose: "closeEndsTheStore"
        }
    }
}

/// An in-memory store that answers with a deliberate fault: one in the queries, to prove that
/// the differential conformance check catches a backend that disagrees with the in-memory
/// engine in each operation it compares; or one elsewhere in the contract (``ContractFault``),
/// to prove that a named check catches it.
///
/// Without a fault it must pass the checks: its transactions then run the same way as with
/// one, over ``TamperedRecords`` that tamper with nothing (and keep the write versions the
/// store tracks), so that a fault, not the way it is built, is what a check reports.
actor FaultyStore: ModelStore {
    typealias Model = ConformanceRecord

    private let inner = InMemoryStore<ConformanceRecord>()
    private let fault: QueryFault?
    private let contractFault: ContractFault?
    /// What the store's commits wrote, kept beside the inner store's records.
    private let history = Mutex(History())

    /// Memory, as its inner store's.
    nonisolated var location: StoreLocation { .memory }

    /// What the commits wrote: each record's write version and its first stored value.
    private struct History {
        /// The store's version after the commit that last inserted or updated each record.
        var writeVersions: [Int: UInt64] = [:]
        /// Each record's value when it was inserted (again, after a delete).
        var firstValues: [Int: ConformanceRecord] = [:]

        mutating func note(_ changes: [RecordChange<ConformanceRecord>], version: UInt64) {
            for change in changes {
                switch change {
                case .upsert(let record):
                    writeVersions[record.id] = version
                    if firstValues[record.id] == nil { firstValues[record.id] = record }
                case .delete(let id):
                    writeVersions[id] = nil
                    firstValues[id] = nil
                }
            }
        }
    }

    /// Creates an empty store with a fault in its queries, or none.
    init(_ fault: QueryFault?) {
        self.fault = fault
        contractFault = nil
    }

    /// Creates an empty store with a fault elsewhere in the contract.
    init(_ fault: ContractFault) {
        self.fault = nil
        contractFault = fault
    }

    func fetch(id: Int) async throws -> ConformanceRecord? {
        let record = try await inner.fetch(id: id)
        guard contractFault == .fetchByIDAnswersFirstValue, record != nil else { return record }
        return history.withLock { $0.firstValues[id] } ?? record
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
        let read = try await inner.fetchVersioned(id: id)
        guard contractFault == .fetchVersionedReportsVersionZero, let read else { return read }
        return Versioned(read.base, version: 0)
    }

    func insert(_ model: ConformanceRecord) async throws {
        guard contractFault == .insertReplaces else {
            return try await transaction { try $0.insert(model) }
        }
        try await transaction { $0.upsert(model) }
    }

    /// Runs the body over a transaction made, as a database backend makes one, with
    /// `StoreTransaction(over:version:)` over the committed records (tampered with as the
    /// fault says) and their write versions, then writes its changes in the inner store's
    /// transaction.
    func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout StoreTransaction<ConformanceRecord>) throws -> Result
    ) async throws -> Result {
        let tampering = fault?.tampering ?? .none
        let contractFault = contractFault
        return try await inner.transaction { committed in
            let written = self.history.withLock { $0 }
            let records = TamperedRecords(
                try committed.fetch(.everyRecord), tampering,
                writeVersions: contractFault == .forgetsWriteVersions ? [:] : written.writeVersions,
                answeringByID: contractFault == .mergesAgainstFirstValue ? written.firstValues : [:]
            )
            var transaction = StoreTransaction(over: records, version: committed.version)
            let result = try body(&transaction)
            let changes = transaction.changes
            for change in changes {
                switch change {
                case .upsert(let record): committed.upsert(record)
                case .delete(let id): committed.delete(id: id)
                }
            }
            if !changes.isEmpty {
                self.history.withLock { $0.note(changes, version: committed.version + 1) }
            }
            return result
        }
    }

    func observe(
        _ query: RecordQuery<ConformanceRecord>
    ) async throws -> AsyncStream<QueryResult<ConformanceRecord>> {
        let results = try await inner.observe(query)
        let atFirst = fault == .observesOneTooFewAtFirst
        let afterTheFirst = contractFault == .updatesOneTooFewAfterTheFirst
        guard atFirst || afterTheFirst else { return results }
        return AsyncStream { continuation in
            let forwarding = Task {
                var isFirst = true
                for await var result in results {
                    if isFirst == atFirst && result.records.count > 1 {
                        result.records.removeLast()
                    }
                    isFirst = false
                    continuation.yield(result)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in forwarding.cancel() }
        }
    }

    func close() async throws {
        guard contractFault != .ignoresClose else { return }
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
