import Foundation

/// How stores decode records and describe coding errors; ``RecordEncoder`` encodes them.
package enum RecordCoding {
    /// A decoder for records.
    package static func makeDecoder() -> JSONDecoder {
        JSONDecoder()
    }

    /// A coding path as text, such as `records[17].attack`.
    package static func describe(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }

    /// What a decoding or encoding error says, without the coding path.
    package static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(let type, let context):
            return "expected \(type): \(context.debugDescription)"
        case DecodingError.valueNotFound(let type, let context):
            return "missing \(type) value: \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, _):
            return "missing key \"\(key.stringValue)\""
        case DecodingError.dataCorrupted(let context):
            return context.debugDescription
        case EncodingError.invalidValue(_, let context):
            return context.debugDescription
        default:
            return String(describing: error)
        }
    }

    /// The coding path of a decoding error, if it has one.
    package static func codingPath(of error: any Error) -> [any CodingKey]? {
        switch error {
        case DecodingError.typeMismatch(_, let context),
            DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            return context.codingPath
        case DecodingError.keyNotFound(let key, let context):
            return context.codingPath + [key]
        default:
            return nil
        }
    }
}
