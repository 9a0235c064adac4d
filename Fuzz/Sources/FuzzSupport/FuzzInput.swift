import Foundation

/// Reads structured values from a fuzz input, one decision at a time; once the bytes run out,
/// every read is zero, so any input makes a complete value.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    /// Pieces of hostile text: quotes, wildcards, format and SQL syntax, escapes, NUL, case
    /// and normalization traps, emoji, right-to-left marks.
    public static let atoms = [
        "a", "Z", "0", " ", "'", "\"", "`", "%", "_", "*", "?", "[", "]", "\\", "\0", "%@", "%K",
        "$x", "--", ";", "/*", "x'FF'", "SELECT", "NULL", "é", "e\u{301}", "ß", "ﬁ", "İ", "🔥",
        "👩‍👩‍👧", "\u{200F}", "\u{202E}", "中", "\n", "pikachu", "mr-mime", "fire",
    ]

    /// Creates a reader over some bytes.
    ///
    /// - Parameter data: The fuzz input.
    public init(_ data: Data) {
        bytes = [UInt8](data)
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A number below `bound`, from one byte.
    ///
    /// - Parameter bound: The exclusive upper bound, from 1 to 256.
    /// - Returns: A number in `0..<bound`.
    public mutating func choice(_ bound: Int) -> Int {
        Int(byte()) % max(bound, 1)
    }

    /// A whole number from two bytes, biased towards the interesting ones (0, ±1, extremes).
    public mutating func integer() -> Int {
        let high = byte()
        let low = byte()
        switch high {
        case 0xFF: return Int.max
        case 0xFE: return Int.min
        case 0xFD: return -Int(low)
        default: return Int(high) << 8 | Int(low)
        }
    }

    /// Text: a few hostile atoms, or raw bytes read as UTF-8 (invalid sequences replaced), or
    /// now and then a very long run.
    public mutating func text() -> String {
        let mode = byte()
        switch mode {
        case 0..<160:
            let count = Int(mode % 5)
            return (0..<count).map { _ in Self.atoms[choice(Self.atoms.count)] }.joined()
        case 160..<250:
            let count = Int(mode - 160)
            var raw: [UInt8] = []
            for _ in 0..<count where !isAtEnd { raw.append(byte()) }
            return String(decoding: raw, as: UTF8.self)
        default:
            return String(repeating: Self.atoms[choice(Self.atoms.count)], count: 1_000)
        }
    }
}
