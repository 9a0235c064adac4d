import Foundation

/// A keyed container: an object's members.
struct RecordJSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    /// The encoder that writes the text.
    let encoder: RecordJSONEncoder
    /// The object's frame.
    let frame: RecordJSONOutput.FrameReference

    var codingPath: [any CodingKey] { encoder.codingPathRead(of: frame) }

    private func begin(_ key: Key) throws {
        try encoder.output.pointee.beginMember(key.stringValue, in: frame)
    }

    func encodeNil(forKey key: Key) throws {
        try begin(key)
        encoder.output.pointee.append("null")
    }

    func encode(_ value: Bool, forKey key: Key) throws {
        try begin(key)
        encoder.output.pointee.writeBool(value)
    }

    func encode(_ value: String, forKey key: Key) throws {
        try begin(key)
        encoder.output.pointee.writeString(value)
    }

    func encode(_ value: Double, forKey key: Key) throws {
        try begin(key)
        try encoder.output.pointee.writeFloat(value)
    }

    func encode(_ value: Float, forKey key: Key) throws {
        try begin(key)
        try encoder.output.pointee.writeFloat(value)
    }

    func encode(_ value: Int, forKey key: Key) throws {
        try begin(key)
        encoder.output.pointee.writeInteger(Int64(value))
    }

    func encode(_ value: Int8, forKey key: Key) throws {
        try begin(key)
        encoder.output.pointee.writeInteger(Int64(value))
    }

    func encode(_ value: Int16, forKey key: Key) throws {
        try begin(key)
        encoder.output.pointee.writeInteger(Int64(value))
    }

    func encode(_ value: Int32, forKey key: Key) throws {
        try begin(key)
        encoder.output.pointee.writeInteger(Int64(value))
    }

    func encode(_ value: Int64, forKey key: Key) throws {
        try begin(key)
        encoder.output.pointee.writeInteger(value)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: Int128, forKey key: Key) throws {
        try begin(key)
        encoder.output.pointee.appendRaw(value.description)
    }

    func encode(_ value: UInt, forKey key: Key) throws {
        try begin(key)
        encoder.output.pointee.writeUnsigned(UInt64(value))
    }

    func encode(_ value: UInt8, forKey key: Key) throws {
        try begin(key)
        encoder.output.pointee.writeUnsigned(UInt64(value))
    }

    func encode(_ value: UInt16, forKey key: Key) throws {
        try begin(key)
        encoder.output.pointee.writeUnsigned(UInt64(value))
    }

    func encode(_ value: UInt32, forKey key: Key) throws {
        try begin(key)
        encoder.output.pointee.writeUnsigned(UInt64(value))
    }

    func encode(_ value: UInt64, forKey key: Key) throws {
        try begin(key)
        encoder.output.pointee.writeUnsigned(value)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: UInt128, forKey key: Key) throws {
        try begin(key)
        encoder.output.pointee.appendRaw(value.description)
    }

    func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try begin(key)
        if try !encoder.writeSpecial(value) {
            try encoder.writeNested(value)
        }
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(
            RecordJSONKeyedContainer<NestedKey>(
                encoder: encoder,
                frame: encoder.output.pointee.openMember(
                    .object, forKey: key.stringValue, in: frame)))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        RecordJSONUnkeyedContainer(
            encoder: encoder,
            frame: encoder.output.pointee.openMember(.array, forKey: key.stringValue, in: frame))
    }

    func superEncoder() -> any Encoder {
        RecordJSONValueEncoder(
            encoder: encoder,
            frame: encoder.output.pointee.openMember(.empty, forKey: "super", in: frame))
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        RecordJSONValueEncoder(
            encoder: encoder,
            frame: encoder.output.pointee.openMember(.empty, forKey: key.stringValue, in: frame))
    }
}
