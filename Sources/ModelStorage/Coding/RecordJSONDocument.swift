import Foundation

/// A JSON text scanned once into a flat list of nodes, which ``RecordJSONDecoder``'s
/// containers read by index: each value is a node, an object's children are its keys and
/// values in turn, and each node knows where its subtree ends.
///
/// The scan accepts only what it can read exactly as `JSONDecoder` does, and stops at
/// anything else (a key twice in one object, text that is not UTF-8,
/// nesting deeper than 512): the decoder then leaves the whole value to `JSONDecoder`.
final class RecordJSONDocument {
    /// What a node is.
    enum Kind: UInt8 {
        case object, array, string, escapedString, number, `true`, `false`, null
    }

    /// One value or key.
    struct Node {
        var kind: Kind
        /// A container's number of values (an object's pairs); a key's hash.
        var count: UInt32
        /// Where the node's text starts: after a string's opening quote.
        var start: Int32
        /// Where its text ends: before a string's closing quote.
        var end: Int32
        /// The index of the node after its subtree.
        var next: Int32
    }

    /// Why a scan or a read stopped: the decoder leaves the value to `JSONDecoder`.
    struct Unreadable: Error {}

    let bytes: UnsafeRawBufferPointer
    private(set) var nodes: [Node] = []
    /// The text of each key written with escapes, by node.
    private(set) var unescapedKeys: [Int: [UInt8]] = [:]
    /// Whether a read stopped, even if the value's code caught the error: the value is then
    /// left to `JSONDecoder`.
    var refused = false

    /// Scans a JSON text, which must stay valid while the document is used.
    ///
    /// - Throws: ``Unreadable`` for text the scan does not read (see the type).
    init(_ bytes: UnsafeRawBufferPointer) throws(Unreadable) {
        self.bytes = bytes
        guard bytes.count < Int32.max else { throw Unreadable() }
        nodes.reserveCapacity(bytes.count / 8 + 4)
        var position = skipWhitespace(from: 0)
        var hasNonASCII = false
        position = try scanValue(at: position, depth: 0, hasNonASCII: &hasNonASCII)
        guard skipWhitespace(from: position) == bytes.count else { throw Unreadable() }
        if hasNonASCII {
            guard String(validating: bytes, as: UTF8.self) != nil else { throw Unreadable() }
        }
    }

    // MARK: Scanning

