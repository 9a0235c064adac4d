import Foundation

extension TextSearch {
    /// A text folded by the search's Unicode rule: the form in which words and tokens are
    /// compared.
    ///
    /// The rule, applied to the whole text in this order (<doc:SearchingText> states it with
    /// its consequences):
    ///
    /// 1. Compatibility decomposition (NFKD): `ﬁ` is `fi`, `Ｆ` is `F`, `①` is `1`, `ｶ` is `カ`,
    ///    and every precomposed letter is a base letter and combining marks.
    /// 2. Full Unicode case folding without language tailoring (CaseFolding.txt, statuses C
    ///    and F, not T): `ß` and `ẞ` are `ss`, `ς` is `σ`, `I` is `i`, `İ` is `i` with a
    ///    combining dot above; Cherokee letters fold to their capitals, as Unicode says.
    /// 3. Removal of every nonspacing mark that Unicode marks as a diacritic
    ///    (General_Category `Mn` with the `Diacritic` property — accents, cedillas, the
    ///    dot of `İ`, Hebrew and Arabic vowel points), except the kana voicing marks (`゙` and
    ///    `゚`, so that `パパ` is not `ハハ`), and of every default-ignorable code point (soft
    ///    hyphens, joiners, variation selectors).
    /// 4. Canonical composition (NFC).
    ///
    /// It depends on nothing but the text — no locale, no settings — and
    /// `folded(folded(text)) == folded(text)`. ASCII text takes a fast path that lowers `A`–`Z`
    /// and gives the same result.
    ///
    /// ```swift
    /// TextSearch.folded("Flabébé")   // "flabebe"
    /// TextSearch.folded("STRAẞE")    // "strasse"
    /// ```
    ///
    /// - Parameter text: Any text.
    /// - Returns: The text folded.
    public static func folded(_ text: String) -> String {
        asciiFolded(text) ?? unicodeFolded(text)
    }

    /// The text folded scalar by scalar, without the ASCII fast path.
    static func unicodeFolded(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars {
            if scalar.isASCII {
                scalars.append(Unicode.Scalar(TextMatcher.lowercased(UInt8(scalar.value))))
            } else if scalar.properties.changesWhenCaseFolded || isCherokee(scalar) {
                for folded in caseFolded(scalar) where !isRemovedByFolding(folded) {
                    scalars.append(folded)
                }
            } else if !isRemovedByFolding(scalar) {
                // Most scalars: no case to fold, so no array of their folding.
                scalars.append(scalar)
            }
        }
        // Composition can change the text only where a scalar at or above U+0300 remains:
        // every scalar below it that decomposition leaves is a starter, and no two of them
        // compose (a text in a Latin script, its accents removed, has none, and skips it).
        let composable = scalars.contains { $0.value >= 0x300 }
        let folded = String(scalars)
        return composable ? folded.precomposedStringWithCanonicalMapping : folded
    }

    /// The text with `A`–`Z` lowered, when it is all ASCII; `nil` otherwise.
    private static func asciiFolded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            bytes.append(TextMatcher.lowercased(byte))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A scalar's full case folding, for a scalar that compatibility decomposition leaves
    /// alone.
    ///
    /// The standard library has no case-folding mapping, so it is made from the mappings it
    /// has, which give Unicode's case folding for every such scalar (a test checks each one
    /// against the library's `changesWhenCaseFolded`): Cherokee letters fold to their
    /// capitals; any other scalar that case folding changes folds to
    /// lowercase(uppercase(lowercase(scalar))), which turns `ẞ` into `ss` by way of `ß` and
    /// `SS`, `ς` into `σ` and the combining ypogegrammeni into `ι`.
    static func caseFolded(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        if scalar.isASCII {
            return [Unicode.Scalar(TextMatcher.lowercased(UInt8(scalar.value)))]
        }
        let properties = scalar.properties
        guard properties.changesWhenCaseFolded || isCherokee(scalar) else { return [scalar] }
        if isCherokee(scalar) { return Array(properties.uppercaseMapping.unicodeScalars) }
        var folded: [Unicode.Scalar] = []
        for lower in properties.lowercaseMapping.unicodeScalars {
            for upper in lower.properties.uppercaseMapping.unicodeScalars {
                folded += upper.properties.lowercaseMapping.unicodeScalars
            }
        }
        return folded
    }

    /// Whether a scalar is a Cherokee letter, which case folding maps to its capital.
    private static func isCherokee(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x13A0...0x13F5, 0x13F8...0x13FD, 0xAB70...0xABBF: true
        default: false
        }
    }

    /// Whether folding drops a scalar: a nonspacing diacritic other than a kana voicing mark,
    /// or a default-ignorable code point.
    static func isRemovedByFolding(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return false }
        let properties = scalar.properties
        if properties.isDefaultIgnorableCodePoint { return true }
        return properties.generalCategory == .nonspacingMark && properties.isDiacritic
            && properties.canonicalCombiningClass != .kanaVoicing
    }
}
