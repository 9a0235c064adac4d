import Foundation

/// A test on a whole text, prepared once: ``TextMatcher`` for the text operators,
/// ``TextMembership`` for equality with one of several strings.
protocol TextTest: Sendable {
    /// Whether `text` passes the test.
    func matches(_ text: String) -> Bool
}

/// Tests text against one text operation, with the operand prepared once.
///
/// Exact tests compare Swift `Character`s. Insensitive tests fold both sides — Unicode case
/// folding for ``TextOptions/caseInsensitive``, diacritic removal for
/// ``TextOptions/diacriticInsensitive`` — and then compare exactly. When both the operand and
/// the text are ASCII and only case is ignored, the folding is done byte by byte without
/// allocating, which gives the same answer far faster.
struct TextMatcher: TextTest {
    private let operation: TextOperator
    private let options: TextOptions
    /// The operand, folded as the options say.
    private let operand: String
    /// The operand's lower-cased ASCII bytes, when the byte-wise fast path applies.
    private let asciiOperand: [UInt8]?
    private let pattern: LikePattern?
    private let expression: NSRegularExpression?

    init(_ operation: TextOperator, _ operand: String, options: TextOptions) throws(QueryError) {
        self.operation = operation
        self.options = options
        self.operand = Self.fold(operand, options)
        switch operation {
        case .contains, .hasPrefix, .hasSuffix:
            asciiOperand = options == .caseInsensitive ? Self.asciiFastPathBytes(operand) : nil
            pattern = nil
            expression = nil
        case .like:
            asciiOperand = nil
            pattern = LikePattern(self.operand)
            expression = nil
        case .matches:
            asciiOperand = nil
            pattern = nil
            expression = try Self.regularExpression(operand, options: options)
        }
    }

    /// Whether `text` passes the test.
    func matches(_ text: String) -> Bool {
        if let asciiOperand, let result = Self.asciiCaseInsensitive(operation, text, asciiOperand) {
            return result
        }
        // A regular expression ignores case itself (ICU's own rules); only diacritics are
        // folded away beforehand, from the text as from the pattern.
        let text = Self.fold(
            text, operation == .matches ? options.intersection(.diacriticInsensitive) : options)
        switch operation {
        case .contains: return operand.isEmpty || Self.contains(text, operand)
        case .hasPrefix: return text.hasPrefix(operand)
        case .hasSuffix: return text.hasSuffix(operand)
        case .like: return pattern?.matches(text) ?? false
        case .matches:
            guard let expression else { return false }
            let range = NSRange(text.startIndex..<text.endIndex, in: text)
            return expression.firstMatch(in: text, range: range) != nil
        }
    }

    // MARK: Containment

    /// Whether a text holds an operand, comparing `Character`s as every other test does.
    ///
    /// Not Foundation's `contains(_:)`: that compares UTF-16 rather than `Character`s, and
    /// on Linux it traps on an operand ending in NUL after a character that ends the text
    /// (`"abé".contains("é\0")`) — a crash any hostile value could cause.
    static func contains(_ text: String, _ operand: String) -> Bool {
        if let found = asciiContains(text, operand) { return found }
        return text.firstRange(of: operand) != nil
    }

    /// The answer byte by byte when the text is ASCII and the operand ASCII without carriage
    /// returns or line feeds (so no match can split a "\r\n" `Character`); `nil` otherwise.
    private static func asciiContains(_ text: String, _ operand: String) -> Bool? {
        text.utf8.withContiguousStorageIfAvailable { haystack -> Bool? in
            operand.utf8.withContiguousStorageIfAvailable { needle -> Bool? in
                guard needle.allSatisfy({ $0 < 0x80 && $0 != 0x0A && $0 != 0x0D }),
                    haystack.allSatisfy({ $0 < 0x80 })
                else { return nil }
                let n = needle.count
                guard n > 0 else { return true }
                guard n <= haystack.count else { return false }
                var start = 0
                while start <= haystack.count - n {
                    if haystack[start] == needle[0] {
                        var index = 1
                        while index < n, haystack[start + index] == needle[index] { index += 1 }
                        if index == n { return true }
                    }
                    start += 1
                }
                return false
            } ?? nil
        } ?? nil
    }

    // MARK: Folding

