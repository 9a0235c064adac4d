import Foundation
import RecordCoding

/// The one way a store writes a record, its ids or a value of it as JSON: compact, `/` left
/// unescaped so that URLs read as written, and keys sorted when asked.
///
/// Every path that writes a record goes through it (a save, a batch, a section or document
/// written again, a compaction, a record migrated or merged), so that a file holds one key
/// order:
///
/// - keys unsorted, a `RecordJSONEncoder` writes each object's keys in the order the value's
///   `encode(to:)` writes them, at about a third of `JSONEncoder`'s cost;
/// - keys sorted, `JSONEncoder` with `.sortedKeys` writes them, so that the same value always
///   encodes to the same bytes.
///
/// Both write the same JSON values, and throw `JSONEncoder`'s errors.
///
/// Not thread-safe, as `RecordJSONEncoder` is not: each thread makes its own.
package final class RecordEncoder {
    /// Whether it sorts each object's keys.
    package let sortsKeys: Bool
    /// The encoder of unsorted keys, made at the first value.
    private lazy var direct = RecordJSONEncoder()
    /// The encoder of sorted keys, made at the first value.
    private lazy var sorted: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// An encoder that sorts keys or not.
    ///
    /// - Parameter sortingKeys: Whether to sort each object's keys; `false` by default.
    package init(sortingKeys: Bool = false) {
        sortsKeys = sortingKeys
    }

    /// The JSON of a value, as UTF-8.
    ///
    /// - Parameter value: The value: a record, its ids, or a value of one.
    /// - Returns: Its JSON.
    /// - Throws: `EncodingError` as `JSONEncoder` throws it, or the value's own error.
    package func encode<Value: Encodable>(_ value: Value) throws -> Data {
        sortsKeys ? try sorted.encode(value) : try direct.encodedData(value)
    }
}
