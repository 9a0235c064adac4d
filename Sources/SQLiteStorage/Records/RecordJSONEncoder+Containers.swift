import Foundation

/// The `Encoder` a value gets from ``RecordJSONEncoder``: its frame, and the containers that
/// write in it.
struct RecordJSONValueEncoder: Encoder {
    /// The encoder that writes the text.
    let encoder: RecordJSONEncoder
    /// The value's frame.
    let frame: RecordJSONEncoder.FrameReference

    var codingPath: [any CodingKey] { encoder.codingPathRead(of: frame) }

    /// None, as `JSONEncoder`'s when none are set.
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        encoder.openContainer(.object, in: frame)
        return KeyedEncodingContainer(RecordJSONKeyedContainer<Key>(encoder: encoder, frame: frame))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.openContainer(.array, in: frame)
        return RecordJSONUnkeyedContainer(encoder: encoder, frame: frame)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        RecordJSONSingleValueContainer(encoder: encoder, frame: frame)
    }
}

/// The keys ``RecordJSONEncoder`` makes: an element's index, a super-encoder's `super`.
struct RecordJSONKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    /// An element's key, named as `JSONEncoder` names it.
    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    /// The key of the value `superEncoder()` gives an encoder for.
    static let `super` = RecordJSONKey(stringValue: "super")
}

/// A keyed container: an object's members.
struct RecordJSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    /// The encoder that writes the text.
    let encoder: RecordJSONEncoder
    /// The object's frame.
    let frame: RecordJSONEncoder.FrameReference

    var codingPath: [any CodingKey] { encoder.codingPathRead(of: frame) }

    private func begin(_ key: Key) throws {
        try encoder.beginMember(key.stringValue, in: frame)
    }

    func encodeNil(forKey key: Key) throws {
        try begin(key)
        encoder.append("null")
    }

    func encode(_ value: Bool, forKey key: Key) throws {
        try begin(key)
        encoder.writeBool(value)
    }

    func encode(_ value: String, forKey key: Key) throws {
        try begin(key)
        encoder.writeString(value)
    }

    func encode(_ value: Double, forKey key: Key) throws {
        try begin(key)
        try encoder.writeFloat(value)
    }

    func encode(_ value: Float, forKey key: Key) throws {
        try begin(key)
        try encoder.writeFloat(value)
    }

    func encode(_ value: Int, forKey key: Key) throws {
        try begin(key)
        encoder.writeInteger(Int64(value))
    }

    func encode(_ value: Int8, forKey key: Key) throws {
        try begin(key)
        encoder.writeInteger(Int64(value))
    }

    func encode(_ value: Int16, forKey key: Key) throws {
        try begin(key)
        encoder.writeInteger(Int64(value))
    }

    func encode(_ value: Int32, forKey key: Key) throws {
        try begin(key)
        encoder.writeInteger(Int64(value))
    }

    func encode(_ value: Int64, forKey key: Key) throws {
        try begin(key)
        encoder.writeInteger(value)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: Int128, forKey key: Key) throws {
        try begin(key)
        encoder.appendRaw(value.description)
    }

    func encode(_ value: UInt, forKey key: Key) throws {
        try begin(key)
        encoder.writeUnsigned(UInt64(value))
    }

    func encode(_ value: UInt8, forKey key: Key) throws {
        try begin(key)
        encoder.writeUnsigned(UInt64(value))
    }

    func encode(_ value: UInt16, forKey key: Key) throws {
        try begin(key)
        encoder.writeUnsigned(UInt64(value))
    }

    func encode(_ value: UInt32, forKey key: Key) throws {
        try begin(key)
        encoder.writeUnsigned(UInt64(value))
    }

    func encode(_ value: UInt64, forKey key: Key) throws {
        try begin(key)
        encoder.writeUnsigned(value)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: UInt128, forKey key: Key) throws {
        try begin(key)
        encoder.appendRaw(value.description)
    }

    func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try begin(key)
        if try !encoder.writeSpecial(value) {
            try encoder.writeNested(value, at: .key(key))
        }
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(
            RecordJSONKeyedContainer<NestedKey>(
                encoder: encoder, frame: encoder.openMember(.object, forKey: key, in: frame)))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        RecordJSONUnkeyedContainer(
            encoder: encoder, frame: encoder.openMember(.array, forKey: key, in: frame))
    }

    func superEncoder() -> any Encoder {
        RecordJSONValueEncoder(
            encoder: encoder,
            frame: encoder.openMember(.empty, forKey: RecordJSONKey.super, in: frame))
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        RecordJSONValueEncoder(
            encoder: encoder, frame: encoder.openMember(.empty, forKey: key, in: frame))
    }
}

