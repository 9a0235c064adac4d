import CSQLite
import Foundation
import KeyPathQuery

/// KeyPathQuery's text functions (`SQLTextFunctions`) as SQLite functions and a collation:
/// the in-memory engine's own matching, folding and comparison of text, so that text tests,
/// comparisons with text and sorts on text mean in SQLite exactly what they mean in memory.
enum TextFunctions {
    /// The names the store's queries are rendered with.
    static let names = SQLTextFunctions()

    /// Registers both functions and the collation on a connection.
    static func register(on handle: OpaquePointer) {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        sqlite3_create_function_v2(handle, names.test, 4, flags, nil, test, nil, nil, nil)
        sqlite3_create_function_v2(handle, names.fold, 2, flags, nil, fold, nil, nil, nil)
        sqlite3_create_collation_v2(handle, names.collation, SQLITE_UTF8, nil, compare, nil)
    }

    /// The collation: two texts compared as Swift `String`s (canonically equivalent texts
    /// equal), by their bytes when both are ASCII, where the two orders agree.
    private static let compare:
        @convention(c) (
            UnsafeMutableRawPointer?, Int32, UnsafeRawPointer?, Int32, UnsafeRawPointer?
        ) -> Int32 = { _, leftCount, left, rightCount, right in
            let lhs = UnsafeRawBufferPointer(start: left, count: Int(max(0, leftCount)))
            let rhs = UnsafeRawBufferPointer(start: right, count: Int(max(0, rightCount)))
            if isASCII(lhs), isASCII(rhs) {
                let common = min(lhs.count, rhs.count)
                if common > 0, let l = lhs.baseAddress, let r = rhs.baseAddress {
                    let order = memcmp(l, r, common)
                    if order != 0 { return order < 0 ? -1 : 1 }
                }
                return lhs.count == rhs.count ? 0 : (lhs.count < rhs.count ? -1 : 1)
            }
            return SQLTextFunctions.compare(
                String(decoding: lhs, as: UTF8.self), String(decoding: rhs, as: UTF8.self))
        }

    /// Whether every byte is below 0x80, eight bytes at a time.
    ///
    /// The collation's fast path: an index on a text column calls it for every comparison,
    /// and long texts that share a prefix (a sort on names, say) are compared to the end.
    private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if word & 0x8080_8080_8080_8080 != 0 { return false }
            offset += 8
        }
        while offset < bytes.count {
            if bytes[offset] >= 0x80 { return false }
            offset += 1
        }
        return true
    }

    /// A prepared matcher, kept by SQLite with the operand for the rest of the statement.
    private final class MatcherBox {
        let matcher: SQLTextFunctions.Matcher

        init(_ matcher: SQLTextFunctions.Matcher) {
            self.matcher = matcher
        }
    }

    /// `test(text, operation, operand, options)`: 1 or 0; 0 for `NULL` text.
    private static let test:
        @convention(c) (
            OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?
        ) -> Void = { context, count, arguments in
            guard let context, let arguments, count == 4 else { return }
            guard let subject = text(arguments[0]) else {
                sqlite3_result_int(context, 0)
                return
            }
            let matcher: SQLTextFunctions.Matcher
            if let cached = sqlite3_get_auxdata(context, 2) {
                matcher = Unmanaged<MatcherBox>.fromOpaque(cached).takeUnretainedValue().matcher
            } else {
                do {
                    matcher = try SQLTextFunctions.Matcher(
                        operation: text(arguments[1]) ?? "", operand: text(arguments[2]) ?? "",
                        options: sqlite3_value_int64(arguments[3]))
                } catch {
                    sqlite3_result_error(context, "\(error)", -1)
                    return
                }
                let box = Unmanaged.passRetained(MatcherBox(matcher)).toOpaque()
                sqlite3_set_auxdata(context, 2, box) { pointer in
                    guard let pointer else { return }
                    Unmanaged<MatcherBox>.fromOpaque(pointer).release()
                }
            }
            sqlite3_result_int(context, matcher.matches(subject) ? 1 : 0)
        }

    /// `fold(text, options)`: the folded text; `NULL` for `NULL`.
    private static let fold:
        @convention(c) (
            OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?
        ) -> Void = { context, count, arguments in
            guard let context, let arguments, count == 2 else { return }
            guard let subject = text(arguments[0]) else {
                sqlite3_result_null(context)
                return
            }
            do {
                var folded = try SQLTextFunctions.fold(
                    subject, options: sqlite3_value_int64(arguments[1]))
                folded.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { text in
                        guard let start = text.baseAddress else {
                            sqlite3_result_text64(
                                context, "", 0, SQLiteStatement.transient, UInt8(SQLITE_UTF8))
                            return
                        }
                        sqlite3_result_text64(
                            context, start, UInt64(text.count), SQLiteStatement.transient,
                            UInt8(SQLITE_UTF8))
                    }
                }
            } catch {
                sqlite3_result_error(context, "\(error)", -1)
            }
        }

    /// An argument's text, NUL characters included; `nil` for `NULL`.
    private static func text(_ value: OpaquePointer?) -> String? {
        guard let value, sqlite3_value_type(value) != SQLITE_NULL,
            let bytes = sqlite3_value_text(value)
        else { return nil }
        let count = Int(sqlite3_value_bytes(value))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
