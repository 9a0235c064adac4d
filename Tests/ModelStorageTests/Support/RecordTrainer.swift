import KeyPathQuery
import ModelStorage
import ModelStorageTesting

/// A second model for the database tests, beside ``ConformanceRecord``: a trainer and the
/// records it holds.
struct RecordTrainer: StorableModel, Hashable {
    var id: Int
    var name: String
    var recordIDs: [Int] = []

    static let queryAttributes: AttributeMap<RecordTrainer> = [
        \.id: "id", \.name: "name", \.recordIDs: "recordIDs",
    ]
    static var storageName: String { "trainer" }
}

/// A model that shares ``ConformanceRecord``'s `storageName` (ignoring case), which no
/// database may hold beside it.
struct SameTableRecord: StorableModel, Hashable {
    var id: Int

    static let queryAttributes: AttributeMap<SameTableRecord> = [\.id: "id"]
    static var storageName: String { ConformanceRecord.storageName.uppercased() }
}
