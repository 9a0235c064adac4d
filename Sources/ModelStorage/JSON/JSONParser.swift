import Foundation

/// A strict JSON parser over raw bytes that says exactly where the input goes wrong.
///
/// `JSONDecoder` only reports that data "was not valid JSON"; stores run this parser over a
/// file that failed to decode, to name the line, column and byte offset of the fault. It also
/// reads records for schema migrations and merges. It takes any bytes, so it can be fuzzed.
package struct JSONParser {
    /// Where and why the input is not JSON.
    package struct SyntaxError: Error, Hashable, Sendable {
        /// The byte offset of the fault from the start of the input.
        package let offset: Int
        /// What is wrong, as a phrase.
        package let message: String
    }

    /// Arrays and objects nest at most this deep, which bounds the parser's stack.
    package static let maximumDepth = 512

    private let bytes: [UInt8]
    /// The offset of the next byte to read.
    package private(set) var offset = 0

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

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

    /// Whether every byte has been read.
    package var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte, without reading it.
    package var peek: UInt8? { isAtEnd ? nil : bytes[offset] }

    /// An error at the current offset.
    package func error(_ message: String) -> SyntaxError {
        SyntaxError(offset: offset, message: message)
    }

    /// Skips spaces, tabs, carriage returns and line feeds.
    package mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            offset += 1
        }
    }

    /// Reads one byte that must be `expected`, after any whitespace.
    package mutating func expect(_ expected: UInt8, _ what: String) throws(SyntaxError) {
        skipWhitespace()
        guard peek == expected else { throw unexpected(what) }
        offset += 1
    }

    /// Reads `expected` if it comes next, after any whitespace.
    package mutating func consume(_ expected: UInt8) -> Bool {
        skipWhitespace()
        guard peek == expected else { return false }
        offset += 1
        return true
    }

    /// An error naming what was expected and what was found.
    package func unexpected(_ what: String) -> SyntaxError {
        guard let byte = peek else { return error("unexpected end of data, expected \(what)") }
        let found =
            (0x21..<0x7F).contains(byte)
            ? "'\(Character(UnicodeScalar(byte)))'" : String(format: "byte 0x%02X", byte)
        return error("unexpected \(found), expected \(what)")
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
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw unexpected("a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than 512 levels") }
        offset += 1
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
        offset += 1
        var elements: [JSONValue] = []
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            elements.append(try parseValue(depth: depth))
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"), "',' or ']' in an array")
        return .array(elements)
    }

    private mutating func parseLiteral(_ literal: StaticString) throws(SyntaxError) {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count else {
            throw error("unexpected end of data in \(literal)")
        }
        for index in 0..<count where bytes[offset + index] != literal.utf8Start[index] {
            throw error("invalid literal, expected \(literal)")
        }
        offset += count
    }

    /// Parses a string whose opening quote is next.
    package mutating func parseString() throws(SyntaxError) -> String {
        offset += 1
        let start = offset
        // Fast path: no escapes.
        while let byte = peek, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { throw error("control character in a string") }
            offset += 1
        }
        guard let stop = peek else { throw error("unexpected end of data in a string") }
        if stop == UInt8(ascii: "\"") {
            offset += 1
            return String(decoding: bytes[start..<offset - 1], as: UTF8.self)
        }
        var scalars = Array(bytes[start..<offset])
        while true {
            guard let byte = peek else { throw error("unexpected end of data in a string") }
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                offset += 1
                try parseEscape(into: &scalars)
            case 0..<0x20:
                throw error("control character in a string")
            default:
                scalars.append(byte)
                offset += 1
            }
        }
    }

    private mutating func parseEscape(into output: inout [UInt8]) throws(SyntaxError) {
        guard let byte = peek else { throw error("unexpected end of data in an escape") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard bytes.count >= offset + 6, bytes[offset] == UInt8(ascii: "\\"),
                    bytes[offset + 1] == UInt8(ascii: "u")
                else { throw error("unpaired surrogate in a \\u escape") }
                offset += 2
                let low = try parseHexQuad()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw error("unpaired surrogate in a \\u escape")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("unpaired surrogate in a \\u escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else {
                throw error("invalid \\u escape")
            }
            output.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            offset -= 1
            throw error("invalid escape in a string")
        }
    }

    private mutating func parseHexQuad() throws(SyntaxError) -> UInt32 {
        guard offset + 4 <= bytes.count else {
            throw error("unexpected end of data in a \\u escape")
        }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hexadecimal digit in a \\u escape")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    private mutating func parseNumber() throws(SyntaxError) -> JSONValue {
        let start = offset
        var isInteger = true
        if peek == UInt8(ascii: "-") { offset += 1 }
        guard let first = peek, isDigit(first) else { throw unexpected("a digit") }
        offset += 1
        if first != UInt8(ascii: "0") {
            while let byte = peek, isDigit(byte) { offset += 1 }
        }
        if peek == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard let byte = peek, isDigit(byte) else { throw unexpected("a digit") }
            while let byte = peek, isDigit(byte) { offset += 1 }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { offset += 1 }
            guard let byte = peek, isDigit(byte) else { throw unexpected("a digit") }
            while let byte = peek, isDigit(byte) { offset += 1 }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if isInteger, let value = Int64(text) { return .integer(value) }
        guard let value = Double(text) else { throw error("number out of range") }
        return .double(value)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}

/// A line and column in a text file, both counted from 1; the column counts characters
/// (UTF-8 sequences), not bytes.
package struct TextPosition: Hashable, Sendable {
    package let line: Int
    package let column: Int

    /// The position of a byte offset in some bytes.
    package init(offset: Int, in bytes: some Collection<UInt8>) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.line = line
        self.column = column
    }
}
