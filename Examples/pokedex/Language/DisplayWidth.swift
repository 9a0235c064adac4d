/// How many terminal columns text takes: the sum of its Unicode scalars' widths.
///
/// The rule, per scalar:
///
/// - **2** for East Asian Wide (W) and Fullwidth (F) characters (UAX #11): Hangul Jamo
///   leading consonants, CJK radicals, symbols and punctuation, Hiragana, Katakana,
///   Bopomofo, Hangul syllables, CJK ideographs (and their compatibility and extension
///   blocks), Yi, the fullwidth forms (`Ａ`, `！`), and the emoji shown as pictures;
/// - **0** for combining marks (general category Mn and Me, such as U+0301 and the variation
///   selectors), format characters (Cf, such as U+200B), Hangul medial vowels and final
///   consonants (U+1160–U+11FF), and control characters;
/// - **1** for every other scalar, East Asian Ambiguous ones (`…`, `★`, `─`, `█`) included,
///   as a terminal outside an East Asian locale shows them.
///
/// ```swift
/// "Charizard".displayWidth   // 9
/// "リザードン".displayWidth    // 10
/// "e\u{301}".displayWidth    // 1
/// ```
enum DisplayWidth {
    /// The scalar ranges of East Asian Wide and Fullwidth characters, in order.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x3247, 0x3250...0x4DBF, 0x4E00...0xA4CF, 0xA960...0xA97F,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
        0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
        0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
        0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0,
        0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC,
        0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A,
        0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5,
        0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6EB...0x1F6EC,
        0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F93A, 0x1F93C...0x1F945,
        0x1F947...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// The columns one scalar takes: 2, 1 or 0, by the rule above.
    ///
    /// - Parameter scalar: The scalar.
    /// - Returns: Its width in columns.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }  // Latin, the common case: no lookup.
        if (0x1160...0x11FF).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(value) ? 2 : 1
    }

    /// Whether a scalar value is East Asian Wide or Fullwidth: a binary search of
    /// ``wideRanges``.
    static func isWide(_ value: UInt32) -> Bool {
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}

extension StringProtocol {
    /// The columns the text takes in a terminal: the sum of its scalars' widths, by
    /// ``DisplayWidth``'s rule (wide characters 2, combining marks 0, others 1).
    var displayWidth: Int {
        unicodeScalars.reduce(0) { $0 + DisplayWidth.width(of: $1) }
    }
}

extension Character {
    /// The columns the character takes in a terminal, by ``DisplayWidth``'s rule.
    var displayWidth: Int {
        unicodeScalars.reduce(0) { $0 + DisplayWidth.width(of: $1) }
    }
}
