import Foundation
import Testing

@testable import ModelStorage
@testable import RecordCoding

/// RecordJSONEncoder against `JSONEncoder` configured as the store configured it before
/// (`.withoutEscapingSlashes`, the default strategies).
enum EncoderComparison {
    /// What `JSONEncoder` writes for a value, or the error it throws.
    static func foundation<Value: Encodable>(_ value: Value) -> Result<String, any Error> {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return Result { String(decoding: try encoder.encode(value), as: UTF8.self) }
    }

    /// How RecordJSONEncoder's result differs from `JSONEncoder`'s, or `nil` when it does
    /// not: the same JSON value (JSONSerialization's trees equal, and the text equal token
    /// for token once each object's members are sorted), or the same error, an
    /// `EncodingError` when `JSONEncoder`'s is.
    static func difference<Value: Encodable>(
        _ value: Value, encoder: RecordJSONEncoder = RecordJSONEncoder()
    ) -> String? {
        let ours = Result { try encoder.encode(value) }
        switch (foundation(value), ours) {
        case (.success(let expected), .success(let actual)):
            // JSONEncoder writes a Decimal NaN as `NaN`, which no parser reads.
            if expected == actual { return nil }
            // JSONSerialization reads neither when a number is too large for it.
            switch (tree(expected), tree(actual)) {
            case (let expectedTree?, let actualTree?):
                guard sameTree(expectedTree, actualTree) else {
                    return "different values: expected \(expected), got \(actual)"
                }
            case (nil, nil): break
            default: return "one is not JSON: expected \(expected), got \(actual)"
            }
            guard let expectedTokens = sortedTokens(expected),
                expectedTokens == sortedTokens(actual)
            else {
                return "different text: expected \(expected), got \(actual)"
            }
            return nil
        case (.failure(let expected), .failure(let actual)):
            if expected is EncodingError, !(actual is EncodingError) {
                return "expected an EncodingError, got \(actual)"
            }
            return "\(expected)" == "\(actual)"
                ? nil : "different errors: expected \(expected), got \(actual)"
        case (.success(let expected), .failure(let actual)):
            return "expected \(expected), got the error \(actual)"
        case (.failure(let expected), .success(let actual)):
            return "expected the error \(expected), got \(actual)"
        }
    }

    /// Expects RecordJSONEncoder to write what `JSONEncoder` writes (``difference(_:encoder:)``).
    static func expectSame<Value: Encodable>(
        _ value: Value, encoder: RecordJSONEncoder = RecordJSONEncoder(),
        _ label: @autoclosure () -> String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if let difference = difference(value, encoder: encoder) {
            Issue.record(
                "\(label()) \(Value.self): \(difference)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Trees

    /// JSONSerialization's tree of a text.
    static func tree(_ text: String) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
    }

    /// Whether two of JSONSerialization's trees are equal: the same keys, strings equal in
    /// their UTF-8, numbers equal.
    static func sameTree(_ left: Any, _ right: Any) -> Bool {
        switch (left, right) {
        case (let left as [String: Any], let right as [String: Any]):
            return left.count == right.count
                && left.allSatisfy { key, value in
                    right[key].map { sameTree(value, $0) } ?? false
                }
        case (let left as [Any], let right as [Any]):
            return left.count == right.count && zip(left, right).allSatisfy(sameTree)
        case (is NSNull, is NSNull):
            return true
        case (let left as String, let right as String):
            return left.utf8.elementsEqual(right.utf8)
        case (let left as NSNumber, let right as NSNumber):
            // A Boolean is an NSNumber of a class of its own.
            return type(of: left) == type(of: right) && left == right
                && left.stringValue == right.stringValue
        default:
            return false
        }
    }

    // MARK: Tokens

    /// A JSON text with each object's members sorted, every token as written: equal for two
    /// texts that differ only in the order of their keys.
    static func sortedTokens(_ text: String) -> String? {
        let reader = TokenReader(bytes: Array(text.utf8))
        guard let sorted = reader.value(), reader.position == reader.bytes.count else {
            return nil
        }
        return sorted
    }

    /// Reads compact JSON, sorting objects' members.
    private final class TokenReader {
        let bytes: [UInt8]
        var position = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func value() -> String? {
            guard position < bytes.count else { return nil }
            switch bytes[position] {
            case UInt8(ascii: "{"): return members()
            case UInt8(ascii: "["): return elements()
            case UInt8(ascii: "\""): return string()
            default:
                let start = position
                let ends: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")]
                while position < bytes.count, !ends.contains(bytes[position]) {
                    position += 1
                }
                return position > start ? text(start..<position) : nil
            }
        }

        private func members() -> String? {
            position += 1
            var members: [String] = []
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return "{}"
            }
            while true {
                guard let key = string(), expect(":"), let member = value() else { return nil }
                members.append(key + ":" + member)
                if expect("}") { return "{" + members.sorted().joined(separator: ",") + "}" }
                guard expect(",") else { return nil }
            }
        }

        private func elements() -> String? {
            position += 1
            var elements: [String] = []
            if expect("]") { return "[]" }
            while true {
                guard let element = value() else { return nil }
                elements.append(element)
                if expect("]") { return "[" + elements.joined(separator: ",") + "]" }
                guard expect(",") else { return nil }
            }
        }

        private func string() -> String? {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                return nil
            }
            let start = position
            position += 1
            while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
            }
            position += 1
            return position <= bytes.count ? text(start..<position) : nil
        }

        private func expect(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else {
                return false
            }
            position += 1
            return true
        }

        private func text(_ range: Range<Int>) -> String {
            String(decoding: bytes[range], as: UTF8.self)
        }
    }
}
