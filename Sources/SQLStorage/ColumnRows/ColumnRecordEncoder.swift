import KeyPathQuery

/// Encodes a record into the scalar values of its top-level keys, when it is that simple: the
/// first half of telling whether a row's attribute columns alone hold the record (see
/// ``ColumnRow``).
///
/// A record encodes *flat* when its `encode(to:)` asks for one keyed container, and each value
/// it puts there is a Boolean, an integer that fits in 64 signed bits, a finite `Double` or
/// `Float` other than `-0.0`, or text, directly or through a single-value container of the
/// value's own (a raw-value enum, a `Date`, a wrapper). Anything else leaves the record to its
/// JSON: a nested or unkeyed container, an explicit `nil` (`encodeNil`, which JSON keeps as a
/// key and a column cannot tell from an absent one), a super encoder, or a key written twice.
///
/// ```swift
/// struct Form: Codable { var id: Int; var name: String; var attack: Int? }
/// ColumnRecordEncoder.values(of: Form(id: 1, name: "bulbasaur", attack: nil))
/// // ["id": .integer(1), "name": .text("bulbasaur")]
/// ```
package enum ColumnRecordEncoder {
    /// A record's top-level keys and their scalar values, or `nil` when it does not encode
    /// flat (see the type's discussion), or its encoding throws.
    ///
    /// Booleans are ``SQLBinding/boolean(_:)``, integers ``SQLBinding/integer(_:)``,
    /// floating-point numbers ``SQLBinding/real(_:)`` and text ``SQLBinding/text(_:)``,
    /// whatever the backend's dialect: ``ColumnRow/holdsRecord(_:in:)`` compares them with
    /// the columns as each backend binds them.
    ///
    /// - Complexity: It stops at the record's first value that is not a scalar: a record that
    ///   is never flat costs only the values before that one.
    package static func values(of record: some Encodable) -> [String: SQLBinding]? {
        guard let (keys, values) = keysAndValues(of: record) else { return nil }
        return Dictionary(uniqueKeysWithValues: zip(keys, values))
    }

    /// A record's top-level keys and their scalar values, in the order it wrote them, each
    /// key once; `nil` as for ``values(of:)``.
    package static func keysAndValues(
        of record: some Encodable
    ) -> (keys: [String], values: [SQLBinding])? {
        let encoder = FlatEncoder()
        do {
            try record.encode(to: encoder)
        } catch {
            return nil
        }
        guard encoder.state.isFlat, encoder.state.hasContainer else { return nil }
        return (encoder.state.keys, encoder.state.values)
    }
}

/// What a ``FlatEncoder`` has seen: shared by its containers, as an `Encoder`'s containers
/// outlive the calls that make them.
private final class FlatEncodingState {
    /// The keys and their values, in the order written: a record has a few, and comparing
    /// a few short keys costs less than hashing them into a dictionary.
    var keys: [String] = []
    var values: [SQLBinding] = []
    var isFlat = true
    var hasContainer = false

    /// Keeps a key's scalar, or throws ``NotFlat`` for no scalar or a key written again.
    func put(_ value: SQLBinding?, forKey key: String) throws(NotFlat) {
        guard let value, !keys.contains(key) else {
            isFlat = false
            throw NotFlat()
        }
        keys.append(key)
        values.append(value)
    }
}

/// Thrown through the record's `encode(to:)` at its first value that is not a scalar, so that
/// encoding stops there.
private struct NotFlat: Error {}

/// The record's encoder: one keyed container, of scalars.
private struct FlatEncoder: Encoder {
    let state = FlatEncodingState()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        // A second call gives the same container, as JSONEncoder's does.
        state.hasContainer = true
        return KeyedEncodingContainer(FlatKeyedContainer<Key>(state: state))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        state.isFlat = false
        return RefusingUnkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        state.isFlat = false
        return ScalarCapture()
    }
}

