import KeyPathQuery

/// Decodes a record from a row's attribute columns, for a row whose columns hold it
/// (``ColumnRow``): each coding key is read from the column of its name, and a `NULL` column is
/// an absent key.
///
/// It gives what decoding the record's JSON gives: Booleans from ``SQLBinding/boolean(_:)``
/// or the integers 0 and 1, integers from ``SQLBinding/integer(_:)`` when they fit the type,
/// floating-point numbers from ``SQLBinding/real(_:)`` or an integer, text from
/// ``SQLBinding/text(_:)``, and any other value through a single-value container of its own.
/// Anything else throws the `DecodingError` a JSON decoder would, with the key's path.
///
/// ```swift
/// let decoder = ColumnRecordDecoder(columns: ["id", "name", "attack"])
/// let form = try decoder.decode(Form.self, from: [.integer(1), .text("bulbasaur"), .null])
/// ```
package struct ColumnRecordDecoder: Sendable {
    /// The columns' names, in a row's order.
    ///
    /// A key's column is found by comparing names in
    /// turn: a model has a few columns, and comparing short names costs less than hashing one.
    private let names: [String]

    /// A decoder of rows with these columns.
    ///
    /// - Parameter names: The attribute columns' names, in the order of a row's values.
    package init(columns names: [String]) {
        self.names = names
    }

    /// Decodes a record from a row's values.
    ///
    /// - Parameters:
    ///   - type: The record's type.
    ///   - values: The row's attribute columns, in the order of the names given at `init`.
    /// - Returns: The record.
    /// - Throws: The `DecodingError` that decoding the record's JSON would throw.
    package func decode<Model: Decodable>(
        _ type: Model.Type, from values: [SQLBinding]
    ) throws -> Model {
        try Model(from: RowDecoder(names: names, values: values))
    }
}

/// The record's decoder: one keyed container over the row.
private struct RowDecoder: Decoder {
    let names: [String]
    let values: [SQLBinding]
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowContainer<Key>(names: names, values: values))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self,
            .init(codingPath: [], debugDescription: "A row's columns hold a keyed record."))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(
            Any.self,
            .init(codingPath: [], debugDescription: "A row's columns hold a keyed record."))
    }
}

