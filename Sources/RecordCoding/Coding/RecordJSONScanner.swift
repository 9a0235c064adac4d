/// Scans a JSON text into ``RecordJSONDocument``'s nodes: a struct, so that its appends are
/// checked for exclusive access when compiled rather than at run time.
struct RecordJSONScanner {
    let bytes: UnsafeRawBufferPointer
    private(set) var nodes: [RecordJSONDocument.Node] = []
    /// The text of each key written with escapes, by node.
    private(set) var unescapedKeys: [Int: [UInt8]] = [:]

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        // About a node for every 6 bytes of a record's text (`"name":"pikachu",` is two
        // nodes in 17 bytes), so that most records scan without the list growing; a long
        // text grows it as it goes rather than reserve for strings that hold no nodes.
        nodes.reserveCapacity(Swift.min(bytes.count / 6 + 4, 4_096))
    }

    /// Scans the whole text: one value, with whitespace around it.
    mutating func scanDocument() throws(RecordJSONDocument.Unreadable) {
        var position = skipWhitespace(from: 0)
        position = try scanValue(at: position, depth: 0)
        guard skipWhitespace(from: position) == bytes.count else {
            throw RecordJSONDocument.Unreadable()
        }
    }

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

    private mutating func scanValue(at start: Int, depth: Int)
        throws(RecordJSONDocument.Unreadable) -> Int
    {
        guard start < bytes.count, depth < 512 else { throw RecordJSONDocument.Unreadable() }
        switch bytes[start] {
        case UInt8(ascii: "{"): return try scanObject(at: start, depth: depth)
        case UInt8(ascii: "["): return try scanArray(at: start, depth: depth)
        case UInt8(ascii: "\""):
            let (end, _) = try scanString(at: start, isKey: false)
            return end
        case UInt8(ascii: "t"): return try scanLiteral("true", .true, at: start)
        case UInt8(ascii: "f"): return try scanLiteral("false", .false, at: start)
        case UInt8(ascii: "n"): return try scanLiteral("null", .null, at: start)
        default: return try scanNumber(at: start)
        }
    }

    private mutating func scanObject(at start: Int, depth: Int)
        throws(RecordJSONDocument.Unreadable) -> Int
    {
        let index = nodes.count
        nodes.append(
            RecordJSONDocument.Node(kind: .object, count: 0, start: Int32(start), end: 0, next: 0))
        var position = skipWhitespace(from: start + 1)
        var pairs: UInt32 = 0
        let firstKey = nodes.count
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                    throw RecordJSONDocument.Unreadable()
                }
                let keyIndex = nodes.count
                let (afterKey, hash) = try scanString(at: position, isKey: true)
                try checkUnique(keyIndex, hash: hash, from: firstKey)
                position = skipWhitespace(from: afterKey)
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                    throw RecordJSONDocument.Unreadable()
                }
                position = skipWhitespace(from: position + 1)
                position = try scanValue(at: position, depth: depth + 1)
                pairs += 1
                position = skipWhitespace(from: position)
                guard position < bytes.count else { throw RecordJSONDocument.Unreadable() }
                if bytes[position] == UInt8(ascii: ",") {
                    position = skipWhitespace(from: position + 1)
                } else if bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    break
                } else {
                    throw RecordJSONDocument.Unreadable()
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
    private mutating func checkUnique(_ key: Int, hash: UInt32, from first: Int)
        throws(RecordJSONDocument.Unreadable)
    {
        var other = first
        while other < key {
            if nodes[other].count == hash { throw RecordJSONDocument.Unreadable() }
            other = Int(nodes[other + 1].next)
        }
    }

    private mutating func scanArray(at start: Int, depth: Int)
        throws(RecordJSONDocument.Unreadable) -> Int
    {
        let index = nodes.count
        nodes.append(
            RecordJSONDocument.Node(kind: .array, count: 0, start: Int32(start), end: 0, next: 0))
        var position = skipWhitespace(from: start + 1)
        var count: UInt32 = 0
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                position = try scanValue(at: position, depth: depth + 1)
                count += 1
                position = skipWhitespace(from: position)
                guard position < bytes.count else { throw RecordJSONDocument.Unreadable() }
                if bytes[position] == UInt8(ascii: ",") {
                    position = skipWhitespace(from: position + 1)
                } else if bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    break
                } else {
                    throw RecordJSONDocument.Unreadable()
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
    private mutating func scanString(at start: Int, isKey: Bool)
        throws(RecordJSONDocument.Unreadable) -> (end: Int, hash: UInt32)
    {
        var position = start + 1
        var escaped = false
        var nonASCII = false
        var hash = RecordJSONDocument.hashSeed
        while true {
            guard position < bytes.count else { throw RecordJSONDocument.Unreadable() }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw RecordJSONDocument.Unreadable() }
            if byte >= 0x80 { nonASCII = true }
            if byte == UInt8(ascii: "\\") {
                guard position + 1 < bytes.count else { throw RecordJSONDocument.Unreadable() }
                escaped = true
                position += 2
                continue
            }
            hash = RecordJSONDocument.hash(hash, byte)
            position += 1
        }
        // Bytes outside ASCII are only ever in strings: each such string must be UTF-8.
        if nonASCII,
            String(
                validating: UnsafeRawBufferPointer(rebasing: bytes[start + 1..<position]),
                as: UTF8.self)
                == nil
        {
            throw RecordJSONDocument.Unreadable()
        }
        let index = nodes.count
        nodes.append(
            RecordJSONDocument.Node(
                kind: escaped ? .escapedString : .string, count: 0,
                start: Int32(start + 1), end: Int32(position), next: Int32(index + 1)))
        if isKey && escaped {
            var parser = JSONParser(Array(bytes[start...position]))
            guard let key = try? parser.parseString() else { throw RecordJSONDocument.Unreadable() }
            let text = Array(key.utf8)
            hash = text.reduce(RecordJSONDocument.hashSeed, RecordJSONDocument.hash)
            unescapedKeys[index] = text
        }
        if isKey { nodes[index].count = hash }
        return (position + 1, hash)
    }

    private mutating func scanLiteral(
        _ literal: StaticString, _ kind: RecordJSONDocument.Kind, at start: Int
    )
        throws(RecordJSONDocument.Unreadable) -> Int
    {
        let count = literal.utf8CodeUnitCount
        guard start + count <= bytes.count else { throw RecordJSONDocument.Unreadable() }
        for offset in 0..<count where bytes[start + offset] != literal.utf8Start[offset] {
            throw RecordJSONDocument.Unreadable()
        }
        nodes.append(
            RecordJSONDocument.Node(
                kind: kind, count: 0, start: Int32(start), end: Int32(start + count),
                next: Int32(nodes.count + 1)))
        return start + count
    }

    /// Scans a number as JSON writes one: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private mutating func scanNumber(at start: Int) throws(RecordJSONDocument.Unreadable) -> Int {
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
            throw RecordJSONDocument.Unreadable()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw RecordJSONDocument.Unreadable() }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count,
                bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
            {
                position += 1
            }
            guard digits() > 0 else { throw RecordJSONDocument.Unreadable() }
        }
        nodes.append(
            RecordJSONDocument.Node(
                kind: .number, count: 0, start: Int32(start), end: Int32(position),
                next: Int32(nodes.count + 1)))
        return position
    }
}
