import Foundation

/// The JSON text of scalars, written into ``RecordJSONOutput/bytes`` as `JSONEncoder` writes
/// it: strings with `"`, `\` and the control characters escaped (the short escapes where
/// JSON has them, `\u00XX` for the others, NUL included) and `/` and every other character
/// as its UTF-8, integers in decimal, floats as their `description` without a trailing
/// `.0`.
extension RecordJSONOutput {
    /// Writes ASCII text as it is (JSON's punctuation and literals).
    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Writes text as it is: a number's digits.
    mutating func appendRaw(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    // MARK: Scalars

    /// Writes `true` or `false`.
    mutating func writeBool(_ value: Bool) {
        append(value ? "true" : "false")
    }

    /// Writes a signed integer in decimal.
    mutating func writeInteger(_ value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        writeUnsigned(value.magnitude)
    }

    /// Writes an unsigned integer in decimal.
    mutating func writeUnsigned(_ value: UInt64) {
        var digits = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        reserve(digits)
        var position = count + digits
        rest = value
        repeat {
            position -= 1
            bytes[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest != 0
        skip(digits)
    }

    /// Writes a finite float as `JSONEncoder` does: its `description`, without a trailing
    /// `.0` (`1`, `-0`, `1e-05`, `0.1`).
    ///
    /// - Throws: ``Abandoned``, leaving the value to `JSONEncoder` (which throws its own
    ///   error for it), when the float is infinite or NaN.
    mutating func writeFloat<Float: BinaryFloatingPoint & CustomStringConvertible>(
        _ value: Float
    ) throws {
        guard value.isFinite else {
            abandon()
            throw Abandoned()
        }
        var text = value.description
        text.withUTF8 { utf8 in
            let wholeNumber =
                utf8.count > 2 && utf8[utf8.count - 2] == UInt8(ascii: ".")
                && utf8[utf8.count - 1] == UInt8(ascii: "0")
            append(wholeNumber ? UnsafeBufferPointer(rebasing: utf8.dropLast(2)) : utf8)
        }
    }

    // MARK: Strings

    /// Writes a string in quotes, escaped.
    mutating func writeString(_ string: String) {
        var string = string
        string.withUTF8 { _ = writeQuoted($0) }
    }

    /// Writes an object's key in quotes, escaped.
    ///
    /// - Returns: Its fingerprint: a hash of its bytes when it is ASCII (two ASCII keys are
    ///   equal strings only when their bytes are), or ``nonASCIIFingerprint``.
    mutating func writeKey(_ key: String) -> UInt64 {
        var key = key
        return key.withUTF8 { utf8 in
            let (hash, isASCII) = writeQuoted(utf8)
            // The top bit kept clear for nonASCIIFingerprint.
            return isASCII ? hash >> 1 : Self.nonASCIIFingerprint
        }
    }

    /// The fingerprint of every key that is not ASCII: such a key may equal another in
    /// other bytes (`"é"` and `"e\u{301}"`, the Kelvin sign and `"K"`), so it is compared
    /// as a string with every other.
    static var nonASCIIFingerprint: UInt64 { .max }

    /// Writes UTF-8 in quotes, escaped, looking at eight bytes at a time.
    ///
    /// - Returns: A hash of the bytes, and whether they are all ASCII.
    private mutating func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>) -> (
        hash: UInt64, isASCII: Bool
    ) {
        let length = utf8.count
        reserve(length + 2)
        appendReserved(UInt8(ascii: "\""))
        var hash = UInt64(truncatingIfNeeded: length) &* Self.multiplier
        guard let base = utf8.baseAddress, length > 0 else {
            appendReserved(UInt8(ascii: "\""))
            return (hash, true)
        }
        var highBits: UInt64 = 0
        var copied = 0
        var index = 0
        while index + 8 <= length {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            highBits |= word
            hash = (hash ^ word) &* Self.multiplier
            if Self.mayNeedEscape(word) {
                for position in index..<(index + 8) where Self.needsEscape(base[position]) {
                    append(UnsafeBufferPointer(start: base + copied, count: position - copied))
                    writeEscape(base[position])
                    copied = position + 1
                }
            }
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < length {
            let byte = base[index]
            tail |= UInt64(byte) << shift
            shift += 8
            if Self.needsEscape(byte) {
                append(UnsafeBufferPointer(start: base + copied, count: index - copied))
                writeEscape(byte)
                copied = index + 1
            }
            index += 1
        }
        highBits |= tail
        hash = (hash ^ tail) &* Self.multiplier
        append(UnsafeBufferPointer(start: base + copied, count: length - copied))
        append(UInt8(ascii: "\""))
        return (hash, highBits & Self.highBitOfEachByte == 0)
    }

    /// Whether JSON escapes a byte in a string: a quote, a backslash, a control character.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Whether one of eight bytes may need an escape: never `false` when one does.
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        // Bytes below 0x20, then bytes equal to `"` and to `\` (zero once XORed with them).
        let control = (word &- ones &* 0x20) & ~word
        let quote = ((word ^ (ones &* 0x22)) &- ones) & ~(word ^ (ones &* 0x22))
        let backslash = ((word ^ (ones &* 0x5C)) &- ones) & ~(word ^ (ones &* 0x5C))
        return (control | quote | backslash) & highBitOfEachByte != 0
    }

    private static var highBitOfEachByte: UInt64 { 0x8080_8080_8080_8080 }
    private static var multiplier: UInt64 { 0x9E37_79B9_7F4A_7C15 }

    /// Writes the escape of a quote, a backslash or a control character.
    private mutating func writeEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x08: append("\\b")
        case 0x09: append("\\t")
        case 0x0A: append("\\n")
        case 0x0C: append("\\f")
        case 0x0D: append("\\r")
        default:
            let hex: StaticString = "0123456789abcdef"
            append("\\u00")
            append(hex.utf8Start[Int(byte >> 4)])
            append(hex.utf8Start[Int(byte & 0x0F)])
        }
    }
}
