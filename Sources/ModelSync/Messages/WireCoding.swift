import Foundation
import ModelStorage

/// Converts records and ids to and from their JSON form on the wire, the same on every side.
enum WireCoding {
    /// Encodes a value as a JSON value.
    static func json(_ value: some Encodable) throws -> JSONValue {
        let data = try encoder.encode(value)
        return try decoder.decode(JSONValue.self, from: data)
    }

    /// Decodes a value from a JSON value.
    static func value<Value: Decodable>(_ type: Value.Type, from json: JSONValue) throws -> Value {
        try decoder.decode(Value.self, from: try encoder.encode(json))
    }

    /// The JSON text of a value, its keys sorted, in one pass: no tree is built.
    static func text(of value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Decodes a value from its JSON text, in one pass.
    static func value<Value: Decodable>(_ type: Value.Type, fromText text: String) throws -> Value {
        try decoder.decode(Value.self, from: Data(text.utf8))
    }

    /// The JSON text of a value with its keys sorted: the same text for equal values.
    static func text(_ json: JSONValue) -> String {
        guard let data = try? encoder.encode(json) else { return "\(json)" }
        return String(decoding: data, as: UTF8.self)
    }

    /// A JSON value from its text.
    static func json(text: String) throws -> JSONValue {
        try decoder.decode(JSONValue.self, from: Data(text.utf8))
    }

    /// How deep a value nests arrays and objects.
    static func depth(of json: JSONValue) -> Int {
        switch json {
        case .array(let elements): 1 + (elements.lazy.map(depth(of:)).max() ?? 0)
        case .object(let members): 1 + (members.values.lazy.map(depth(of:)).max() ?? 0)
        default: 0
        }
    }

    // Made once: a pull or a push codes every record it carries, and an encoder and a
    // decoder are safe to share (their settings are never changed after this).
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }()
}
