import Foundation

/// A JSON text scanned once into a flat list of nodes, which ``RecordJSONDecoder``'s
/// containers read by index: each value is a node, an object's children are its keys and
/// values in turn, and each node knows where its subtree ends.
///
/// The scan accepts only what it can read exactly as `JSONDecoder` does, and stops at
/// anything else (a key twice in one object, text that is not UTF-8,
/// nesting deeper than 512): the decoder then leaves the whole value to `JSONDecoder`.
final class RecordJSONDocument {
    /// What a node is.
    enum Kind: UInt8 {
        case object, array, string, escapedString, number, `true`, `false`, null
    }

    /// One value or key.
    struct Node {
        var kind: Kind
        /// A container's number of values (an object's pairs); a key's hash.
        var count: UInt32
        /// Where the node's text starts: after a string's opening quote.
        var start: Int32
        /// Where its text ends: before a string's closing quote.
        var end: Int32
        /// The index of the node after its subtree.
        var next: Int32
    }

    /// Why a scan or a read stopped: the decoder leaves the value to `JSONDecoder`.
    struct Unreadable: Error {}

    let bytes: UnsafeRawBufferPointer
    /// The values and keys, in the text's order: `let`, so that reading them costs no
    /// exclusivity check.
    let nodes: [Node]
    /// The text of each key written with escapes, by node.
    let unescapedKeys: [Int: [UInt8]]
    /// The decoders' `userInfo`.
    var userInfo: [CodingUserInfoKey: Any] = [:]
    /// Whether a read stopped, even if the value's code caught the error: the value is then
    /// left to `JSONDecoder`.
    var refused = false

    /// Scans a JSON text, which must stay valid while the document is used.
    ///
    /// - Throws: ``Unreadable`` for text the scan does not read (see the type).
    init(_ bytes: UnsafeRawBufferPointer) throws(Unreadable) {
        guard bytes.count < Int32.max else { throw Unreadable() }
        var scanner = RecordJSONScanner(bytes: bytes)
        try scanner.scanDocument()
        self.bytes = bytes
        nodes = scanner.nodes
        unescapedKeys = scanner.unescapedKeys
    }

    /// FNV-1a, 32 bits: the hash of keys.
    static let hashSeed: UInt32 = 2_166_136_261

    static func hash(_ hash: UInt32, _ byte: UInt8) -> UInt32 {
        (hash ^ UInt32(byte)) &* 16_777_619
    }
}
