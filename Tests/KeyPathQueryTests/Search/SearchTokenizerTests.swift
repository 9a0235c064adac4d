import InternalSupport
import Testing

@testable import KeyPathQuery

/// How a text becomes tokens, and the properties a store relies on when it keeps them.
@Suite("Text search: tokens")
struct SearchTokenizerTests {
    @Test(
        "a text's tokens",
        arguments: [
            ("It blows out FIRE!", ["it", "blows", "out", "fire"]),
            ("Farfetch’d, Ho-Oh & Mr. Mime", ["farfetch", "d", "ho", "oh", "mr", "mime"]),
            ("fire fire FIRE", ["fire"]),
            ("Porygon2 x² 4,600", ["porygon2", "x2", "4", "600"]),
            ("火炎放射", ["火炎", "炎放", "放射", "射"]),
            ("火", ["火"]),
            ("リザードンの ほのお", ["リザ", "ザー", "ード", "ドン", "ンの", "の", "ほの", "のお", "お"]),
            ("Pokémon図鑑", ["pokemon", "図鑑", "鑑"]),
            ("第1世代", ["第", "1", "世代", "代"]),
            ("리자몽은 불꽃", ["리자몽은", "불꽃"]),
            ("🔥・🔥 ... ", []),
            ("", []),
        ])
    func tokens(_ text: String, _ expected: [String]) {
        #expect(TextSearch.tokens(of: text) == expected)
    }

    @Test("tokens are folded, unique, and hold no separator", arguments: [UInt64(1), 2, 3])
    func tokenProperties(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<2_000 {
            let text = SearchTextGenerator.text(&random)
            let tokens = TextSearch.tokens(of: text)
            let context = "\(text.unicodeScalars.map(\.value))"
            #expect(Set(tokens).count == tokens.count, "\(context)")
            for token in tokens {
                #expect(!token.isEmpty, "\(context)")
                #expect(TextSearch.folded(token) == token, "\(context)")
                #expect(
                    token.unicodeScalars.allSatisfy { TextSearch.kind(of: $0) != .separator },
                    "\(context)")
            }
        }
    }

    @Test("a text matches every search made of its own tokens", arguments: [UInt64(1), 2, 3])
    func matchesItsOwnTokens(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<1_000 {
            let text = SearchTextGenerator.text(&random)
            let tokens = TextSearch.tokens(of: text)
            for start in stride(from: 0, to: tokens.count, by: TextSearch.maximumWordCount) {
                let chunk = tokens[start..<min(start + TextSearch.maximumWordCount, tokens.count)]
                let search = try TextSearch(chunk.joined(separator: " "))
                #expect(search.matches(text), "\(text.unicodeScalars.map(\.value))")
                #expect(search.matches(tokens: tokens))
                // And every prefix of a token, scalar by scalar, is found too.
                if let token = chunk.first, token.unicodeScalars.count > 1 {
                    let prefix = String(String.UnicodeScalarView(token.unicodeScalars.prefix(1)))
                    if let short = try? TextSearch(prefix) {
                        #expect(
                            short.matches(tokens: tokens), "\(prefix.unicodeScalars.map(\.value))")
                    }
                }
            }
        }
    }

    @Test("a search's words survive encoding: its description parses back to it")
    func descriptionRoundTrips() throws {
        var random = SplitMix64(seed: 11)
        for _ in 0..<2_000 {
            let text = SearchTextGenerator.text(&random)
            guard let search = try? TextSearch(text) else { continue }
            #expect(
                try TextSearch(search.description) == search, "\(text.unicodeScalars.map(\.value))")
        }
    }
}
