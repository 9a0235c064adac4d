import Foundation
import InternalSupport
import PokedexKit
import QueryTestSupport
import Testing

@Suite("FetchedPokemon rejects malformed input with an error that names the problem")
struct FetchedPokemonMalformedInputTests {
    /// A malformed variant of a real entry, the coding path its error must name (the keys and
    /// indices joined by dots; empty for the top level), and what its message must mention.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var expectedPath: String
        var expectedMention: String
        var makeData: @Sendable () throws -> Data

        init(
            name: String, path: String, mentioning mention: String,
            makeData: @escaping @Sendable () throws -> Data
        ) {
            self.name = name
            self.expectedPath = path
            self.expectedMention = mention
            self.makeData = makeData
        }

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "truncated JSON", path: "", mentioning: "not valid JSON") {
            let data = try Fixtures.trimmed(1)
            return data.prefix(data.count / 2)
        },
        Case(
            name: "a stat missing", path: "stats.speed", mentioning: "No base stat named \"speed\""
        ) {
            var object = try Fixtures.trimmedObject(1)
            let stats = try #require(object["stats"] as? [[String: Any]])
            object["stats"] = stats.filter {
                ($0["stat"] as? [String: Any])?["name"] as? String != "speed"
            }
            return try Data(jsonObject: object)
        },
        Case(
            name: "a stat given twice", path: "stats.6.stat.name",
            mentioning: "\"attack\" appears more than once"
        ) {
            var object = try Fixtures.trimmedObject(1)
            let stats = try #require(object["stats"] as? [[String: Any]])
            object["stats"] = stats + [stats[1]]
            return try Data(jsonObject: object)
        },
        Case(name: "id as a string", path: "id", mentioning: "Int") {
            var object = try Fixtures.trimmedObject(1)
            object["id"] = "1"
            return try Data(jsonObject: object)
        },
        Case(name: "types not an array", path: "types", mentioning: "Array") {
            var object = try Fixtures.trimmedObject(1)
            object["types"] = ["slot": 1, "type": ["name": "grass"]]
            return try Data(jsonObject: object)
        },
        Case(name: "a type without a name", path: "types.0.type.name", mentioning: "name") {
            var object = try Fixtures.trimmedObject(1)
            object["types"] = [["slot": 1, "type": ["url": "/api/v2/type/12/"]]]
            return try Data(jsonObject: object)
        },
        Case(name: "base stat as a string", path: "stats.0.base_stat", mentioning: "Int") {
            var object = try Fixtures.trimmedObject(1)
            var stats = try #require(object["stats"] as? [[String: Any]])
            stats[0]["base_stat"] = "45"
            object["stats"] = stats
            return try Data(jsonObject: object)
        },
        Case(name: "weight missing", path: "weight", mentioning: "weight") {
            var object = try Fixtures.trimmedObject(1)
            object["weight"] = nil
            return try Data(jsonObject: object)
        },
        Case(name: "a sprite that is not a URL", path: "sprites.front_default", mentioning: "URL") {
            var object = try Fixtures.trimmedObject(1)
            object["sprites"] = ["front_default": "", "front_shiny": NSNull()]
            return try Data(jsonObject: object)
        },
        Case(name: "an empty object", path: "stats", mentioning: "stats") { Data("{}".utf8) },
        Case(name: "an array instead of an object", path: "", mentioning: "array") {
            Data("[1, 2]".utf8)
        },
        Case(name: "null", path: "", mentioning: "null") { Data("null".utf8) },
        Case(name: "empty input", path: "", mentioning: "not valid JSON") { Data() },
        Case(name: "an unknown key nested 10,000 deep", path: "", mentioning: "not valid JSON") {
            let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
            var data = Data("{\"padding\":\(deep),".utf8)
            data.append(try Fixtures.trimmed(25).dropFirst())
            return data
        },
        Case(name: "random bytes", path: "", mentioning: "not valid JSON") {
            var generator = SplitMix64(seed: 0x5EED)
            return Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
        },
    ]

    @Test("each malformed input throws a DecodingError", arguments: cases)
    func throwsDecodingError(_ input: Case) throws {
        let data = try input.makeData()
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(FetchedPokemon.self, from: data)
        }
        let (path, message) = Self.describe(error)
        #expect(path == input.expectedPath, "\(path): \(message)")
        #expect(message.contains(input.expectedMention), "\(path): \(message)")
    }

    /// The coding path of a decoding error (keys and indices joined by dots) and its message.
    static func describe(_ error: DecodingError) -> (path: String, message: String) {
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c):
            context = c
        case .keyNotFound(let key, let c):
            context = DecodingError.Context(
                codingPath: c.codingPath + [key], debugDescription: c.debugDescription)
        @unknown default:
            return ("", String(describing: error))
        }
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
        return (path.joined(separator: "."), context.debugDescription)
    }
}
