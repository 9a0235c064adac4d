import Foundation

/// What ``RecordJSONEncoder`` has written of a value: the text, in a buffer it owns, and the
/// open levels (frames) the next writes go in.
///
/// Its methods never call the value's code, so that the encoder can mutate it through a
/// pointer while the value's `encode(to:)` runs.
struct RecordJSONOutput {
    /// The text written so far.
    private(set) var bytes: UnsafeMutablePointer<UInt8>
    /// The bytes ``bytes`` holds room for.
    private(set) var capacity = 1024
    /// The bytes written.
    private(set) var count = 0
    /// The open levels, outermost first.
    var frames: [Frame] = []
    /// The keys of the open objects, each object's from its frame's `firstKey`.
    var keys: [String] = []
    /// A cheap summary of each of ``keys``, that differs for two keys that differ in ASCII
    /// (``RecordJSONOutput/nonASCIIFingerprint`` for a key that is not ASCII).
    var fingerprints: [UInt64] = []
    /// The keys of open objects that have many, by frame, to look keys up in.
    var keySets: [Int: Set<String>] = [:]
    /// The last generation given to a frame.
    var generation = 0
    /// Whether the value is left to `JSONEncoder`.
    private(set) var isAbandoned = false
    /// The error for a misuse that stops `JSONEncoder`'s process, thrown instead.
    private(set) var misuse: EncodingError?

    init() {
        bytes = .allocate(capacity: capacity)
    }

    /// Frees the buffer.
    func deallocate() {
        bytes.deallocate()
    }

    /// Empties it for the next value.
    mutating func reset() {
        count = 0
        frames.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        fingerprints.removeAll(keepingCapacity: true)
        if !keySets.isEmpty { keySets.removeAll() }
        isAbandoned = false
        misuse = nil
    }

    /// The text written.
    var text: String {
        String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The text written, as UTF-8.
    var data: Data {
        Data(bytes: bytes, count: count)
    }

    /// Leaves the value to `JSONEncoder`.
    mutating func abandon() {
        isAbandoned = true
    }

    /// Gives up on a misuse that stops `JSONEncoder`'s process, to throw an error instead.
    mutating func misuse(_ problem: String, in frame: FrameReference) {
        isAbandoned = true
        misuse = .invalidValue(
            problem, .init(codingPath: codingPath(of: frame), debugDescription: problem))
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toFit: extra) }
    }

    private mutating func grow(toFit extra: Int) {
        var newCapacity = capacity * 2
        while newCapacity < count + extra { newCapacity *= 2 }
        let newBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBytes.initialize(from: bytes, count: count)
        bytes.deallocate()
        bytes = newBytes
        capacity = newCapacity
    }

    /// Writes a byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        bytes[count] = byte
        count += 1
    }

    /// Writes bytes.
    @inline(__always)
    mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
        reserve(buffer.count)
        (bytes + count).initialize(from: base, count: buffer.count)
        count += buffer.count
    }

    /// Counts as written `bytes` that were stored past the end, where room was reserved.
    @inline(__always)
    mutating func skip(_ written: Int) {
        count += written
    }

    /// Writes a byte where room is reserved.
    @inline(__always)
    mutating func appendReserved(_ byte: UInt8) {
        bytes[count] = byte
        count += 1
    }
}

extension RecordJSONOutput {
    /// One open level of the output: a value being written, or a container in one.
    struct Frame {
        /// What a frame holds.
        enum Kind {
            /// Nothing yet: closing it writes `{}`, as `JSONEncoder` writes a nested value
            /// that encodes nothing.
            case empty
            /// An object, `{` written.
            case object
            /// An array, `[` written.
            case array
            /// One value, written whole (through a single-value container).
            case value
        }

        /// What it holds.
        var kind: Kind
        /// Whether a value's `encode(to:)` is writing it: a write to a frame below it then
        /// comes out of order.
        var isEncoding: Bool
        /// The members or elements written.
        var count = 0
        /// Tells this frame from the earlier ones at its depth, for the containers and
        /// encoders that refer to it.
        let generation: Int
        /// Where its keys start in ``RecordJSONOutput/keys``.
        let firstKey: Int
    }

    /// A frame, as encoders and containers refer to it.
    struct FrameReference {
        /// Its depth.
        let index: Int
        /// Its frame's generation: a frame opened later at the same depth has another.
        let generation: Int

        /// No frame: what a container gets when opening its frame failed.
        static let none = FrameReference(index: -1, generation: -1)
    }

    /// What is thrown through the value's code once it is abandoned.
    struct Abandoned: Error {}
}
