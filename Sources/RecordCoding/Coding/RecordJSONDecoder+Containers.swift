import Foundation

/// An object's keyed container: each key looked up by its hash, from where the last one was
/// found.
struct RecordJSONKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: RecordJSONValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        (try? decoder.document.keys(of: decoder.node))?.compactMap(Key.init(stringValue:)) ?? []
    }

    func contains(_ key: Key) -> Bool {
        find(key) != nil
    }

    /// The node of a key's value, or `nil`; the next search starts after it.
    private func find(_ key: Key) -> Int? {
        guard
            let found = decoder.document.value(
                forKey: key.stringValue, in: decoder.node, hint: decoder.hint)
        else { return nil }
        decoder.hint = found.hint
        return found.value
    }

    /// The node of a key's value; a missing key is left to `JSONDecoder`.
    private func value(for key: Key) throws -> Int {
        guard let index = find(key) else { throw decoder.document.refuse() }
        return index
    }

    /// The node of a key's value, or `nil` when the key is missing or its value is `null`.
    private func valueIfPresent(for key: Key) -> Int? {
        guard let index = find(key), !decoder.document.isNull(index) else { return nil }
        return index
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        decoder.document.isNull(try value(for: key))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try decoder.document.bool(at: try value(for: key))
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try decoder.document.string(at: try value(for: key))
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decoder.document.double(at: try value(for: key))
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try decoder.document.float(at: try value(for: key))
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try decoder.document.integer(at: try value(for: key), as: type)
    }

    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try decoder.document.integer(at: try value(for: key), as: type)
    }

    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try decoder.document.integer(at: try value(for: key), as: type)
    }

    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try decoder.document.integer(at: try value(for: key), as: type)
    }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try decoder.document.integer(at: try value(for: key), as: type)
    }

    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try decoder.document.integer(at: try value(for: key), as: type)
    }

    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try decoder.document.integer(at: try value(for: key), as: type)
    }

    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try decoder.document.integer(at: try value(for: key), as: type)
    }

    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try decoder.document.integer(at: try value(for: key), as: type)
    }

    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try decoder.document.integer(at: try value(for: key), as: type)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decodeValue(type, at: try value(for: key), key: key)
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try valueIfPresent(for: key).map { index in try decoder.document.string(at: index) }
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try valueIfPresent(for: key).map { index in
            try decoder.document.integer(at: index, as: type)
        }
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try valueIfPresent(for: key).map { index in try decoder.document.double(at: index) }
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try valueIfPresent(for: key).map { index in try decoder.document.bool(at: index) }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try valueIfPresent(for: key).map { index in
            try decoder.decodeValue(type, at: index, key: key)
        }
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try nested(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try nested(for: key).unkeyedContainer()
    }

    private func nested(for key: Key) throws -> RecordJSONValueDecoder {
        RecordJSONValueDecoder(
            document: decoder.document, node: try value(for: key), parent: decoder, key: key)
    }

    /// The decoder of the value under `"super"`, as `JSONDecoder` names it.
    func superDecoder() throws -> any Decoder {
        guard let superKey = Key(stringValue: "super") else { throw decoder.document.refuse() }
        return try nested(for: superKey)
    }

    /// The decoder of a key's value; a missing key is left to `JSONDecoder`.
    func superDecoder(forKey key: Key) throws -> any Decoder {
        try nested(for: key)
    }
}

/// An array's unkeyed container: its values in turn.
struct RecordJSONUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: RecordJSONValueDecoder
    let count: Int?
    private(set) var currentIndex = 0
    /// The node of the value at `currentIndex`.
    private var position: Int

    init(decoder: RecordJSONValueDecoder) {
        self.decoder = decoder
        count = Int(decoder.document.nodes[decoder.node].count)
        position = decoder.node + 1
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    /// The node of the next value, which the container then passes.
    private mutating func next() throws -> Int {
        guard !isAtEnd else { throw decoder.document.refuse() }
        let index = position
        position = Int(decoder.document.nodes[index].next)
        currentIndex += 1
        return index
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw decoder.document.refuse() }
        guard decoder.document.isNull(position) else { return false }
        _ = try next()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        try decoder.document.bool(at: try next())
    }

    mutating func decode(_ type: String.Type) throws -> String {
        try decoder.document.string(at: try next())
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        try decoder.document.double(at: try next())
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
        try decoder.document.float(at: try next())
    }

    mutating func decode(_ type: Int.Type) throws -> Int {
        try decoder.document.integer(at: try next(), as: type)
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let key = IndexKey(index: currentIndex)
        return try decoder.decodeValue(type, at: try next(), key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try nested().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try nested().unkeyedContainer()
    }

    private mutating func nested() throws -> RecordJSONValueDecoder {
        let key = IndexKey(index: currentIndex)
        return RecordJSONValueDecoder(
            document: decoder.document, node: try next(), parent: decoder, key: key)
    }

    /// The decoder of the next value.
    mutating func superDecoder() throws -> any Decoder {
        try nested()
    }

    /// An element's place in the coding path, named as `JSONDecoder` names it.
    private struct IndexKey: CodingKey {
        let intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }

        init(index: Int) {
            intValue = index
        }

        init?(stringValue: String) {
            return nil
        }

        init?(intValue: Int) {
            self.intValue = intValue
        }
    }
}

/// A value's single-value container.
struct RecordJSONSingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: RecordJSONValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        decoder.document.isNull(decoder.node)
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        try decoder.document.bool(at: decoder.node)
    }

    func decode(_ type: String.Type) throws -> String {
        try decoder.document.string(at: decoder.node)
    }

    func decode(_ type: Double.Type) throws -> Double {
        try decoder.document.double(at: decoder.node)
    }

    func decode(_ type: Float.Type) throws -> Float {
        try decoder.document.float(at: decoder.node)
    }

    func decode(_ type: Int.Type) throws -> Int {
        try decoder.document.integer(at: decoder.node, as: type)
    }

    func decode(_ type: Int8.Type) throws -> Int8 {
        try decoder.document.integer(at: decoder.node, as: type)
    }

    func decode(_ type: Int16.Type) throws -> Int16 {
        try decoder.document.integer(at: decoder.node, as: type)
    }

    func decode(_ type: Int32.Type) throws -> Int32 {
        try decoder.document.integer(at: decoder.node, as: type)
    }

    func decode(_ type: Int64.Type) throws -> Int64 {
        try decoder.document.integer(at: decoder.node, as: type)
    }

    func decode(_ type: UInt.Type) throws -> UInt {
        try decoder.document.integer(at: decoder.node, as: type)
    }

    func decode(_ type: UInt8.Type) throws -> UInt8 {
        try decoder.document.integer(at: decoder.node, as: type)
    }

    func decode(_ type: UInt16.Type) throws -> UInt16 {
        try decoder.document.integer(at: decoder.node, as: type)
    }

    func decode(_ type: UInt32.Type) throws -> UInt32 {
        try decoder.document.integer(at: decoder.node, as: type)
    }

    func decode(_ type: UInt64.Type) throws -> UInt64 {
        try decoder.document.integer(at: decoder.node, as: type)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.decodeValue(type, at: decoder.node, key: nil)
    }
}
