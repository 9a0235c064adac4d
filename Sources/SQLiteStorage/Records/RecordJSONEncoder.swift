import Foundation

/// Writes a record's JSON, the `_record` column, straight into bytes: the JSON value that
/// `JSONEncoder` configured as ``TableLayout/makeEncoder()`` once configured it (compact, `/`
/// unescaped, the default strategies) writes, at a fraction of its cost.
///
/// It encodes through Swift's `Encoder` protocol with `JSONEncoder`'s special cases (a
/// `Date` as its seconds since 2001, `Data` as base64, a `URL` as its absolute string, a
/// `Decimal` as a number), but writes each value where it comes instead of building a tree
/// of boxed values first. An object's keys may come out in another order; nothing else
/// differs.
///
/// Whatever it cannot write exactly as `JSONEncoder` would, it leaves to `JSONEncoder` for
/// the whole value, which then writes it or throws its own error (so errors name the coding
/// path as `JSONEncoder`'s do):
///
/// - an error thrown through any of its containers, even one the value catches (a
///   non-finite float, a `Decimal` that is not a number, a value's own error);
/// - a key written twice in one object (`JSONEncoder` keeps the last, or merges nested
///   containers), keys compared as `String`s compare;
/// - a container or encoder used after a write to one of its ancestors closed it, or an
///   ancestor written while a value's `encode(to:)` still runs;
/// - a value that reads its coding path (what it writes may depend on it);
/// - a top-level value that encodes nothing.
///
/// Where `JSONEncoder` stops the process (a second value through one single-value
/// container, a keyed container asked of an encoder that holds an unkeyed one), it throws
/// `EncodingError.invalidValue` instead.
///
/// Not thread-safe: each thread makes its own; one is reused for every record of a write.
@_spi(Benchmarks)
public final class RecordJSONEncoder {
    /// The JSON written so far.
    var bytes: UnsafeMutablePointer<UInt8>
    /// The bytes ``bytes`` holds room for.
    var capacity: Int
    /// The bytes written.
    var count = 0
    /// The open levels, outermost first.
    var frames: [Frame] = []
    /// Each frame's place in the coding path, parallel to ``frames``.
    var path: [PathComponent] = []
    /// The keys of the open objects, each object's from its frame's `firstKey`.
    var keys: [String] = []
    /// The keys of open objects that have many, by frame, to look keys up in.
    var keySets: [Int: Set<String>] = [:]
    /// The last generation given to a frame.
    var generation = 0
    /// Why the value is not written here, once it is known.
    var abandonment: Abandonment?
    /// Whether the last value was left to `JSONEncoder` (for the tests).
    private(set) var leftLastToFoundation = false
    /// Whether an `encode(_:)` is running (a value's `encode(to:)` may encode another
    /// record).
    private var isBusy = false
    /// The encoder that writes what this one leaves to `JSONEncoder`.
    private lazy var foundationEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    /// An encoder with an empty buffer.
    public init() {
        capacity = 1024
        bytes = .allocate(capacity: capacity)
    }

    deinit {
        bytes.deallocate()
    }

    /// The JSON text of a value.
    ///
    /// - Parameter value: The value.
    /// - Returns: Its JSON, as `JSONEncoder` (`.withoutEscapingSlashes`) writes it up to the
    ///   order of object keys.
    /// - Throws: `EncodingError` as `JSONEncoder` throws it (a non-finite float, a value that
    ///   encodes nothing), or the value's own error.
    public func encode<Value: Encodable>(_ value: Value) throws -> String {
        guard !isBusy else { return try RecordJSONEncoder().encode(value) }
        isBusy = true
        defer { isBusy = false }
        count = 0
        frames.removeAll(keepingCapacity: true)
        path.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        keySets.removeAll()
        abandonment = nil
        leftLastToFoundation = false
        var failure: (any Error)?
        do {
            // JSONEncoder throws for a top-level value that encodes nothing.
            if try !writeSpecial(value), try writeNested(value, at: .none) == .empty {
                abandon()
            }
        } catch {
            failure = error
        }
        switch abandonment {
        case .misuse(let error): throw error
        case .foundation: return try encodeWithFoundation(value)
        // An error of the value's own, thrown past every container: `JSONEncoder` throws it
        // again, as the value sees its encoder.
        case nil where failure != nil: return try encodeWithFoundation(value)
        case nil:
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
    }

    /// The value's JSON as `JSONEncoder` writes it.
    private func encodeWithFoundation<Value: Encodable>(_ value: Value) throws -> String {
        leftLastToFoundation = true
        return String(decoding: try foundationEncoder.encode(value), as: UTF8.self)
    }
}

extension RecordJSONEncoder {
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
        /// Where its keys start in ``RecordJSONEncoder/keys``.
        var firstKey: Int
    }

    /// A frame's place in the coding path.
    enum PathComponent {
        /// It adds nothing to its parent's path (the top, a value in a single-value
        /// container).
        case none
        /// A member's key.
        case key(any CodingKey)
        /// An element's index.
        case index(Int)
    }

    /// Why a value is not written here.
    enum Abandonment {
        /// `JSONEncoder` writes it, or throws.
        case foundation
        /// A misuse that stops `JSONEncoder`'s process; this error is thrown instead.
        case misuse(EncodingError)
    }

    /// What is thrown through the value's code once it is abandoned.
    struct Abandoned: Error {}
}
