import Foundation

/// A strict JSON parser over raw bytes that says exactly where the input goes wrong.
///
/// `JSONDecoder` only reports that data "was not valid JSON"; stores run this parser over a
/// file that failed to decode, to name the line, column and byte offset of the fault. It also
/// reads records for schema migrations and merges. It takes any bytes, so it can be fuzzed.
///
/// Here it reads tokens, for the record coders beneath the stores; ModelStorage builds its
/// `JSONValue`s (`parse(_:)`, `parseValue(depth:)`) on them.
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

    /// A parser at the first of `bytes`.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
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

    /// Reads `literal` (`true`, `false`, `null`), which must come next.
    package mutating func parseLiteral(_ literal: StaticString) throws(SyntaxError) {
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

    /// A JSON number, as `JSONSerialization` reads it: an integer when it has no fraction
    /// or exponent and fits in 64 bits, a `Double` otherwise.
    package enum Number: Hashable, Sendable {
        /// A number without fraction or exponent that fits in an `Int64`.
        case integer(Int64)
        /// Any other number.
        case double(Double)
    }

    /// Reads a number, which must come next.
    ///
    /// - Throws: ``SyntaxError`` for a malformed number or one out of `Double`'s range.
    package mutating func parseNumber() throws(SyntaxError) -> Number {
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
