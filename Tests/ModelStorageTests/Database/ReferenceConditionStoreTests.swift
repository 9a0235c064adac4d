import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import TestSupport
import Testing

/// Conditions that follow references, on edges the conformance checks leave out: a model the
/// database does not hold, and chains of references two deep.
@Suite("Conditions that follow a reference, in a database's stores")
struct ReferenceConditionStoreTests {
    @Test(
        "a condition that reads a model the database does not hold throws unknownModel",
        arguments: DatabaseBackend.allCases)
    func unknownModel(_ backend: DatabaseBackend) async throws {
        try await withTemporaryDirectory { directory in
            let database = try await backend.open([ConformanceRecord.self], in: directory)
            let records = try database.store(for: ConformanceRecord.self)
            try await records.upsert(.sample(1))
            let noted: Condition<ConformanceRecord> = .anyReferrer(
                ConformanceNote.self, through: \.recordID)
            for read in [
                { _ = try await records.fetch(RecordQuery(where: noted)) },
                { _ = try await records.count(where: noted) },
                { _ = try await records.delete(where: noted) },
            ] as [@Sendable () async throws -> Void] {
                let error = await #expect(throws: StoreError.self) { try await read() }
                #expect(error?.code == .unknownModel, "\(String(describing: error))")
                #expect(error?.modelName == "ConformanceNote")
            }
            #expect(try await records.count(where: .true) == 1)
            try await database.close()
        }
    }

    @Test(
        "records two references away: notes of favorite records with a strong attack",
        arguments: DatabaseBackend.allCases)
    func twoHops(_ backend: DatabaseBackend) async throws {
        try await withTemporaryDirectory { directory in
            let database = try await backend.open(
                [ConformanceRecord.self, ConformanceNote.self], in: directory)
            let records = try database.store(for: ConformanceRecord.self)
            let notes = try database.store(for: ConformanceNote.self)
            let all = (1...30).map(ConformanceRecord.sample)
            try await records.upsert(contentsOf: all)
            try await notes.upsert(
                contentsOf: (1...60).map {
                    ConformanceNote(id: $0, recordID: $0 % 3 == 0 ? nil : $0 % 30 + 1, text: "n")
                })
            // Records with a note whose record is a favorite: each favorite with a note.
            let condition: Condition<ConformanceRecord> = .anyReferrer(
                ConformanceNote.self, through: \.recordID,
                where: .reference(
                    \.recordID, to: ConformanceRecord.self,
                    where: \.favorite == true && \.attack > 20))
            let noted = Set((1...60).filter { $0 % 3 != 0 }.map { $0 % 30 + 1 })
            let expected = all.filter { $0.favorite && $0.attack > 20 && noted.contains($0.id) }
            #expect(!expected.isEmpty && expected.count < all.count)
            #expect(try await records.fetch(RecordQuery(where: condition)) == expected)
            #expect(try await records.count(where: !condition) == all.count - expected.count)
            try await database.close()
        }
    }
}
