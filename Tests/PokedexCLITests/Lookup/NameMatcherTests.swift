import InternalSupport
import Testing

@testable import pokedex

@Suite("NameMatcher: one folding of names, as keys and as PokeAPI spells them")
struct NameMatcherTests {
    @Test(
        "display names fold to PokeAPI's spelling and to one key",
        arguments: [
            ("Mr. Mime", "mr-mime", "mrmime"),
            ("MR-MIME", "mr-mime", "mrmime"),
            ("Farfetch’d", "farfetchd", "farfetchd"),
            ("Flabébé", "flabebe", "flabebe"),
            ("Nidoran♀", "nidoran-f", "nidoranf"),
            ("Nidoran♂", "nidoran-m", "nidoranm"),
            ("  Type: Null ", "type-null", "typenull"),
            ("Ｐｉｋａｃｈｕ", "pikachu", "pikachu"),
            ("charizard-mega-x", "charizard-mega-x", "charizardmegax"),
        ])
    func folds(name: String, pokeAPIName: String, key: String) {
        #expect(NameMatcher.pokeAPIName(name) == pokeAPIName)
        #expect(NameMatcher.key(name) == key)
        #expect(NameMatcher.key(pokeAPIName) == key)
    }

    @Test("punctuation alone folds to nothing")
    func empty() {
        #expect(NameMatcher.words(" .-’ ").isEmpty)
        #expect(NameMatcher.key("?!").isEmpty)
        #expect(NameMatcher.pokeAPIName("--").isEmpty)
    }

    @Test("ASCII names fold by the fast path exactly as through Foundation")
    func asciiFastPath() {
        // Every ASCII character alone, between letters, and beside a separator.
        for scalar in (0..<128).compactMap(Unicode.Scalar.init) {
            let character = String(scalar)
            for name in [character, "a\(character)b", "\(character) x-\(character)"] {
                #expect(NameMatcher.asciiWords(name) == NameMatcher.foldedWords(name), "\(name)")
            }
        }
        // Random ASCII names, seeded.
        var generator = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...12, using: &generator)
            let name = String(
                (0..<length).map { _ in
                    Character(Unicode.Scalar(UInt8.random(in: 0...127, using: &generator)))
                })
            #expect(NameMatcher.asciiWords(name) == NameMatcher.foldedWords(name), "\(name)")
        }
        // Anything else takes Foundation's folding.
        #expect(NameMatcher.asciiWords("Flabébé") == nil)
        #expect(NameMatcher.asciiWords("Nidoran♀") == nil)
    }

    @Test("suggestions: the closest names, the typo's first")
    func suggestions() {
        #expect(
            NameMatcher.closest(to: "charmandr", among: ["Charmander", "Charmeleon", "Squirtle"])
                .first == "Charmander")
        #expect(NameMatcher.closest(to: "zzzzzz", among: ["Pikachu"]).isEmpty)
    }
}
