import Foundation
import InternalSupport
import KeyPathQuery
import ModelStorage
import ModelStorageTesting

/// A store that says it answered every query one way, as a database backend's
/// `QueryEvaluationReporting` does, over another store that answers them; and notes whether
/// any record it stored held text a database cannot compare exactly (decomposed, several
/// code points a character, NUL).
actor ReportingStore<Model: StorableModel>: ModelStore, QueryEvaluationReporting {
    private let inner: any ModelStore<Model>
    private let claim: QueryClaim
    private let counts = Mutex(QueryEvaluationCounts())
    private let inexact = Mutex(false)

    /// A store over another, claiming to answer every fetch, count and live query one way.
    init(over inner: any ModelStore<Model>, claiming claim: QueryClaim) {
        self.inner = inner
        self.claim = claim
    }

    nonisolated var queryEvaluationCounts: QueryEvaluationCounts { counts.withLock { $0 } }

    /// The inner store's location.
    nonisolated var location: StoreLocation { inner.location }

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

    private nonisolated func note(_ records: [Model]) {
        let texts = (records as? [ConformanceRecord] ?? []).flatMap {
            [$0.name] + $0.tags + [$0.nickname].compactMap { $0 }
        }
        let found = texts.contains { text in
            text.unicodeScalars.contains("\0") || text.count != text.unicodeScalars.count
                || !text.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(
                    text.unicodeScalars)
        }
        if found { inexact.withLock { $0 = true } }
    }

    func fetch(id: Model.ID) async throws -> Model? { try await inner.fetch(id: id) }

    func fetch(_ query: RecordQuery<Model>) async throws -> [Model] {
        answered()
        return try await inner.fetch(query)
    }

    func count(where condition: Condition<Model>) async throws -> Int {
        answered()
        return try await inner.count(where: condition)
    }

    func fetchVersioned(id: Model.ID) async throws -> Versioned<Model>? {
        try await inner.fetchVersioned(id: id)
    }

    func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout StoreTransaction<Model>) throws -> Result
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

    func observe(_ query: RecordQuery<Model>) async throws -> AsyncStream<QueryResult<Model>> {
        answered()
        return try await inner.observe(query)
    }
}

extension ReportingStore where Model == ConformanceRecord {
    /// An empty in-memory store that claims to answer every query one way.
    init(claiming claim: QueryClaim) {
        self.init(over: InMemoryStore<ConformanceRecord>(), claiming: claim)
    }
}

/// How a ``ReportingStore`` claims to answer.
enum QueryClaim: Sendable {
    case inDatabase, inMemory
}

extension ConformanceDatabase {
    /// An in-memory database whose stores claim to answer every query one way: with
    /// `.inMemory`, a backend that resolves every reference condition with the engine, and
    /// says so.
    static func reporting(_ claim: QueryClaim) throws -> ConformanceDatabase {
        let database = try InMemoryModelDatabase(for: [
            ConformanceRecord.self, ConformanceNote.self,
        ])
        return ConformanceDatabase(
            database: database,
            records: ReportingStore(
                over: try database.store(for: ConformanceRecord.self), claiming: claim),
            notes: ReportingStore(
                over: try database.store(for: ConformanceNote.self), claiming: claim),
            openingOthers: { models in try InMemoryModelDatabase(for: models) })
    }
}
