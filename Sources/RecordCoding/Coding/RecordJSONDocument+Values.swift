import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Reading a node's value as `JSONDecoder` would, or stopping (`Unreadable`) wherever the
// answer might differ from its own, so that it decides.
extension RecordJSONDocument {
    /// The index of an object's value for a key, or `nil` when the object has no such key.
    ///
    /// Searches from `hint` (the pair after the last one found: values are usually asked for
    /// in the order they were written) round to it again, and returns the hint for the next
    /// search with the value.
    func value(forKey key: String, in object: Int, hint: Int) -> (value: Int, hint: Int)? {
        var hash = Self.hashSeed
        var length = 0
        for byte in key.utf8 {
            hash = Self.hash(hash, byte)
            length += 1
        }
        let pairs = Int(nodes[object].count)
        guard pairs > 0 else { return nil }
        let end = Int(nodes[object].next)
        var keyIndex = hint > object && hint < end ? hint : object + 1
        for _ in 0..<pairs {
            let node = nodes[keyIndex]
            let valueIndex = keyIndex + 1
            if node.count == hash, matches(key, length: length, node: node, at: keyIndex) {
                let after = Int(nodes[valueIndex].next)
                return (valueIndex, after < end ? after : object + 1)
            }
            keyIndex = Int(nodes[valueIndex].next)
            if keyIndex >= end { keyIndex = object + 1 }
        }
        return nil
    }

    /// Whether a key node holds a key's text.
    private func matches(_ key: String, length: Int, node: Node, at index: Int) -> Bool {
        if node.kind == .escapedString {
            return unescapedKeys[index].map { key.utf8.elementsEqual($0) } ?? false
        }
        guard Int(node.end - node.start) == length, let base = bytes.baseAddress else {
            return false
        }
        let stored = base + Int(node.start)
        return key.utf8.withContiguousStorageIfAvailable { text in
            guard let start = text.baseAddress else { return length == 0 }
            return memcmp(start, stored, length) == 0
        } ?? key.utf8.elementsEqual(UnsafeRawBufferPointer(start: stored, count: length))
    }

    /// The keys of an object, in the text's order.
    func keys(of object: Int) throws(Unreadable) -> [String] {
        var keys: [String] = []
        keys.reserveCapacity(Int(nodes[object].count))
        var keyIndex = object + 1
        let end = Int(nodes[object].next)
        while keyIndex < end {
            keys.append(try string(at: keyIndex))
            keyIndex = Int(nodes[keyIndex + 1].next)
        }
        return keys
    }

    /// The text of a string node.
    func string(at index: Int) throws(Unreadable) -> String {
        let node = nodes[index]
        let text = UnsafeRawBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.end)])
        switch node.kind {
        case .string:
            // Validated as UTF-8 by the scan.
            return String(decoding: text, as: UTF8.self)
        case .escapedString:
            // Rare: the parser of merges reads it, from its opening quote.
            var parser = JSONParser(Array(bytes[Int(node.start) - 1...Int(node.end)]))
            do { return try parser.parseString() } catch { throw refuse() }
        default:
            throw refuse()
        }
    }

    /// A Boolean node's value.
    func bool(at index: Int) throws(Unreadable) -> Bool {
        switch nodes[index].kind {
        case .true: return true
        case .false: return false
        default: throw refuse()
        }
    }

    /// Whether a node is `null`.
    func isNull(_ index: Int) -> Bool {
        nodes[index].kind == .null
    }

    /// An integer node's value: digits only, with a sign, in the type's range.
    func integer<Value: FixedWidthInteger>(at index: Int, as _: Value.Type) throws(Unreadable)
        -> Value
    {
        let node = nodes[index]
        guard node.kind == .number else { throw refuse() }
        var position = Int(node.start)
        let end = Int(node.end)
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var magnitude: UInt64 = 0
        while position < end {
            let byte = bytes[position]
            guard (0x30...0x39).contains(byte) else { throw refuse() }
            let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(UInt64(byte - 0x30))
            guard !overflow, !carry else { throw refuse() }
            magnitude = sum
            position += 1
        }
        if negative {
            guard magnitude != 0, magnitude <= UInt64(Int64.max) + 1,
                let value = Value(exactly: Int64(bitPattern: 0 &- magnitude))
            else { throw refuse() }
            return value
        }
        guard let value = Value(exactly: magnitude) else { throw refuse() }
        return value
    }

    /// A number node's value as a `Double`, correctly rounded; finite and, unless the text
    /// is zero, not rounded to zero.
    func double(at index: Int) throws(Unreadable) -> Double {
        try parsed(at: index) { strtod($0, nil) }
    }

    /// A number node's value as a `Float`, correctly rounded, under the same conditions.
    func float(at index: Int) throws(Unreadable) -> Float {
        try parsed(at: index) { strtof($0, nil) }
    }

    private func parsed<Value: BinaryFloatingPoint>(
        at index: Int, _ parse: (UnsafePointer<CChar>) -> Value
    ) throws(Unreadable) -> Value {
        let node = nodes[index]
        guard node.kind == .number else { throw refuse() }
        let start = Int(node.start)
        let count = Int(node.end) - start
        guard count < 64 else { throw refuse() }
        let value = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            guard let text = buffer.baseAddress else { return Value.nan }
            for offset in 0..<count { buffer[offset] = CChar(bitPattern: bytes[start + offset]) }
            buffer[count] = 0
            return parse(text)
        }
        guard value.isFinite else { throw refuse() }
        if value == 0 {
            // Zero only when every digit of the significand is.
            for offset in 0..<count {
                let byte = bytes[start + offset]
                if byte | 0x20 == UInt8(ascii: "e") { break }
                if (0x31...0x39).contains(byte) { throw refuse() }
            }
        }
        return value
    }
}
