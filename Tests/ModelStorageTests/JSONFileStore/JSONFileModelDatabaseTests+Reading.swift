import Foundation
import JSONFileStorage
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import TestSupport
import Testing

// Reads of several models at one moment (`read(_:)`, and the related fetches made of it) on
// a database opened read-only.
extension JSONFileModelDatabaseTests {
    @Test func aReadOnlyDatabaseReadsSeveralModelsAndRelatedRecords() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.json")
            let models: [any StorableModel.Type] = [ConformanceRecord.self, ConformanceNote.self]
            let writer = try await JSONFileModelDatabase.open(at: url, for: models)
            try await writer.transaction { transaction in
                transaction[ConformanceRecord.self].upsert(contentsOf: [.sample(1), .sample(3)])
                transaction[ConformanceNote.self].upsert(
                    ConformanceNote(id: 10, recordID: 3, text: "three"))
            }
            try await writer.close()
            let viewer = try await JSONFileModelDatabase.open(
                at: url, for: models, options: .readOnly)
            let counts = try await viewer.read {
                [$0[ConformanceRecord.self].count, $0[ConformanceNote.self].count, Int($0.version)]
            }
            #expect(counts == [2, 1, 1])
            let notes = try await viewer.fetch(
                RecordQuery<ConformanceNote>(), including: \.recordID, from: ConformanceRecord.self)
            #expect(notes.map(\.related?.id) == [3])
            try await viewer.close()
        }
    }
}
