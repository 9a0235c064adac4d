import Foundation
import RecordCoding

// The parser's values: `JSONParser` reads tokens in RecordCoding, beneath the coders;
// building a `JSONValue` (this module's public type for migrations and merges) is here.
extension JSONParser {
    /// Parses a whole input as one JSON value, surrounded by nothing but whitespace.
    ///
    /// - Throws: ``SyntaxError`` at the first fault.
    package static func parse(_ data: some Collection<UInt8>) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(Array(data))
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.isAtEnd else {
            throw parser.error("unexpected content after the JSON value")
        }
        return value
    }

    /// Parses one value, after any whitespace.
    package mutating func parseValue(depth: Int = 0) throws(SyntaxError) -> JSONValue {
        skipWhitespace()
        guard let byte = peek else { throw unexpected("a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try parseLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try parseLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try parseLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            switch try parseNumber() {
            case .integer(let value): return .integer(value)
            case .double(let value): return .double(value)
            }
        default: throw unexpected("a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than 512 levels") }
        try expect(UInt8(ascii: "{"), "'{'")
        var members: [String: JSONValue] = [:]
        if consume(UInt8(ascii: "}")) { return .object(members) }
        repeat {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else { throw unexpected("a key in quotes") }
            let key = try parseString()
            try expect(UInt8(ascii: ":"), "':' after a key")
            members[key] = try parseValue(depth: depth)
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"), "',' or '}' in an object")
        return .object(members)
    }

    private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than 512 levels") }
        try expect(UInt8(ascii: "["), "'['")
        var elements: [JSONValue] = []
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            elements.append(try parseValue(depth: depth))
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"), "',' or ']' in an array")
        return .array(elements)
    }
}
