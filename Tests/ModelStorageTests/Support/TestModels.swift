import KeyPathQuery
import ModelStorage
import ModelStorageTesting

/// The conformance record at schema version 2: version 1 called `attack` `atk` and had no
/// `favorite`.
struct RecordV2: StorableModel, Hashable {
    var id: Int
    var name: String
    var attack: Int
    var favorite: Bool
    var tags: [String]

    static let queryAttributes: AttributeMap<RecordV2> = [
        \.id: "id", \.name: "name", \.attack: "attack", \.favorite: "favorite", \.tags: "tags",
    ]

    static var schemaVersion: Int { 2 }

    static var migrations: [SchemaMigration] {
        [
            SchemaMigration(from: 1) { record in
                record["attack"] = record["atk"]
                record["atk"] = nil
                record["favorite"] = record["favorite"] ?? false
            }
        ]
    }
}

/// A model at schema version 3 with no step from 2.
struct RecordMissingStep: StorableModel, Hashable {
    var id: Int
    var name: String

    static let queryAttributes: AttributeMap<RecordMissingStep> = [\.id: "id", \.name: "name"]
    static var schemaVersion: Int { 3 }
    static var migrations: [SchemaMigration] { [SchemaMigration(from: 1) { _ in }] }
}

/// A model whose migration step refuses records without a name.
struct RecordStrictStep: StorableModel, Hashable {
    var id: Int
    var name: String

    struct Refused: Error {}

    static let queryAttributes: AttributeMap<RecordStrictStep> = [\.id: "id", \.name: "name"]
    static var schemaVersion: Int { 2 }
    static var migrations: [SchemaMigration] {
        [
            SchemaMigration(from: 1) { record in
                guard record["name"] != nil else { throw Refused() }
            }
        ]
    }
}

typealias Record = ConformanceRecord
typealias ConformanceRecordAlias = ConformanceRecord

/// A store document written by hand, in the layout the store writes.
func storeDocument(
    format: Int = 1, schemaVersion: Int = 1, generation: Int = 1, version: Int = 3,
    records: [String]
) -> String {
    "{\"format\":\(format),\"schemaVersion\":\(schemaVersion),\"generation\":\(generation),"
        + "\"version\":\(version),\"records\":[\n" + records.joined(separator: ",\n")
        + (records.isEmpty ? "" : "\n") + "]}\n"
}

/// A record's JSON, as the conformance record encodes it.
func recordJSON(_ id: Int, attack: Int? = nil, favorite: Bool = false) -> String {
    "{\"attack\":\(attack ?? id),\"favorite\":\(favorite),\"id\":\(id),\"name\":\"r\(id)\","
        + "\"tags\":[]}"
}

/// A model with a number that may not be finite, which JSON cannot encode.
struct Reading: StorableModel, Hashable {
    var id: Int
    var value: Double

    static let queryAttributes: AttributeMap<Reading> = [\.id: "id", \.value: "value"]
}
