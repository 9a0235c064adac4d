import Foundation
import KeyPathQuery
import Testing

@Suite("Conditions and queries encode with attribute names")
struct CodableTests {
    @Test(
        "every row of the evaluation table round-trips and selects the same records",
        arguments: ConditionEvaluationTests.rows)
    func roundTrip(_ row: ConditionEvaluationTests.Row) throws {
        let data = try JSONEncoder().encode(row.condition)
        let decoded = try JSONDecoder().decode(Condition<Record>.self, from: data)
        #expect(decoded == row.condition)
        #expect(
            try decoded.filter(Record.all).map(\.id) == row.condition.filter(Record.all).map(\.id))
    }

    @Test("the encoded form names attributes, never key paths")
    func encodedForm() throws {
        let condition: Condition<Record> = \.optionalMood == .calm && .contains(\.tags, "a")
        let json = String(decoding: try JSONEncoder().encode(condition), as: UTF8.self)
        #expect(json.contains("\"optional_mood\""))
        #expect(json.contains("\"tags\""))
        #expect(!json.contains("\\\\"))
    }

    @Test("text equality with options round-trips, options included")
    func textEqualityRoundTrip() throws {
        let conditions: [Condition<Record>] = [
            .equals(\.title, "RECORD 12", options: .caseInsensitive),
            .in(
                \.optionalMood, ["CALM", "tired"],
                options: [.caseInsensitive, .diacriticInsensitive]),
            .in(\.note, [], options: .caseInsensitive),
            .anyElement(\.sessions, where: .equals(\.name, "S1", options: .caseInsensitive)),
            !.equals(\.title, #"Record 1*?\"#, options: []),
        ]
        var selected = 0
        for condition in conditions {
            let data = try JSONEncoder().encode(condition)
            let decoded = try JSONDecoder().decode(Condition<Record>.self, from: data)
            #expect(decoded == condition)
            let ids = try condition.filter(Record.all).map(\.id)
            #expect(try decoded.filter(Record.all).map(\.id) == ids)
            #expect(try decoded.predicateFormat() == condition.predicateFormat())
            selected += ids.count
        }
        #expect(selected > 0)
        // The options are part of the encoded form.
        let json = String(decoding: try JSONEncoder().encode(conditions[0]), as: UTF8.self)
        #expect(json.contains("\"textOneOf\"") && json.contains("\"title\""))
        let exactJSON = json.replacingOccurrences(of: #""options":1"#, with: #""options":0"#)
        #expect(exactJSON != json)
        let exact = try JSONDecoder().decode(Condition<Record>.self, from: Data(exactJSON.utf8))
        #expect(exact == .equals(\.title, "RECORD 12", options: []))
        #expect(try exact.filter(Record.all).isEmpty)
    }

    @Test("a query with sort keys round-trips")
    func queryRoundTrip() throws {
        let query = RecordQuery<Record>(
            where: \.score > 1.5 || .isEmpty(\.tags),
            sortedBy: [
                .descending(\.note, nils: .first), .ascending(\.title, options: .caseInsensitive),
            ],
            limit: 7, offset: 3)
        let decoded = try JSONDecoder().decode(
            RecordQuery<Record>.self, from: JSONEncoder().encode(query))
        #expect(decoded == query)
        #expect(
            try decoded.apply(to: Record.all).map(\.id) == query.apply(to: Record.all).map(\.id))
    }

    @Test("decoding an unknown attribute name throws, naming it")
    func unknownAttribute() {
        let json =
            #"{"comparison":{"attribute":"nickname","operator":"equal","value":{"integer":1}}}"#
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Condition<Record>.self, from: Data(json.utf8))
        }
        #expect(String(describing: error).contains("nickname"))
    }

    @Test("a decoded value that does not fit its attribute fails to compile, naming both")
    func mismatchedValue() throws {
        let json = #"{"comparison":{"attribute":"id","operator":"equal","value":{"string":"7"}}}"#
        let condition = try JSONDecoder().decode(Condition<Record>.self, from: Data(json.utf8))
        let error = #expect(throws: QueryError.self) { try condition.compiled() }
        #expect(error?.description.contains("\"7\"") == true)
    }

    @Test("encoding a condition on an unmapped key path throws")
    func unmappedEncoding() {
        struct Loose: Queryable {
            var a: Int
            var b: Int
            static let queryAttributes: AttributeMap<Loose> = [\.a: "a"]
        }
        let condition: Condition<Loose> = \.b == 1
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(condition) }
    }

    @Test(
        "every kind of query value round-trips",
        arguments: [
            QueryValue.null, .bool(true), .integer(-5), .unsignedInteger(UInt64.max), .double(2.5),
            .string("O'Brien \"%@\""), .date(Date(timeIntervalSince1970: 1_700_000_000)),
            .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()),
            .url(URL(string: "https://pokeapi.co/api/v2/pokemon/1/") ?? URL(filePath: "/")),
            .data(Data([0, 1, 255])), .list([.integer(1), .null, .string("x")]),
        ])
    func queryValues(_ value: QueryValue) throws {
        let decoded = try JSONDecoder().decode(QueryValue.self, from: JSONEncoder().encode(value))
        #expect(decoded == value)
    }

    @Test("a malformed query value throws")
    func malformedQueryValue() {
        for json in [
            #"{"integer": 1, "string": "x"}"#, #"{}"#, #"{"uuid": "nope"}"#, #"{"color": 1}"#,
        ] {
            #expect(throws: DecodingError.self, "\(json)") {
                try JSONDecoder().decode(QueryValue.self, from: Data(json.utf8))
            }
        }
    }
}
