import Foundation

/// Reads a record from its JSON: the value a `JSONDecoder` with the default strategies
/// decodes from the same text, at a fraction of its cost.
///
/// The SQL backends read each record's `_record` column with it, the counterpart of
/// ``RecordJSONEncoder``, and a backend of your own may too:
///
/// ```swift
/// let decoder = RecordJSONDecoder()
/// let pokemon = try decoder.decode(Pokemon.self, from: Data(#"{"id":25,"name":"pikachu"}"#.utf8))
/// ```
///
/// It scans the text once into a flat list of values and decodes through Swift's `Decoder`
/// protocol straight from it, with `JSONDecoder`'s special cases (a `Date` from its seconds
/// since 2001, `Data` from base64, a `URL` from its string), where `JSONDecoder` first builds
/// a dictionary of each object's keys and boxes every value.
///
/// Whatever it might read otherwise than `JSONDecoder`, it leaves to `JSONDecoder` for the
/// whole value, which then decodes it or throws its own error (so errors, and their coding
/// paths, are `JSONDecoder`'s):
///
/// - any error, even one the value catches (a missing key, a type that does not match, a
///   number out of its type's range or not written as digits for an integer, the value's
///   own error);
/// - two keys of one object that may be equal (equal hashes of their text);
/// - text that is not UTF-8, a lone surrogate, nesting deeper than 512, a `Decimal`, a
///   super-decoder of a missing key.
///
/// A value, and so the decoder, is `Sendable`: it holds no state between calls.
package struct RecordJSONDecoder: Sendable {
    /// What the values' decoders carry in their `userInfo`, as `JSONDecoder.userInfo`.
    package var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// A decoder.
    package init() {}

    /// Decodes a value from JSON text.
    ///
    /// - Parameters:
    ///   - type: The value's type.
    ///   - data: The JSON text, UTF-8.
    /// - Returns: The value `JSONDecoder().decode(type, from: data)` returns.
    /// - Throws: The error `JSONDecoder().decode(type, from: data)` throws.
    package func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try decodeReportingFallback(type, from: data).value
    }

    /// Decodes a value from JSON text in memory the caller owns, without copying it first.
    ///
    /// It returns what ``decode(_:from:)`` returns for the same bytes, such as a column
    /// SQLite returned; only a value left to `JSONDecoder` copies them.
    ///
    /// - Parameters:
    ///   - type: The value's type.
    ///   - bytes: The JSON text, UTF-8, valid for the duration of the call.
    /// - Returns: The value `JSONDecoder().decode(type, from: Data(bytes))` returns.
    /// - Throws: The error `JSONDecoder().decode(type, from: Data(bytes))` throws.
    package func decode<Value: Decodable>(
        _ type: Value.Type, fromBytes bytes: UnsafeRawBufferPointer
    ) throws -> Value {
        if let value = decodeWithoutFoundation(type, from: bytes) { return value }
        return try decodeWithFoundation(type, from: Data(bytes))
    }

    /// Decodes a value, saying whether it was left to `JSONDecoder` (for the tests).
    package func decodeReportingFallback<Value: Decodable>(
        _ type: Value.Type, from data: Data
    ) throws -> (value: Value, leftToFoundation: Bool) {
        let fast: Value? = data.withUnsafeBytes { decodeWithoutFoundation(type, from: $0) }
        if let fast { return (fast, false) }
        return (try decodeWithFoundation(type, from: data), true)
    }

    /// The value read from the scanned text, or `nil` when it is left to `JSONDecoder`.
    private func decodeWithoutFoundation<Value: Decodable>(
        _ type: Value.Type, from bytes: UnsafeRawBufferPointer
    ) -> Value? {
        guard let document = try? RecordJSONDocument(bytes) else { return nil }
        // An empty `userInfo` is the document's already: no conversion a record.
        if !userInfo.isEmpty { document.userInfo = userInfo }
        let decoder = RecordJSONValueDecoder(document: document, node: 0, parent: nil, key: nil)
        guard let value = try? decoder.decodeValue(Value.self, at: 0, key: nil),
            !document.refused
        else { return nil }
        return value
    }

    private func decodeWithFoundation<Value: Decodable>(
        _ type: Value.Type, from data: Data
    ) throws -> Value {
        let foundation = JSONDecoder()
        foundation.userInfo = userInfo
        return try foundation.decode(type, from: data)
    }
}

/// The `Decoder` of one value of a ``RecordJSONDocument``.
final class RecordJSONValueDecoder: Decoder {
    let document: RecordJSONDocument
    /// The value's node.
    let node: Int
    private let parent: RecordJSONValueDecoder?
    private let key: (any CodingKey)?
    /// Where a keyed container of the value looks for the next key first.
    var hint = 0

    init(
        document: RecordJSONDocument, node: Int, parent: RecordJSONValueDecoder?,
        key: (any CodingKey)?
    ) {
        self.document = document
        self.node = node
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        (parent?.codingPath ?? []) + (key.map { [$0] } ?? [])
    }

    var userInfo: [CodingUserInfoKey: Any] { document.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard document.nodes[node].kind == .object else { throw document.refuse() }
        return KeyedDecodingContainer(RecordJSONKeyedDecodingContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard document.nodes[node].kind == .array else { throw document.refuse() }
        return RecordJSONUnkeyedDecodingContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        RecordJSONSingleValueDecodingContainer(decoder: self)
    }

    /// Decodes the value of a node, a child of this decoder's.
    func decodeValue<Value: Decodable>(
        _ type: Value.Type, at index: Int, key: (any CodingKey)?
    ) throws -> Value {
        let document = self.document
        do {
            if Value.self == String.self {
                return unsafeBitCast(try document.string(at: index), to: Value.self)
            }
            if Value.self == Int.self {
                return unsafeBitCast(try document.integer(at: index, as: Int.self), to: Value.self)
            }
            if Value.self == Double.self {
                return unsafeBitCast(try document.double(at: index), to: Value.self)
            }
            if Value.self == Bool.self {
                return unsafeBitCast(try document.bool(at: index), to: Value.self)
            }
            if Value.self == Data.self {
                guard let data = Data(base64Encoded: try document.string(at: index)) else {
                    throw document.refuse()
                }
                return unsafeBitCast(data, to: Value.self)
            }
            if Value.self == URL.self {
                guard let url = URL(string: try document.string(at: index)) else {
                    throw document.refuse()
                }
                return unsafeBitCast(url, to: Value.self)
            }
            if Value.self == Decimal.self { throw document.refuse() }
        } catch {
            throw document.refuse()
        }
        let decoder =
            index == node && key == nil
            ? self
            : RecordJSONValueDecoder(document: document, node: index, parent: self, key: key)
        return try Value(from: decoder)
    }
}

extension RecordJSONDocument {
    /// Notes that the decoder stopped at something, and returns the error to throw: the
    /// value is then left to `JSONDecoder`, even if its own code catches the error.
    func refuse() -> Unreadable {
        refused = true
        return Unreadable()
    }
}