    static func fold(_ text: String, _ options: TextOptions) -> String {
        var folding: String.CompareOptions = []
        if options.contains(.caseInsensitive) { folding.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { folding.insert(.diacriticInsensitive) }
        if folding.isEmpty { return text }
        return text.folding(options: folding, locale: nil)
    }

    /// The operand's lower-cased bytes when the fast path can serve it: ASCII, and without
    /// carriage returns or line feeds (which join into one `Character` as "\r\n").
    private static func asciiFastPathBytes(_ operand: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(operand.utf8.count)
        for byte in operand.utf8 {
            guard byte < 0x80, byte != 0x0A, byte != 0x0D else { return nil }
            bytes.append(lowercased(byte))
        }
        return bytes
    }

    /// The byte with `A`–`Z` lowered, as SQLite's `lower()` does: the one ASCII folding the
    /// text tests, the case-insensitive ordering and the SQL renderer share.
    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// The answer for text whose bytes around the match are ASCII, or `nil` when the general
    /// path must decide.
    ///
    /// Only the bytes that decide the answer are checked: for a prefix, the first *n* bytes
    /// and the one after them (so the match ends on a `Character` boundary); for a suffix,
    /// the last *n* and the one before; for `contains`, every byte.
    private static func asciiCaseInsensitive(
        _ operation: TextOperator, _ text: String, _ needle: [UInt8]
    ) -> Bool? {
        text.utf8.withContiguousStorageIfAvailable { haystack -> Bool? in
            needle.withUnsafeBufferPointer { needle -> Bool? in
                asciiCaseInsensitive(operation, haystack, needle)
            }
        } ?? nil
    }

    private static func asciiCaseInsensitive(
        _ operation: TextOperator, _ haystack: UnsafeBufferPointer<UInt8>,
        _ needle: UnsafeBufferPointer<UInt8>
    ) -> Bool? {
        let n = needle.count
        let count = haystack.count
        @inline(__always) func isASCII(_ index: Int) -> Bool {
            index < 0 || index >= count || haystack[index] < 0x80
        }
        /// A text shorter than the needle cannot match — when it is all ASCII (folding other
        /// characters can change their length).
        @inline(__always) func tooShort() -> Bool? {
            haystack.allSatisfy { $0 < 0x80 } ? false : nil
        }
        /// Whether the needle matches at `start`, or `nil` when a byte there is not ASCII.
        @inline(__always) func match(at start: Int) -> Bool? {
            var index = 0
            var equal = true
            while index < n {
                let byte = haystack[start + index]
                guard byte < 0x80 else { return nil }
                if equal && lowercased(byte) != needle[index] { equal = false }
                index += 1
            }
            return equal
        }
        switch operation {
        case .hasPrefix:
            guard n <= count else { return tooShort() }
            guard isASCII(n), let equal = match(at: 0) else { return nil }
            return equal
        case .hasSuffix:
            guard n <= count else { return tooShort() }
            guard isASCII(count - n - 1), let equal = match(at: count - n) else { return nil }
            return equal
        case .contains:
            var index = 0
            while index < count {
                guard haystack[index] < 0x80, haystack[index] != 0x0D else { return nil }
                index += 1
            }
            if n == 0 { return true }
            guard n <= count else { return false }
            for start in 0...(count - n) where match(at: start) == true { return true }
            return false
        case .like, .matches:
            return nil
        }
    }

    // MARK: Regular expressions

    /// Compiles an ICU regular expression that must match a whole text, as `MATCHES` does.
    static func regularExpression(
        _ pattern: String, options: TextOptions
    ) throws(QueryError) -> NSRegularExpression {
        var regexOptions: NSRegularExpression.Options = []
        if options.contains(.caseInsensitive) { regexOptions.insert(.caseInsensitive) }
        let folded =
            options.contains(.diacriticInsensitive)
            ? fold(pattern, .diacriticInsensitive) : pattern
        do {
            // Compiled alone first: only a pattern that is valid by itself is wrapped in a
            // group and anchored, so a stray ")" cannot escape the anchors.
            _ = try NSRegularExpression(pattern: folded, options: regexOptions)
            return try NSRegularExpression(
                pattern: "\\A(?:" + folded + ")\\z", options: regexOptions)
        } catch {
            throw .invalidRegularExpression(
                pattern: pattern, reason: "\(error.localizedDescription)")
        }
    }
}
