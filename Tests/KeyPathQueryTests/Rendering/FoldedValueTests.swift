import Foundation
import InternalSupport
import Testing

@testable import KeyPathQuery

/// The folded values a store keeps for an equality with options
/// (`SQLSearchIndex.foldedValue(of:options:)`) must decide it as memory does: texts equal
/// ignoring case, diacritics or both (`TextMembership`) fold to the same bytes under those
/// options, or a lookup would miss a match, and texts that are not equal fold apart, or it
/// would select too much.
///
/// (One folded value for all three options would not do: `ᾳ ==[c] ΑΙ`, yet ignoring
/// diacritics as well folds `ᾳ` to `α`; `Ⓐ́ ==[d] Ⓐ`, yet folding case first keeps the accent.)
@Suite("Folded values agree with memory's equality with options")
struct FoldedValueTests {
    static let options: [TextOptions] = [
        .caseInsensitive, .diacriticInsensitive, [.caseInsensitive, .diacriticInsensitive],
    ]

    /// Texts where folding is known to be delicate.
    static let tricky: [String] = [
        "ß", "ss", "SS", "Ss", "ẞ", "İ", "i\u{307}", "I", "ı", "i", "ﬁ", "fi", "FI", "ﬃ", "ﬀ",
        "é", "e\u{301}", "É", "E\u{301}", "e", "E", "Σ", "σ", "ς", "ΣΑΣ", "σας", "Ａ", "ａ", "A",
        "a", "ǅ", "ǆ", "Ǆ", "\u{212A}", "k", "K", "\u{212B}", "å", "a\u{30A}", "Å", "ŉ",
        "\u{2BC}n", "ö", "o\u{308}", "Ø", "ø", "o", "Flabébé", "FLABÉBÉ", "flabebe",
        "Flabe\u{301}be\u{301}", "Glurak", "GLURAK", "リザードン", "リサ\u{3099}ードン", "ﾘｻﾞｰﾄﾞﾝ",
        "STRASSE", "Straße", "strasse", "STRAẞE", "ǰ", "j\u{30C}", "J\u{30C}", "ΐ",
        "ι\u{308}\u{301}", "ᾳ", "ᾼ", "ΑΙ", "αι", "Ⅻ", "ⅻ", "㎏", "①", "ᵃ", "Ǳ", "dz", "ǲ",
        "ﬅ", "ﬆ", "st", "ẚ", "a\u{2BE}", "Ω", "\u{2126}", "ω", "ǻ", "Ǻ", "a\u{30A}\u{301}",
        "Ⓐ", "ⓐ", "ǈ", "Ǉ", "ǉ", "ὒ", "υ\u{313}\u{300}", "\u{1E9B}", "ṡ", "ſ", "S", "s",
        "ﬞ", "e\u{301}\u{302}", "e\u{302}\u{301}", "😀", "👩‍👩‍👧", "Ⓐ\u{301}", "\r\n", " ", "",
    ]

    /// Every character that case folding or diacritic removal changes, in the Basic
    /// Multilingual Plane and the Latin and Greek supplements, with its simple variants.
    static let variants: [(String, String)] = {
        var pairs: [(String, String)] = []
        for value in 0x80...0x1FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            let text = String(Character(scalar))
            let decomposed = text.decomposedStringWithCanonicalMapping
            guard
                properties.changesWhenCaseFolded || properties.changesWhenCaseMapped
                    || decomposed.unicodeScalars.count > 1
            else { continue }
            pairs.append((text, text.lowercased()))
            pairs.append((text, text.uppercased()))
            pairs.append((text, decomposed))
            pairs.append((text, String(decomposed.unicodeScalars.prefix(1).map(Character.init))))
            pairs.append(
                (
                    text.uppercased(),
                    String(decomposed.lowercased().unicodeScalars.prefix(1).map(Character.init))
                ))
        }
        return pairs
    }()

    /// Whether the pair breaks the property under some options, with the reason.
    static func violation(_ text: String, _ operand: String) -> String? {
        for options in SQLSearchIndex.foldingOptions {
            let equal = TextMembership([operand], options: options).matches(text)
            let foldedText = Array(SQLSearchIndex.foldedValue(of: text, options: options).utf8)
            let foldedOperand = Array(
                SQLSearchIndex.foldedValue(of: operand, options: options).utf8)
            if equal != (foldedText == foldedOperand) {
                return "\(text.debugDescription) \(equal ? "==" : "!=")"
                    + "\(options.predicateModifier) \(operand.debugDescription) but their folded "
                    + "values are \(equal ? "not " : "")the same"
            }
        }
        return nil
    }

    @Test("folding keeps NUL, so that a text holding it never equals one that does not")
    func nul() {
        for options in SQLSearchIndex.foldingOptions {
            for text in ["\0", "a\0b", "É\0\u{301}", "ß\0"] {
                #expect(
                    SQLSearchIndex.foldedValue(of: text, options: options).unicodeScalars
                        .contains("\0"), "\(text.debugDescription) \(options.predicateModifier)")
            }
        }
    }

    @Test("every pair of delicate texts")
    func trickyPairs() {
        var violations: [String] = []
        for text in Self.tricky {
            for operand in Self.tricky {
                if let violation = Self.violation(text, operand) { violations.append(violation) }
            }
        }
        #expect(violations.isEmpty, "\(violations.prefix(20))")
    }

    @Test("every character that folding changes, against its variants")
    func everyCharacter() {
        #expect(Self.variants.count > 5_000)
        var violations: [String] = []
        for (text, operand) in Self.variants {
            if let violation = Self.violation(text, operand) { violations.append(violation) }
            if let violation = Self.violation(operand, text) { violations.append(violation) }
        }
        #expect(violations.isEmpty, "\(violations.count): \(violations.prefix(20))")
    }

    @Test("random texts made of delicate pieces, against their variants")
    func randomTexts() {
        var generator = SplitMix64(seed: 42)
        let transforms: [(String) -> String] = [
            { $0 }, { $0.lowercased() }, { $0.uppercased() },
            { $0.decomposedStringWithCanonicalMapping },
            { $0.precomposedStringWithCanonicalMapping },
            { $0.folding(options: .diacriticInsensitive, locale: nil) },
        ]
        var violations: [String] = []
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...4, using: &generator)
            let pieces = (0..<count).map { _ in
                Self.tricky.randomElement(using: &generator) ?? ""
            }
            let text = pieces.joined()
            let operand = pieces.map { piece in
                (transforms.randomElement(using: &generator) ?? { $0 })(piece)
            }.joined()
            if let violation = Self.violation(text, operand) { violations.append(violation) }
            if let violation = Self.violation(operand, text) { violations.append(violation) }
        }
        #expect(violations.isEmpty, "\(violations.count): \(violations.prefix(20))")
    }
}
