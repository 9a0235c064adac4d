/// Tests whether a whole text equals one of several strings, with the strings folded once.
///
/// Both sides are folded as ``TextMatcher`` folds them for the other text operators, then
/// compared as Swift `String`s (canonical equivalence), by looking the folded text up in a
/// set. When only case is ignored and the text is ASCII, the text is folded by lowering its
/// ASCII letters, which gives the same string without Foundation's folding.
struct TextMembership: TextTest {
    private let options: TextOptions
    /// The operands, folded as the options say.
    private let operands: Set<String>

    init(_ operands: [String], options: TextOptions) {
        self.options = options
        self.operands = Set(operands.map { TextMatcher.fold($0, options) })
    }

    /// Whether `text`, folded, equals one of the operands.
    func matches(_ text: String) -> Bool {
        guard !operands.isEmpty else { return false }
        if options == .caseInsensitive, let lowered = Self.asciiLowercased(text) {
            return operands.contains(lowered)
        }
        return operands.contains(TextMatcher.fold(text, options))
    }

    /// The text with `A`–`Z` lowered, or `nil` when it holds a character outside ASCII.
    private static func asciiLowercased(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { buffer in
                for (index, byte) in bytes.enumerated() {
                    buffer[index] = TextMatcher.lowercased(byte)
                }
                return bytes.count
            }
        }
    }
}
