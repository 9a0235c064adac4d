import Foundation
import Testing

@testable import JSONFileStorage
@testable import ModelStorage
@testable import RecordCoding

@Suite("JSON parser")
struct JSONParserTests {
    @Test(
        arguments: [
            ("null", JSONValue.null),
            (" true ", true),
            ("-12", -12),
            ("9223372036854775807", .integer(.max)),
            ("9223372036854775808", .double(9_223_372_036_854_775_808)),
            ("1.5e3", 1500.0),
            ("\"a\\n\\u00e9\\ud83d\\ude00\\/\"", "a\né😀/"),
            ("[1, [], {}]", [1, [], [:]]),
            ("{\"a\": {\"b\": [true, null]}}", ["a": ["b": [true, .null]]]),
        ] as [(String, JSONValue)])
    func parsesValidJSON(_ text: String, _ expected: JSONValue) throws {
        #expect(try JSONParser.parse(Array(text.utf8)) == expected)
    }

    @Test(
        arguments: [
            ("", 0, "unexpected end of data, expected a value"),
            ("[1,]", 3, "unexpected ']', expected a value"),
            ("{\"a\" 1}", 5, "unexpected '1', expected ':' after a key"),
            ("\"abc", 4, "unexpected end of data in a string"),
            ("[1] x", 4, "unexpected content after the JSON value"),
            ("01", 1, "unexpected content after the JSON value"),
            ("-", 1, "unexpected end of data, expected a digit"),
            ("\"\\x\"", 2, "invalid escape in a string"),
            ("\"\\ud800\"", 7, "unpaired surrogate in a \\u escape"),
            ("tru", 0, "unexpected end of data in true"),
            ("{\"a\":1,}", 7, "unexpected '}', expected a key in quotes"),
            ("\"a\u{01}\"", 2, "control character in a string"),
        ] as [(String, Int, String)])
    func reportsWhereInvalidJSONGoesWrong(_ text: String, _ offset: Int, _ message: String) {
        #expect(throws: JSONParser.SyntaxError(offset: offset, message: message)) {
            try JSONParser.parse(Array(text.utf8))
        }
    }

    @Test func refusesNestingPastItsLimitWithoutOverflowingTheStack() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(Array(deep.utf8)) }
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(throws: Never.self) { try JSONParser.parse(Array(fine.utf8)) }
    }

    @Test func positionsCountLinesAndCharacters() {
        let text = Array("ab\ncé\nx".utf8)
        let positions = [0, 6, 7].map { TextPosition(offset: $0, in: text) }
        #expect(positions.map(\.line) == [1, 2, 3])
        #expect(positions.map(\.column) == [1, 3, 1])
    }

    /// Random damage to a store document never crashes the parsers, and every error points
    /// inside the input.
    @Test func damagedDocumentsNeverCrashTheReaders() throws {
        let valid = Array(storeDocument(records: (1...5).map { recordJSON($0) }).utf8)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1_000 {
            var bytes = valid
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator)))
            case 1: bytes[Int.random(in: 0..<bytes.count, using: &generator)] = .random(in: 0...255)
            default: bytes.insert(.random(in: 0...255), at: .random(in: 0...bytes.count))
            }
            do {
                _ = try JSONParser.parse(bytes)
            } catch {
                #expect(error.offset <= bytes.count)
            }
            let data = Data(bytes)
            _ = try? StoreDocument.decode(
                data, models: [ConformanceRecordAlias.self], path: "fuzz")
            _ = try? StoreJournal.decode(
                data, models: [ConformanceRecordAlias.self], path: "fuzz", documentGeneration: 1)
        }
    }
}