/// An unkeyed container: an array's elements.
struct RecordJSONUnkeyedContainer: UnkeyedEncodingContainer, RecordJSONValueWriting {
    /// The encoder that writes the text.
    let encoder: RecordJSONEncoder
    /// The array's frame.
    let frame: RecordJSONEncoder.FrameReference

    var codingPath: [any CodingKey] { encoder.codingPathRead(of: frame) }

    var count: Int {
        frame.index >= 0 && frame.index < encoder.frames.count
            ? encoder.frames[frame.index].count : 0
    }

    func beginValue() throws -> RecordJSONEncoder.PathComponent {
        .index(try encoder.beginElement(in: frame))
    }

    // In the type: the standard library's defaults for them would be as good a match as
    // RecordJSONValueWriting's.

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: Int128) throws {
        _ = try beginValue()
        encoder.appendRaw(value.description)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: UInt128) throws {
        _ = try beginValue()
        encoder.appendRaw(value.description)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(
            RecordJSONKeyedContainer<NestedKey>(
                encoder: encoder, frame: encoder.openElement(.object, in: frame)))
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        RecordJSONUnkeyedContainer(encoder: encoder, frame: encoder.openElement(.array, in: frame))
    }

    func superEncoder() -> any Encoder {
        RecordJSONValueEncoder(encoder: encoder, frame: encoder.openElement(.empty, in: frame))
    }
}

/// A single-value container: the one value of its encoder's frame.
struct RecordJSONSingleValueContainer: SingleValueEncodingContainer, RecordJSONValueWriting {
    /// The encoder that writes the text.
    let encoder: RecordJSONEncoder
    /// The value's frame.
    let frame: RecordJSONEncoder.FrameReference

    var codingPath: [any CodingKey] { encoder.codingPathRead(of: frame) }

    func beginValue() throws -> RecordJSONEncoder.PathComponent {
        try encoder.beginSingleValue(in: frame)
        return .none
    }

    // In the type: the standard library's defaults for them would be as good a match as
    // RecordJSONValueWriting's.

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: Int128) throws {
        _ = try beginValue()
        encoder.appendRaw(value.description)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: UInt128) throws {
        _ = try beginValue()
        encoder.appendRaw(value.description)
    }
}

/// A container that writes values without keys, one after another (an unkeyed container)
/// or once (a single-value container): the writes they share.
protocol RecordJSONValueWriting {
    /// The encoder that writes the text.
    var encoder: RecordJSONEncoder { get }

    /// Starts the next value.
    ///
    /// - Returns: The value's place in the coding path.
    func beginValue() throws -> RecordJSONEncoder.PathComponent
}

extension RecordJSONValueWriting {
    func encodeNil() throws {
        _ = try beginValue()
        encoder.append("null")
    }

    func encode(_ value: Bool) throws {
        _ = try beginValue()
        encoder.writeBool(value)
    }

    func encode(_ value: String) throws {
        _ = try beginValue()
        encoder.writeString(value)
    }

    func encode(_ value: Double) throws {
        _ = try beginValue()
        try encoder.writeFloat(value)
    }

    func encode(_ value: Float) throws {
        _ = try beginValue()
        try encoder.writeFloat(value)
    }

    func encode(_ value: Int) throws {
        _ = try beginValue()
        encoder.writeInteger(Int64(value))
    }

    func encode(_ value: Int8) throws {
        _ = try beginValue()
        encoder.writeInteger(Int64(value))
    }

    func encode(_ value: Int16) throws {
        _ = try beginValue()
        encoder.writeInteger(Int64(value))
    }

    func encode(_ value: Int32) throws {
        _ = try beginValue()
        encoder.writeInteger(Int64(value))
    }

    func encode(_ value: Int64) throws {
        _ = try beginValue()
        encoder.writeInteger(value)
    }

    func encode(_ value: UInt) throws {
        _ = try beginValue()
        encoder.writeUnsigned(UInt64(value))
    }

    func encode(_ value: UInt8) throws {
        _ = try beginValue()
        encoder.writeUnsigned(UInt64(value))
    }

    func encode(_ value: UInt16) throws {
        _ = try beginValue()
        encoder.writeUnsigned(UInt64(value))
    }

    func encode(_ value: UInt32) throws {
        _ = try beginValue()
        encoder.writeUnsigned(UInt64(value))
    }

    func encode(_ value: UInt64) throws {
        _ = try beginValue()
        encoder.writeUnsigned(value)
    }

    func encode<Value: Encodable>(_ value: Value) throws {
        let component = try beginValue()
        if try !encoder.writeSpecial(value) {
            try encoder.writeNested(value, at: component)
        }
    }
}
