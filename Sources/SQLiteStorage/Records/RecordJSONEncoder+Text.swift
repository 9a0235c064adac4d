import Foundation

/// The JSON text of scalars, written into ``RecordJSONEncoder/bytes`` as `JSONEncoder` writes
/// it: strings with `"`, `\` and the control characters escaped (the short escapes where
/// JSON has them, `\u00XX` for the others, NUL included) and `/` and every other character
/// as its UTF-8, integers in decimal, floats as their `description` without a trailing
/// `.0`.
extension RecordJSONEncoder {
    // MARK: Bytes

    /// Makes room for `extra` more bytes.
    @inline(__always)
    func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toFit: extra) }
    }

    private func grow(toFit extra: Int) {
        var newCapacity = capacity * 2
        while newCapacity < count + extra { newCapacity *= 2 }
        let newBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBytes.initialize(from: bytes, count: count)
        bytes.deallocate()
        bytes = newBytes
        capacity = newCapacity
    }

    /// Writes a byte.
    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        bytes[count] = byte
        count += 1
    }

    /// Writes bytes.
    @inline(__always)
    func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
        reserve(buffer.count)
        (bytes + count).initialize(from: base, count: buffer.count)
        count += buffer.count
    }

    /// Writes ASCII text as it is (JSON's punctuation and literals).
    @inline(__always)
    func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Writes text as it is: a number's digits.
    func appendRaw(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    // MARK: Scalars

    /// Writes `true` or `false`.
    func writeBool(_ value: Bool) {
        append(value ? "true" : "false")
    }

    /// Writes a signed integer in decimal.
    func writeInteger(_ value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        writeUnsigned(value.magnitude)
    }

    /// Writes an unsigned integer in decimal.
    func writeUnsigned(_ value: UInt64) {
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
        count += digits
    }

    /// Writes a finite float as `JSONEncoder` does: its `description`, without a trailing
    /// `.0` (`1`, `-0`, `1e-05`, `0.1`).
    ///
    /// - Throws: ``Abandoned``, leaving the value to `JSONEncoder` (which throws its own
    ///   error for it), when the float is infinite or NaN.
    func writeFloat<Float: BinaryFloatingPoint & CustomStringConvertible>(_ value: Float) throws {
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
    func writeString(_ string: String) {
        var string = string
        string.withUTF8 { writeQuoted($0) }
    }

    /// Writes UTF-8 in quotes, escaped.
    private func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        reserve(utf8.count + 2)
        bytes[count] = UInt8(ascii: "\"")
        count += 1
        var start = 0
        for index in utf8.indices {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                continue
            }
            append(UnsafeBufferPointer(rebasing: utf8[start..<index]))
            writeEscape(byte)
            start = index + 1
        }
        append(UnsafeBufferPointer(rebasing: utf8[start...]))
        append(UInt8(ascii: "\""))
    }

    /// Writes the escape of a quote, a backslash or a control character.
    private func writeEscape(_ byte: UInt8) {
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
