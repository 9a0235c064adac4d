import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting

/// A way to answer queries wrongly, each one a mistake a database backend could make.
enum QueryFault: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Leaves the last record out of every filtered result of two or more.
    case dropsLastRecord
    /// Breaks ties between sort keys by id instead of by the store's order.
    case breaksTiesByID
    /// Tests text exactly where the condition asks for case- or diacritic-insensitive tests.
    case ignoresTextOptions
    /// Answers an empty result instead of refusing a negative limit or offset.
    case acceptsNegativePages

    var description: String { rawValue }
}

/// An in-memory store whose `fetch(_:)` answers with a deliberate fault, to prove that the
/// differential conformance check catches a backend that disagrees with the in-memory engine;
/// and, when asked, whose `close()` does nothing, to prove that the check of `close()`
/// catches a backend that stays open.
actor FaultyStore: ModelStore {
    typealias Model = ConformanceRecord

    private let inner = InMemoryStore<ConformanceRecord>()
    private let fault: QueryFault
    private let ignoresClose: Bool

    init(_ fault: QueryFault, ignoresClose: Bool = false) {
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
        }
    }

    func count(where condition: Condition<ConformanceRecord>) async throws -> Int {
        try await inner.count(where: condition)
    }

    func fetchVersioned(id: Int) async throws -> Versioned<ConformanceRecord>? {
        try await inner.fetchVersioned(id: id)
    }

    func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout StoreTransaction<ConformanceRecord>) throws -> Result
    ) async throws -> Result {
        try await inner.transaction(body)
    }

    func observe(
        _ query: RecordQuery<ConformanceRecord>
    ) async throws -> AsyncStream<QueryResult<ConformanceRecord>> {
        try await inner.observe(query)
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