private struct FlatKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: FlatEncodingState
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        state.isFlat = false
        throw NotFlat()
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try state.put(.boolean(value), forKey: key.stringValue)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        try state.put(.text(value), forKey: key.stringValue)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        try state.put(ScalarCapture.real(value), forKey: key.stringValue)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        try state.put(ScalarCapture.real(Double(value)), forKey: key.stringValue)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(value, key) }
    /// Keeps an integer, or ends the record when it does not fit in 64 signed bits.
    private func put(_ value: some FixedWidthInteger, _ key: Key) throws {
        try state.put(ScalarCapture.integer(value), forKey: key.stringValue)
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let capture = ScalarCapture()
        try value.encode(to: capture)
        try state.put(capture.box.value, forKey: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy _: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        state.isFlat = false
        return KeyedEncodingContainer(RefusingKeyedContainer<NestedKey>())
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        state.isFlat = false
        return RefusingUnkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder {
        state.isFlat = false
        return ScalarCapture()
    }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        state.isFlat = false
        return ScalarCapture()
    }
}

/// A value's own encoder, for a value under a key that is not a scalar the container takes
/// directly: it keeps the one scalar the value writes through a single-value container, and
/// `nil` for anything else.
private struct ScalarCapture: Encoder, SingleValueEncodingContainer {
    final class Box {
        var value: SQLBinding?
        var isSpoiled = false

        func set(_ newValue: SQLBinding?) {
            if value != nil || isSpoiled || newValue == nil {
                isSpoiled = true
                value = nil
            } else {
                value = newValue
            }
        }
    }

    let box = Box()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// A `Double` as a column keeps it, or `nil` when a column might not give it back bit for
    /// bit: not a number, an infinity, or `-0.0` (which SQLite stores as the integer 0).
    static func real(_ value: Double) -> SQLBinding? {
        guard value.isFinite, !(value == 0 && value.sign == .minus) else { return nil }
        return .real(value)
    }

    /// An integer as a column keeps it, or `nil` when it does not fit in 64 signed bits.
    static func integer(_ value: some FixedWidthInteger) -> SQLBinding? {
        Int64(exactly: value).map(SQLBinding.integer)
    }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        box.set(nil)
        return KeyedEncodingContainer(RefusingKeyedContainer<Key>())
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        box.set(nil)
        return RefusingUnkeyedContainer()
    }
    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    mutating func encodeNil() throws { box.set(nil) }
    mutating func encode(_ value: Bool) throws { box.set(.boolean(value)) }
    mutating func encode(_ value: String) throws { box.set(.text(value)) }
    mutating func encode(_ value: Double) throws { box.set(Self.real(value)) }
    mutating func encode(_ value: Float) throws { box.set(Self.real(Double(value))) }
    mutating func encode(_ value: Int) throws { box.set(Self.integer(value)) }
    mutating func encode(_ value: Int8) throws { box.set(Self.integer(value)) }
    mutating func encode(_ value: Int16) throws { box.set(Self.integer(value)) }
    mutating func encode(_ value: Int32) throws { box.set(Self.integer(value)) }
    mutating func encode(_ value: Int64) throws { box.set(Self.integer(value)) }
    mutating func encode(_ value: UInt) throws { box.set(Self.integer(value)) }
    mutating func encode(_ value: UInt8) throws { box.set(Self.integer(value)) }
    mutating func encode(_ value: UInt16) throws { box.set(Self.integer(value)) }
    mutating func encode(_ value: UInt32) throws { box.set(Self.integer(value)) }
    mutating func encode(_ value: UInt64) throws { box.set(Self.integer(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        // A wrapper of a wrapper: its own value, through this same capture.
        try value.encode(to: self)
    }
}

/// A container for a record already known not to be flat: the first value put in it throws
/// ``NotFlat``, which ends the record's `encode(to:)`.
private struct RefusingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil(forKey key: Key) throws { throw NotFlat() }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw NotFlat() }
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy _: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingKeyedContainer<NestedKey>())
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        RefusingUnkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { ScalarCapture() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { ScalarCapture() }
}

private struct RefusingUnkeyedContainer: UnkeyedEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }
    mutating func encodeNil() throws { throw NotFlat() }
    mutating func encode<T: Encodable>(_ value: T) throws { throw NotFlat() }
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy _: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingKeyedContainer<NestedKey>())
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        RefusingUnkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { ScalarCapture() }
}
