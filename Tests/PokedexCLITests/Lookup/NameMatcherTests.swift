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

    @Test("suggestions: the closest names, the typo's first")
    func suggestions() {
        #expect(
            NameMatcher.closest(to: "charmandr", among: ["Charmander", "Charmeleon", "Squirtle"])
                .first == "Charmander")
        #expect(NameMatcher.closest(to: "zzzzzz", among: ["Pikachu"]).isEmpty)
    }
}
