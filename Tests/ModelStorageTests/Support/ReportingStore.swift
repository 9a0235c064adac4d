import Foundation
import InternalSupport
import KeyPathQuery
import ModelStorage
import ModelStorageTesting

/// An in-memory store that says it answered every query one way, as a database backend's
/// `QueryEvaluationReporting` does, and notes whether any record it stored held text a
/// database cannot compare exactly (decomposed, several code points a character, NUL).
actor ReportingStore: ModelStore, QueryEvaluationReporting {
    typealias Model = ConformanceRecord

    /// How the store claims to answer.
    enum Claim: Sendable {
        case inDatabase, inMemory
    }

    private let inner = InMemoryStore<ConformanceRecord>()
    private let claim: Claim
    private let counts = Mutex(QueryEvaluationCounts())
    private let inexact = Mutex(false)

    init(claiming claim: Claim) {
        self.claim = claim
    }

    nonisolated var queryEvaluationCounts: QueryEvaluationCounts { counts.withLock { $0 } }

    /// Whether a stored record held inexact text.
    nonisolated var storedInexactText: Bool { inexact.withLock { $0 } }

    private nonisolated func answered() {
        counts.withLock { counts in
            switch claim {
            case .inDatabase: counts.inDatabase += 1
            case .inMemory: counts.inMemory += 1
            }
        }
    }

    private nonisolated func note(_ records: [ConformanceRecord]) {
        let texts = records.flatMap { [$0.name] + $0.tags + [$0.nickname].compactMap { $0 } }
        let found = texts.contains { text in
            text.unicodeScalars.contains("\0") || text.count != text.unicodeScalars.count
                || !text.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(
                    text.unicodeScalars)
        }
        if found { inexact.withLock { $0 = true } }
    }

    func fetch(id: Int) async throws -> ConformanceRecord? { try await inner.fetch(id: id) }

    func fetch(_ query: RecordQuery<ConformanceRecord>) async throws -> [ConformanceRecord] {
        answered()
        return try await inner.fetch(query)
    }

    func count(where condition: Condition<ConformanceRecord>) async throws -> Int {
        answered()
        return try await inner.count(where: condition)
    }

    func fetchVersioned(id: Int) async throws -> Versioned<ConformanceRecord>? {
        try await inner.fetchVersioned(id: id)
    }

    func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout StoreTransaction<ConformanceRecord>) throws -> Result
    ) async throws -> Result {
        try await inner.transaction { transaction in
            let result = try body(&transaction)
            self.note(
                transaction.changes.compactMap { change in
                    if case .upsert(let record) = change { return record }
                    return nil
                })
            return result
        }
    }

    func close() async throws {
        try await inner.close()
    }

    func observe(
        _ query: RecordQuery<ConformanceRecord>
    ) async throws -> AsyncStream<QueryResult<ConformanceRecord>> {
        answered()
        return try await inner.observe(query)
    }
}
