import Foundation
import KeyPathQuery
import ModelStorage
import SQLStorage
import Testing

/// A model of scalars with two Booleans.
private struct Trainer: StorableModel, Hashable {
    var id: Int
    var name: String
    var isLeader: Bool
    var rating: Double
    var retired: Bool
    static let queryAttributes: AttributeMap<Trainer> = [
        \.id: "id", \.name: "name", \.isLeader: "isLeader", \.rating: "rating",
        \.retired: "retired",
    ]
}

/// A model with a list, which no row holds in its columns.
private struct Team: StorableModel, Hashable {
    var id: Int
    var members: [String]
    static let queryAttributes: AttributeMap<Team> = [\.id: "id", \.members: "members"]
}

/// A model without Booleans.
private struct Town: StorableModel, Hashable {
    var id: Int
    var name: String
    static let queryAttributes: AttributeMap<Town> = [\.id: "id", \.name: "name"]
}

@Suite("Column row layouts")
struct ColumnRowLayoutTests {
    @Test("a model of scalars has a layout whose marker names its Boolean columns, in order")
    func markers() throws {
        let trainers = try #require(ColumnRowLayout(columns: Trainer.sqlColumns()))
        #expect(trainers.names == ["id", "name", "isLeader", "rating", "retired"])
        #expect(trainers.marker == #"!["isLeader","retired"]"#)
        #expect(ColumnRowLayout(columns: Town.sqlColumns())?.marker == "")
        #expect(ColumnRowLayout(columns: Team.sqlColumns()) == nil)
    }

    @Test("a marker is empty or starts with !, which no record's JSON does")
    func markersAreNotJSON() {
        func isMarker(_ text: String) -> Bool {
            Array(text.utf8).withUnsafeBytes(ColumnRowLayout.isMarker)
        }
        #expect(isMarker(""))
        #expect(isMarker(#"!["isLeader"]"#))
        #expect(!isMarker(#"{"id":1}"#))
        #expect(!isMarker("[1,2]"))
        #expect(!isMarker("not JSON"))
    }

    @Test("a row's columns make its JSON: Booleans where the marker says, NULL absent")
    func jsonFromColumns() throws {
        let trainers = try #require(ColumnRowLayout(columns: Trainer.sqlColumns()))
        let json = try #require(
            ColumnRowLayout.json(
                fromColumns: trainers.names,
                values: [.integer(7), .text("Brock"), .integer(1), .real(4.5), .integer(0)],
                marker: Data(trainers.marker.utf8)))
        #expect(
            try JSONDecoder().decode(Trainer.self, from: json)
                == Trainer(id: 7, name: "Brock", isLeader: true, rating: 4.5, retired: false))
        let value = try JSONDecoder().decode(JSONValue.self, from: json)
        #expect(value["isLeader"] == .bool(true))
        #expect(value["id"] == .integer(7))

        // Without the marker, the same integers stay integers, and NULL is no key.
        let plain = try #require(
            ColumnRowLayout.json(
                fromColumns: ["id", "isLeader", "name"], values: [.integer(7), .integer(1), .null],
                marker: Data()))
        #expect(
            try JSONDecoder().decode(JSONValue.self, from: plain)
                == .object(["id": .integer(7), "isLeader": .integer(1)]))
    }

    @Test("columns that make no record give no JSON: bytes, a Boolean of 2, a bad marker")
    func noJSON() {
        let names = ["id", "flag"]
        #expect(
            ColumnRowLayout.json(
                fromColumns: names, values: [.integer(1), .blob(Data([1]))], marker: Data()) == nil)
        #expect(
            ColumnRowLayout.json(
                fromColumns: names, values: [.integer(1), .integer(2)],
                marker: Data(#"!["flag"]"#.utf8)) == nil)
        #expect(
            ColumnRowLayout.json(
                fromColumns: names, values: [.integer(1), .integer(1)],
                marker: Data("!flag".utf8)) == nil)
    }
}
