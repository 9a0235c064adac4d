import Foundation
import InternalSupport
import Testing

@testable import KeyPathQuery

/// The search's folding rule, checked against the Unicode data of the standard library for
/// every scalar, and its properties over random text.
@Suite("Text search: folding")
struct SearchFoldingTests {
    /// Every assigned scalar, private use and surrogates left out.
    static let assignedScalars: [Unicode.Scalar] = (0...0x10FFFF).compactMap { value in
        guard let scalar = Unicode.Scalar(value) else { return nil }
        switch scalar.properties.generalCategory {
        case .unassigned, .privateUse, .surrogate: return nil
        default: return scalar
        }
    }

    /// Whether compatibility decomposition leaves a scalar alone.
    static func isDecompositionStable(_ scalar: Unicode.Scalar) -> Bool {
        String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars
            .elementsEqual([scalar])
    }

    @Test("case folding changes exactly the scalars Unicode says case folding changes")
    func caseFoldingAgreesWithUnicode() {
        var disagreements: [String] = []
        for scalar in Self.assignedScalars where Self.isDecompositionStable(scalar) {
            let changes = TextSearch.caseFolded(scalar) != [scalar]
            if changes != scalar.properties.changesWhenCaseFolded {
                disagreements.append(String(scalar.value, radix: 16))
            }
        }
        #expect(disagreements.isEmpty, "U+\(disagreements.prefix(20))")
    }

    @Test(
        "full case folding, statuses C and F of CaseFolding.txt, after decomposition",
        arguments: [
            ("ß", "ss"), ("ẞ", "ss"), ("ς", "σ"), ("Σ", "σ"), ("ᾳ", "αι"), ("ᾼ", "αι"),
            ("ŉ", "ʼn"), ("ǰ", "j"), ("İ", "i"), ("ı", "ı"), ("I", "i"), ("\u{212A}", "k"),
            ("\u{212B}", "a"), ("\u{2126}", "ω"), ("Ꭰ", "Ꭰ"), ("ꭰ", "Ꭰ"), ("ᏸ", "Ᏸ"),
            ("\u{1C80}", "в"), ("ǅ", "dz"), ("ſ", "s"), ("ﬅ", "st"), ("Ａ", "a"), ("ϐ", "β"),
        ])
    func caseFolding(_ text: String, _ expected: String) {
        #expect(TextSearch.folded(text) == expected)
    }

    @Test("folding is idempotent and ends in NFC, for every assigned scalar")
    func idempotentForEveryScalar() {
        var failures: [String] = []
        for scalar in Self.assignedScalars {
            let once = TextSearch.folded(String(scalar))
            let twice = TextSearch.folded(once)
            if once != twice
                || !once.unicodeScalars.elementsEqual(
                    once.precomposedStringWithCanonicalMapping.unicodeScalars)
            {
                failures.append(String(scalar.value, radix: 16))
            }
        }
        #expect(failures.isEmpty, "U+\(failures.prefix(20))")
    }

    @Test("folding is idempotent on random text of every kind", arguments: [UInt64(1), 2, 3])
    func idempotentOnRandomText(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<2_000 {
            let text = SearchTextGenerator.text(&random)
            let once = TextSearch.folded(text)
            #expect(TextSearch.folded(once) == once, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test("the ASCII fast path gives what the general path gives")
    func asciiFastPath() {
        let every = String(String.UnicodeScalarView((0..<128).compactMap(Unicode.Scalar.init)))
        #expect(TextSearch.folded(every) == TextSearch.unicodeFolded(every))
        var random = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let length = Int(random.next() % 40)
            let text = String(
                String.UnicodeScalarView(
                    (0..<length).compactMap { _ in Unicode.Scalar(UInt8(random.next() % 128)) }))
            #expect(TextSearch.folded(text) == TextSearch.unicodeFolded(text))
        }
    }

    @Test("the ASCII tokens are the tokens the general path cuts")
    func asciiTokens() {
        let every = String(String.UnicodeScalarView((0..<128).compactMap(Unicode.Scalar.init)))
        #expect(TextSearch.tokens(of: every) == TextSearch.unicodeTokens(of: every))
        #expect(TextSearch.asciiTokens(of: "Farfetch'd is FARFETCH-D") == ["farfetch", "d", "is"])
        #expect(TextSearch.asciiTokens(of: "Flabébé") == nil)
        var random = SplitMix64(seed: 13)
        for _ in 0..<2_000 {
            let length = Int(random.next() % 40)
            // Mostly letters and digits, so that words repeat, with every other byte mixed in.
            let alphabet = Array("aAbBzZ09 .'-".unicodeScalars)
            let text = String(
                String.UnicodeScalarView(
                    (0..<length).compactMap { _ in
                        random.next() % 3 == 0
                            ? Unicode.Scalar(UInt8(random.next() % 128))
                            : alphabet[Int(random.next() % UInt64(alphabet.count))]
                    }))
            #expect(
                TextSearch.asciiTokens(of: text) == TextSearch.unicodeTokens(of: text), "\(text)")
        }
    }

