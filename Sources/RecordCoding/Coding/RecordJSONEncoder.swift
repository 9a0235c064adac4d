import Foundation

/// Writes a record's JSON straight into text: the JSON value that a `JSONEncoder` with
/// `.withoutEscapingSlashes` (compact, `/` unescaped, the default strategies) writes, at
/// about a fifth of its cost.
///
/// The SQL backends write each record's `_record` column with it (a backend in another
/// package, through SQLStorage's public `SQLRecordEncoder`), and the JSON file store its
/// records:
///
/// ```swift
/// let encoder = RecordJSONEncoder()
/// for record in records {
///     let json = try encoder.encode(record)   // {"id":25,"name":"pikachu",…}
/// }
/// ```
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
package final class RecordJSONEncoder {
    /// The text and the open levels, where the containers write.
    ///
    /// Behind a pointer, so that each write is not checked for exclusive access at run
    /// time as a class's stored property is; it is only ever mutated by methods that call
    /// no code of the value's, so accesses never overlap.
    let output: UnsafeMutablePointer<RecordJSONOutput>
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
    package init() {
        output = .allocate(capacity: 1)
        output.initialize(to: RecordJSONOutput())
    }

    deinit {
        output.pointee.deallocate()
        output.deinitialize(count: 1)
        output.deallocate()
    }

    /// The JSON text of a value.
    ///
    /// - Parameter value: The value.
    /// - Returns: Its JSON, as `JSONEncoder` (`.withoutEscapingSlashes`) writes it up to the
    ///   order of object keys.
    /// - Throws: `EncodingError` as `JSONEncoder` throws it (a non-finite float, a value that
    ///   encodes nothing), or the value's own error.
    package func encode<Value: Encodable>(_ value: Value) throws -> String {
        guard !isBusy else { return try RecordJSONEncoder().encode(value) }
        guard let left = try write(value) else { return output.pointee.text }
        return String(decoding: left, as: UTF8.self)
    }

    /// The JSON of a value as UTF-8, as ``encode(_:)`` writes it, without making a `String`
    /// of it first.
    ///
    /// - Parameter value: The value.
    /// - Returns: Its JSON.
    /// - Throws: What ``encode(_:)`` throws.
    package func encodedData<Value: Encodable>(_ value: Value) throws -> Data {
        guard !isBusy else { return try RecordJSONEncoder().encodedData(value) }
        return try write(value) ?? output.pointee.data
    }

    /// Writes a value into ``output``.
    ///
    /// - Returns: `nil` when the value's JSON is in ``output``; the JSON `JSONEncoder` wrote
    ///   when the value was left to it.
    private func write<Value: Encodable>(_ value: Value) throws -> Data? {
        isBusy = true
        defer { isBusy = false }
        leftLastToFoundation = false
        output.pointee.reset()
        var failed = false
        do {
            // JSONEncoder throws for a top-level value that encodes nothing.
            if try !writeSpecial(value), try writeNested(value) == .empty {
                output.pointee.abandon()
            }
        } catch {
            failed = true
        }
        if let misuse = output.pointee.misuse { throw misuse }
        // An error of the value's own, thrown past every container, is thrown again by
        // JSONEncoder, as the value sees its encoder.
        guard !failed, !output.pointee.isAbandoned else {
            leftLastToFoundation = true
            return try foundationEncoder.encode(value)
        }
        return nil
    }
}
