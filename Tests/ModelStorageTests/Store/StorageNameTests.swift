import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import Testing

private struct JSONRecord: StorableModel {
    var id: Int
    static let queryAttributes: AttributeMap<JSONRecord> = [\.id: "id"]
}

private struct Note2Go: StorableModel {
    var id: Int
    static let queryAttributes: AttributeMap<Note2Go> = [\.id: "id"]
}

private struct Renamed: StorableModel {
    var id: Int
    static let queryAttributes: AttributeMap<Renamed> = [\.id: "id"]
    static var storageName: String { "notes" }
}

@Suite("A model's storage name")
struct StorageNameTests {
    @Test("is the type's name in snake case, unless the model declares one")
    func names() {
        #expect(ConformanceRecord.storageName == "conformance_record")
        #expect(JSONRecord.storageName == "json_record")
        #expect(Note2Go.storageName == "note2_go")
        #expect(Renamed.storageName == "notes")
    }
}