    @Test("a folded text is in normalization form C, composed or not")
    func foldedIsComposed() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<2_000 {
            let text = SearchTextGenerator.text(&random)
            let folded = TextSearch.unicodeFolded(text)
            #expect(
                folded.unicodeScalars.elementsEqual(
                    folded.precomposedStringWithCanonicalMapping.unicodeScalars),
                "\(text.unicodeScalars.map(\.value))")
        }
        for text in ["Flabébé", "Pokémon", "ガギグ", "한국어", "Ǆ", "a\u{338}", "=\u{338}", "Å"] {
            let folded = TextSearch.unicodeFolded(text)
            #expect(
                folded.unicodeScalars.elementsEqual(
                    folded.precomposedStringWithCanonicalMapping.unicodeScalars), "\(text)")
        }
    }

    @Test("the result depends on the text alone: canonically equivalent texts fold alike")
    func canonicalEquivalence() {
        for text in ["Flabébé", "Phở", "한국어", "ガギグ", "Å Ω K", "Ǆ ǅ ǆ"] {
            let composed = text.precomposedStringWithCanonicalMapping
            let decomposed = text.decomposedStringWithCanonicalMapping
            #expect(TextSearch.folded(composed) == TextSearch.folded(decomposed))
        }
    }
}

/// Random text for the properties: ASCII, accented Latin, Greek, Cyrillic, Turkish, CJK,
/// kana, Hangul and its jamo, combining marks, compatibility forms, ignorables, emoji,
/// controls and punctuation, mixed.
enum SearchTextGenerator {
    static let pools: [[Unicode.Scalar]] = [
        Array("abcXYZ019 .,-'\"!?\t\n\0".unicodeScalars),
        Array("éÉèçÇñÑöÖüÜßẞøØœŒıİſǅǄǆ".unicodeScalars),
        Array("αβγΣσςΐΰᾳᾼΩΆΈ".unicodeScalars),
        Array("ЁёЙйЖжᲀ".unicodeScalars),
        Array("火炎放射日本語々〆ーひらがなカタカナｶﾞﾙ・、。".unicodeScalars),
        Array("한국어가각ㄱㅏᄀ\u{1161}\u{11A8}".unicodeScalars),
        (0x300...0x36F).compactMap(Unicode.Scalar.init) + ["\u{3099}", "\u{309A}", "\u{0345}"],
        Array("ﬁﬀﬃＡＢｃ①²Ⅻ㍿№™½⑴".unicodeScalars),
        Array("\u{AD}\u{200B}\u{200D}\u{FE0F}\u{E0100}\u{2060}".unicodeScalars),
        Array("🔥😀👍🏽🇯🇵❤️".unicodeScalars),
        Array("ꭰᎠᏸमहिन्दी\u{94D}\u{93C}ก\u{E47}مَرْ".unicodeScalars),
    ]

    /// A random text of up to 24 scalars, drawn from one to three pools.
    static func text(_ random: inout SplitMix64) -> String {
        var scalars = String.UnicodeScalarView()
        let chosen = (0..<(1 + Int(random.next() % 3))).map { _ in
            pools[Int(random.next() % UInt64(pools.count))]
        }
        for _ in 0..<Int(random.next() % 25) {
            let pool = chosen[Int(random.next() % UInt64(chosen.count))]
            scalars.append(pool[Int(random.next() % UInt64(pool.count))])
        }
        return String(scalars)
    }
}
