import Foundation

/// The `Encoder` a value gets from ``RecordJSONEncoder``: its frame, and the containers that
/// write in it.
struct RecordJSONValueEncoder: Encoder {
    /// The encoder that writes the text.
    let encoder: RecordJSONEncoder
    /// The value's frame.
    let frame: RecordJSONOutput.FrameReference

    var codingPath: [any CodingKey] { encoder.codingPathRead(of: frame) }

    /// None, as `JSONEncoder`'s when none are set.
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        encoder.output.pointee.openContainer(.object, in: frame)
        return KeyedEncodingContainer(RecordJSONKeyedContainer<Key>(encoder: encoder, frame: frame))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.output.pointee.openContainer(.array, in: frame)
        return RecordJSONUnkeyedContainer(encoder: encoder, frame: frame)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        RecordJSONSingleValueContainer(encoder: encoder, frame: frame)
    }
}

/// The keys of the coding paths ``RecordJSONEncoder`` gives.
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
}

/// An unkeyed container: an array's elements.
struct RecordJSONUnkeyedContainer: UnkeyedEncodingContainer, RecordJSONValueWriting {
    /// The encoder that writes the text.
    let encoder: RecordJSONEncoder
    /// The array's frame.
    let frame: RecordJSONOutput.FrameReference

    var codingPath: [any CodingKey] { encoder.codingPathRead(of: frame) }

    var count: Int {
        let frames = encoder.output.pointee.frames
        return frame.index >= 0 && frame.index < frames.count ? frames[frame.index].count : 0
    }

    func beginValue() throws {
        try encoder.output.pointee.beginElement(in: frame)
    }

    // In the type: the standard library's defaults for them would be as good a match as
    // RecordJSONValueWriting's.

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: Int128) throws {
        try beginValue()
        encoder.output.pointee.appendRaw(value.description)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: UInt128) throws {
        try beginValue()
        encoder.output.pointee.appendRaw(value.description)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(
            RecordJSONKeyedContainer<NestedKey>(
                encoder: encoder, frame: encoder.output.pointee.openElement(.object, in: frame)))
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        RecordJSONUnkeyedContainer(
            encoder: encoder, frame: encoder.output.pointee.openElement(.array, in: frame))
    }

    func superEncoder() -> any Encoder {
        RecordJSONValueEncoder(
            encoder: encoder, frame: encoder.output.pointee.openElement(.empty, in: frame))
    }
}

/// A single-value container: the one value of its encoder's frame.
struct RecordJSONSingleValueContainer: SingleValueEncodingContainer, RecordJSONValueWriting {
    /// The encoder that writes the text.
    let encoder: RecordJSONEncoder
    /// The value's frame.
    let frame: RecordJSONOutput.FrameReference

    var codingPath: [any CodingKey] { encoder.codingPathRead(of: frame) }

    func beginValue() throws {
        try encoder.output.pointee.beginSingleValue(in: frame)
    }

    // In the type: the standard library's defaults for them would be as good a match as
    // RecordJSONValueWriting's.

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: Int128) throws {
        try beginValue()
        encoder.output.pointee.appendRaw(value.description)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: UInt128) throws {
        try beginValue()
        encoder.output.pointee.appendRaw(value.description)
    }
}

/// A container that writes values without keys, one after another (an unkeyed container)
/// or once (a single-value container): the writes they share.
protocol RecordJSONValueWriting {
    /// The encoder that writes the text.
    var encoder: RecordJSONEncoder { get }

    /// Starts the next value.
    func beginValue() throws
}

extension RecordJSONValueWriting {
    func encodeNil() throws {
        try beginValue()
        encoder.output.pointee.append("null")
    }

    func encode(_ value: Bool) throws {
        try beginValue()
        encoder.output.pointee.writeBool(value)
    }

    func encode(_ value: String) throws {
        try beginValue()
        encoder.output.pointee.writeString(value)
    }

    func encode(_ value: Double) throws {
        try beginValue()
        try encoder.output.pointee.writeFloat(value)
    }

    func encode(_ value: Float) throws {
        try beginValue()
        try encoder.output.pointee.writeFloat(value)
    }

    func encode(_ value: Int) throws {
        try beginValue()
        encoder.output.pointee.writeInteger(Int64(value))
    }

    func encode(_ value: Int8) throws {
        try beginValue()
        encoder.output.pointee.writeInteger(Int64(value))
    }

    func encode(_ value: Int16) throws {
        try beginValue()
        encoder.output.pointee.writeInteger(Int64(value))
    }

    func encode(_ value: Int32) throws {
        try beginValue()
        encoder.output.pointee.writeInteger(Int64(value))
    }

    func encode(_ value: Int64) throws {
        try beginValue()
        encoder.output.pointee.writeInteger(value)
    }

    func encode(_ value: UInt) throws {
        try beginValue()
        encoder.output.pointee.writeUnsigned(UInt64(value))
    }

    func encode(_ value: UInt8) throws {
        try beginValue()
        encoder.output.pointee.writeUnsigned(UInt64(value))
    }

    func encode(_ value: UInt16) throws {
        try beginValue()
        encoder.output.pointee.writeUnsigned(UInt64(value))
    }

    func encode(_ value: UInt32) throws {
        try beginValue()
        encoder.output.pointee.writeUnsigned(UInt64(value))
    }

    func encode(_ value: UInt64) throws {
        try beginValue()
        encoder.output.pointee.writeUnsigned(value)
    }

    func encode<Value: Encodable>(_ value: Value) throws {
        try beginValue()
        if try !encoder.writeSpecial(value) {
            try encoder.writeNested(value)
        }
    }
}
