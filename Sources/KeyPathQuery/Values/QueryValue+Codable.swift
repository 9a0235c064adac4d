import Foundation

extension QueryValue: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case bool, integer, unsignedInteger, double, string, date, uuid, url, data, list
    }

    /// Decodes a value from its tagged form: `null`, or an object with one key naming the kind,
    /// such as `{"integer": 80}` or `{"date": 1700000000}` (seconds since 1970).
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` when the object does not have exactly one known
    ///   key, or when a UUID, URL or base-64 payload is malformed.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), single.decodeNil() {
            self = .null
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: """
                        A query value is null or an object with one of the keys \
                        \(CodingKeys.allCases.map(\.rawValue).joined(separator: ", ")); \
                        found keys: \(container.allKeys.map(\.stringValue))
                        """
                ))
        }
        switch key {
        case .bool: self = .bool(try container.decode(Bool.self, forKey: key))
        case .integer: self = .integer(try container.decode(Int64.self, forKey: key))
        case .unsignedInteger:
            self = .unsignedInteger(try container.decode(UInt64.self, forKey: key))
        case .double: self = .double(try container.decode(Double.self, forKey: key))
        case .string: self = .string(try container.decode(String.self, forKey: key))
        case .date:
            self = .date(
                Date(timeIntervalSince1970: try container.decode(Double.self, forKey: key)))
        case .uuid:
            let text = try container.decode(String.self, forKey: key)
            guard let uuid = UUID(uuidString: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "\"\(text)\" is not a UUID.")
            }
            self = .uuid(uuid)
        case .url:
            let text = try container.decode(String.self, forKey: key)
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "\"\(text)\" is not a URL.")
            }
            self = .url(url)
        case .data:
            let text = try container.decode(String.self, forKey: key)
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "The data is not base-64.")
            }
            self = .data(data)
        case .list: self = .list(try container.decode([QueryValue].self, forKey: key))
        }
    }

    /// Encodes the value in its tagged form (see ``init(from:)``).
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError` when the encoder cannot write a value.
    public func encode(to encoder: any Encoder) throws {
        if case .null = self {
            var single = encoder.singleValueContainer()
            try single.encodeNil()
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .null: break
        case .bool(let value): try container.encode(value, forKey: .bool)
        case .integer(let value): try container.encode(value, forKey: .integer)
        case .unsignedInteger(let value): try container.encode(value, forKey: .unsignedInteger)
        case .double(let value): try container.encode(value, forKey: .double)
        case .string(let value): try container.encode(value, forKey: .string)
        case .date(let value): try container.encode(value.timeIntervalSince1970, forKey: .date)
        case .uuid(let value): try container.encode(value.uuidString, forKey: .uuid)
        case .url(let value): try container.encode(value.absoluteString, forKey: .url)
        case .data(let value): try container.encode(value.base64EncodedString(), forKey: .data)
        case .list(let values): try container.encode(values, forKey: .list)
        }
    }
}