private struct RowContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let names: [String]
    let values: [SQLBinding]
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        zip(names, values).compactMap { name, value in
            value == .null ? nil : Key(stringValue: name)
        }
    }

    /// The key's column, `nil` when it has none or holds `NULL`.
    private func value(_ key: Key) -> SQLBinding? {
        // The first column of the name, as the names of a table's columns are distinct.
        guard let position = names.firstIndex(of: key.stringValue), position < values.count,
            values[position] != .null
        else { return nil }
        return values[position]
    }

    private func column(_ key: Key) throws -> ColumnValue {
        guard let value = value(key) else {
            throw DecodingError.keyNotFound(
                key,
                .init(
                    codingPath: [],
                    debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return ColumnValue(binding: value, key: key)
    }

    func contains(_ key: Key) -> Bool { value(key) != nil }
    /// As a JSON decoder: `NULL` is an absent key, and asking whether an absent key is `nil`
    /// throws `keyNotFound` (a row that holds its record has no explicit `nil`).
    func decodeNil(forKey key: Key) throws -> Bool {
        _ = try column(key)
        return false
    }
    func decode(_: Bool.Type, forKey key: Key) throws -> Bool { try column(key).bool() }
    func decode(_: String.Type, forKey key: Key) throws -> String { try column(key).string() }
    func decode(_: Double.Type, forKey key: Key) throws -> Double { try column(key).double() }
    func decode(_: Float.Type, forKey key: Key) throws -> Float { try column(key).float() }
    func decode(_: Int.Type, forKey key: Key) throws -> Int { try column(key).integer() }
    func decode(_: Int8.Type, forKey key: Key) throws -> Int8 { try column(key).integer() }
    func decode(_: Int16.Type, forKey key: Key) throws -> Int16 { try column(key).integer() }
    func decode(_: Int32.Type, forKey key: Key) throws -> Int32 { try column(key).integer() }
    func decode(_: Int64.Type, forKey key: Key) throws -> Int64 { try column(key).integer() }
    func decode(_: UInt.Type, forKey key: Key) throws -> UInt { try column(key).integer() }
    func decode(_: UInt8.Type, forKey key: Key) throws -> UInt8 { try column(key).integer() }
    func decode(_: UInt16.Type, forKey key: Key) throws -> UInt16 { try column(key).integer() }
    func decode(_: UInt32.Type, forKey key: Key) throws -> UInt32 { try column(key).integer() }
    func decode(_: UInt64.Type, forKey key: Key) throws -> UInt64 { try column(key).integer() }
    func decode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T {
        try T(from: try column(key))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy _: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw ColumnValue.notScalar([String: Any].self, at: [key])
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw ColumnValue.notScalar([Any].self, at: [key])
    }
    func superDecoder() throws -> any Decoder {
        throw ColumnValue.notScalar([String: Any].self, at: [])
    }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw ColumnValue.notScalar([String: Any].self, at: [key])
    }
}

/// One column's value, as the decoder of the value under its key (`Date`, a raw-value enum)
/// and as that decoder's single-value container.
private struct ColumnValue: Decoder, SingleValueDecodingContainer {
    let binding: SQLBinding
    /// The key the value is under, made a coding path only for an error.
    let key: (any CodingKey)?
    var codingPath: [any CodingKey] { key.map { [$0] } ?? [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func notScalar(_ type: Any.Type, at path: [any CodingKey]) -> DecodingError {
        .typeMismatch(
            type,
            .init(codingPath: path, debugDescription: "A column holds a single value."))
    }

    private func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(
            type,
            .init(codingPath: codingPath, debugDescription: "The column holds \(binding)."))
    }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw Self.notScalar([String: Any].self, at: codingPath)
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw Self.notScalar([Any].self, at: codingPath)
    }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { binding == .null }

    func bool() throws -> Bool {
        switch binding {
        case .boolean(let flag): return flag
        case .integer(0): return false
        case .integer(1): return true
        default: throw mismatch(Bool.self)
        }
    }

    func string() throws -> String {
        guard case .text(let text) = binding else { throw mismatch(String.self) }
        return text
    }

    func double() throws -> Double {
        switch binding {
        case .real(let number): return number
        case .integer(let number): return Double(number)
        default: throw mismatch(Double.self)
        }
    }

    func float() throws -> Float {
        let number = try double()
        guard number.magnitude <= Double(Float.greatestFiniteMagnitude) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath,
                    debugDescription: "Number \(number) does not fit in Float."))
        }
        return Float(number)
    }

    func integer<Integer: FixedWidthInteger>() throws -> Integer {
        guard case .integer(let number) = binding else { throw mismatch(Integer.self) }
        guard let fitting = Integer(exactly: number) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath,
                    debugDescription: "Number \(number) does not fit in \(Integer.self)."))
        }
        return fitting
    }

    func decode(_: Bool.Type) throws -> Bool { try bool() }
    func decode(_: String.Type) throws -> String { try string() }
    func decode(_: Double.Type) throws -> Double { try double() }
    func decode(_: Float.Type) throws -> Float { try float() }
    func decode(_: Int.Type) throws -> Int { try integer() }
    func decode(_: Int8.Type) throws -> Int8 { try integer() }
    func decode(_: Int16.Type) throws -> Int16 { try integer() }
    func decode(_: Int32.Type) throws -> Int32 { try integer() }
    func decode(_: Int64.Type) throws -> Int64 { try integer() }
    func decode(_: UInt.Type) throws -> UInt { try integer() }
    func decode(_: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_: UInt64.Type) throws -> UInt64 { try integer() }
    func decode<T: Decodable>(_: T.Type) throws -> T { try T(from: self) }
}
