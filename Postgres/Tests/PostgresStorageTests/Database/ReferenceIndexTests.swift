import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import PostgresNIO
import PostgresStorage
import Testing

/// A remark on a ``ConformanceRecord``, or on none: a reference, with no index declared.
private struct Remark: StorableModel, Hashable {
    var id: Int
    var recordID: Int?
    static let queryAttributes: AttributeMap<Remark> = [\.id: "id", \.recordID: "record_id"]
    static var storageName: String { "remark" }
    static var references: [ModelReference<Remark>] {
        [ModelReference(\.recordID, to: ConformanceRecord.self, onDelete: .nullify)]
    }
}

/// The same table, in an earlier version of the app that did not declare the reference.
private struct UnreferencedRemark: StorableModel, Hashable {
    var id: Int
    var recordID: Int?
    static let queryAttributes: AttributeMap<UnreferencedRemark> = [
        \.id: "id", \.recordID: "record_id",
    ]
    static var storageName: String { "remark" }
}

/// PostgreSQL indexes a reference's attribute as it does a declared indexed attribute.
@Suite("PostgreSQL's indexes of references")
struct ReferenceIndexTests {
    private static func indexes(
        on database: PostgresConnection.Configuration
    ) async throws -> [String] {
        try await PostgresStoreTests.strings(
            "SELECT indexname::text FROM pg_indexes WHERE tablename = 'remark' "
                + "AND indexname LIKE '%_index' ORDER BY indexname", on: database)
    }

    @Test("a reference's attribute is indexed, and a table made before gains the index")
    func indexed() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let dex = try await stores.openDatabase(
                [ConformanceRecord.self, UnreferencedRemark.self], on: database)
            try await dex.store(for: UnreferencedRemark.self).upsert(
                UnreferencedRemark(id: 1, recordID: nil))
        }
        #expect(try await Self.indexes(on: database).isEmpty)
        try await TestStores.with { stores in
            let dex = try await stores.openDatabase(
                [ConformanceRecord.self, Remark.self], on: database)
            try await dex.transaction { transaction in
                transaction[ConformanceRecord.self].upsert(contentsOf: (1...2).map { .sample($0) })
                transaction[Remark.self].upsert(
                    contentsOf: (2...9).map { Remark(id: $0, recordID: $0 % 2 + 1) })
            }
            let remarks = try dex.store(for: Remark.self)
            #expect(try await remarks.count(where: \.recordID == 1) == 4)
            #expect(try await dex.store(for: ConformanceRecord.self).delete(id: 1))
            #expect(try await remarks.count(where: \.recordID == 1) == 0)
            #expect(try await remarks.count(where: \.recordID == nil) == 5)
        }
        #expect(try await Self.indexes(on: database) == ["remark_record_id_index"])
    }
}