    private func skipWhitespace(from start: Int) -> Int {
        var position = start
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return position
            }
        }
        return position
    }

    private func scanValue(at start: Int, depth: Int, hasNonASCII: inout Bool)
        throws(Unreadable) -> Int
    {
        guard start < bytes.count, depth < 512 else { throw Unreadable() }
        switch bytes[start] {
        case UInt8(ascii: "{"): return try scanObject(at: start, depth: depth, &hasNonASCII)
        case UInt8(ascii: "["): return try scanArray(at: start, depth: depth, &hasNonASCII)
        case UInt8(ascii: "\""):
            let (end, _) = try scanString(at: start, isKey: false, &hasNonASCII)
            return end
        case UInt8(ascii: "t"): return try scanLiteral("true", .true, at: start)
        case UInt8(ascii: "f"): return try scanLiteral("false", .false, at: start)
        case UInt8(ascii: "n"): return try scanLiteral("null", .null, at: start)
        default: return try scanNumber(at: start)
        }
    }

    private func scanObject(at start: Int, depth: Int, _ hasNonASCII: inout Bool)
        throws(Unreadable) -> Int
    {
        let index = nodes.count
        nodes.append(Node(kind: .object, count: 0, start: Int32(start), end: 0, next: 0))
        var position = skipWhitespace(from: start + 1)
        var pairs: UInt32 = 0
        let firstKey = nodes.count
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                    throw Unreadable()
                }
                let keyIndex = nodes.count
                let (afterKey, hash) = try scanString(at: position, isKey: true, &hasNonASCII)
                try checkUnique(keyIndex, hash: hash, from: firstKey)
                position = skipWhitespace(from: afterKey)
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                    throw Unreadable()
                }
                position = skipWhitespace(from: position + 1)
                position = try scanValue(at: position, depth: depth + 1, hasNonASCII: &hasNonASCII)
                pairs += 1
                position = skipWhitespace(from: position)
                guard position < bytes.count else { throw Unreadable() }
                if bytes[position] == UInt8(ascii: ",") {
                    position = skipWhitespace(from: position + 1)
                } else if bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    break
                } else {
                    throw Unreadable()
                }
            }
        }
        nodes[index].count = pairs
        nodes[index].end = Int32(position)
        nodes[index].next = Int32(nodes.count)
        return position
    }

    /// Stops at a key that an earlier key of the same object may equal: `JSONDecoder` reads
    /// such objects by its own rules.
    private func checkUnique(_ key: Int, hash: UInt32, from first: Int) throws(Unreadable) {
        var other = first
        while other < key {
            if nodes[other].count == hash { throw Unreadable() }
            other = Int(nodes[other + 1].next)
        }
    }

    private func scanArray(at start: Int, depth: Int, _ hasNonASCII: inout Bool)
        throws(Unreadable) -> Int
    {
        let index = nodes.count
        nodes.append(Node(kind: .array, count: 0, start: Int32(start), end: 0, next: 0))
        var position = skipWhitespace(from: start + 1)
        var count: UInt32 = 0
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                position = try scanValue(at: position, depth: depth + 1, hasNonASCII: &hasNonASCII)
                count += 1
                position = skipWhitespace(from: position)
                guard position < bytes.count else { throw Unreadable() }
                if bytes[position] == UInt8(ascii: ",") {
                    position = skipWhitespace(from: position + 1)
                } else if bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    break
                } else {
                    throw Unreadable()
                }
            }
        }
        nodes[index].count = count
        nodes[index].end = Int32(position)
        nodes[index].next = Int32(nodes.count)
        return position
    }

    /// Scans a string; a key's hash (FNV-1a of its text's UTF-8) is kept in its node, and
    /// the text of a key with escapes in ``unescapedKeys``.
    private func scanString(at start: Int, isKey: Bool, _ hasNonASCII: inout Bool)
        throws(Unreadable) -> (end: Int, hash: UInt32)
    {
        var position = start + 1
        var escaped = false
        var hash = Self.hashSeed
        while true {
            guard position < bytes.count else { throw Unreadable() }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw Unreadable() }
            if byte >= 0x80 { hasNonASCII = true }
            if byte == UInt8(ascii: "\\") {
                guard position + 1 < bytes.count else { throw Unreadable() }
                escaped = true
                position += 2
                continue
            }
            hash = Self.hash(hash, byte)
            position += 1
        }
        let index = nodes.count
        nodes.append(
            Node(
                kind: escaped ? .escapedString : .string, count: 0,
                start: Int32(start + 1), end: Int32(position), next: Int32(index + 1)))
        if isKey && escaped {
            let text = Array(try string(at: index).utf8)
            hash = text.reduce(Self.hashSeed, Self.hash)
            unescapedKeys[index] = text
        }
        if isKey { nodes[index].count = hash }
        return (position + 1, hash)
    }

    /// FNV-1a, 32 bits: the hash of keys.
    static let hashSeed: UInt32 = 2_166_136_261

    static func hash(_ hash: UInt32, _ byte: UInt8) -> UInt32 {
        (hash ^ UInt32(byte)) &* 16_777_619
    }

    private func scanLiteral(_ literal: StaticString, _ kind: Kind, at start: Int)
        throws(Unreadable) -> Int
    {
        let count = literal.utf8CodeUnitCount
        guard start + count <= bytes.count else { throw Unreadable() }
        for offset in 0..<count where bytes[start + offset] != literal.utf8Start[offset] {
            throw Unreadable()
        }
        nodes.append(
            Node(
                kind: kind, count: 0, start: Int32(start), end: Int32(start + count),
                next: Int32(nodes.count + 1)))
        return start + count
    }

    /// Scans a number as JSON writes one: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private func scanNumber(at start: Int) throws(Unreadable) -> Int {
        var position = start
        func digits() -> Int {
            let first = position
            while position < bytes.count, (0x30...0x39).contains(bytes[position]) {
                position += 1
            }
            return position - first
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits()
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != 0x30 else {
            throw Unreadable()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw Unreadable() }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count,
                bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
            {
                position += 1
            }
            guard digits() > 0 else { throw Unreadable() }
        }
        nodes.append(
            Node(
                kind: .number, count: 0, start: Int32(start), end: Int32(position),
                next: Int32(nodes.count + 1)))
        return position
    }
}
