/// One row of the search condition table: a text, what a user typed, and whether the text
/// matches, the same in memory and in every store.
public struct SearchCase: Sendable, CustomStringConvertible {
    /// The text searched.
    public let text: String
    /// What the user typed, parsed by `TextSearch.init(_:)`.
    public let search: String
    /// Whether the text matches.
    public let matches: Bool
    /// What the row shows.
    public let why: String

    /// The row, as a test names it.
    public var description: String {
        "\(why): \(text.debugDescription) / \(search.debugDescription)"
    }
}

/// The condition table of text searches: case, diacritics, `ß`, Turkish `i`, Greek sigma,
/// width and compatibility forms, Chinese and Japanese bigrams, Korean, emoji and
/// punctuation, prefixes and required words, stated as whether each text matches each
/// search — in memory (KeyPathQuery's tests) and through every store
/// (``SearchConformance``).
public enum SearchTable {
    /// Every row.
    public static let cases: [SearchCase] = [
        // Case.
        SearchCase(text: "Charizard", search: "CHARIZARD", matches: true, why: "upper-case search"),
        SearchCase(text: "CHARIZARD", search: "char", matches: true, why: "upper-case text"),
        // Diacritics, precomposed or decomposed, on either side.
        SearchCase(text: "Flabébé", search: "flabebe", matches: true, why: "accents in the text"),
        SearchCase(text: "Flabebe", search: "FLABÉBÉ", matches: true, why: "accents in the search"),
        SearchCase(
            text: "Poke\u{301}mon", search: "pokémon", matches: true, why: "decomposed text"),
        SearchCase(text: "Phở", search: "pho", matches: true, why: "stacked Vietnamese marks"),
        SearchCase(text: "Ёж", search: "еж", matches: true, why: "Cyrillic diaeresis"),
        SearchCase(text: "مَرْحَبًا", search: "مرحبا", matches: true, why: "Arabic vowel points"),
        SearchCase(text: "Øre", search: "ore", matches: false, why: "ø is a letter of its own"),
        SearchCase(
            text: "Œuvre", search: "oeuvre", matches: false, why: "œ is a letter of its own"),
        // ß and ss.
        SearchCase(text: "Straße", search: "strasse", matches: true, why: "ß in the text"),
        SearchCase(text: "STRASSE", search: "straße", matches: true, why: "ß in the search"),
        SearchCase(text: "STRAẞE", search: "strasse", matches: true, why: "capital sharp s"),
        SearchCase(text: "Strassenbahn", search: "straß", matches: true, why: "ß as a prefix"),
        // Turkish dotted and dotless i: no language tailoring.
        SearchCase(text: "İstanbul", search: "istanbul", matches: true, why: "dotted capital I"),
        SearchCase(text: "İZMİR", search: "izmir", matches: true, why: "dotted capitals"),
        SearchCase(
            text: "ISTANBUL", search: "istanbul", matches: true, why: "I is i, in every locale"),
        SearchCase(text: "ıstanbul", search: "istanbul", matches: false, why: "dotless ı stays ı"),
        SearchCase(text: "Istanbul", search: "ıstanbul", matches: false, why: "ı is not i"),
        // Greek final sigma and accents.
        SearchCase(
            text: "ΣΊΣΥΦΟΣ", search: "σίσυφος", matches: true, why: "final sigma in the search"),
        SearchCase(
            text: "σίσυφος", search: "ΣΙΣΥΦΟΣ", matches: true, why: "final sigma in the text"),
        SearchCase(text: "ᾼ", search: "αι", matches: true, why: "iota subscript folds to iota"),
        // Width and compatibility forms.
        SearchCase(text: "ＦＩＲＥ", search: "fire", matches: true, why: "full-width text"),
        SearchCase(text: "fire", search: "ｆｉｒｅ", matches: true, why: "full-width search"),
        SearchCase(text: "ｶﾞﾙｰﾗ", search: "ガルーラ", matches: true, why: "half-width katakana"),
        SearchCase(text: "ﬁre", search: "fire", matches: true, why: "fi ligature"),
        SearchCase(text: "oﬃce", search: "office", matches: true, why: "ffi ligature"),
        SearchCase(text: "x²", search: "x2", matches: true, why: "superscript digit"),
        SearchCase(text: "① Ⅻ", search: "1 xii", matches: true, why: "circled and Roman numerals"),
        SearchCase(
            text: "Glu\u{AD}rak", search: "glurak", matches: true, why: "soft hyphen ignored"),
        // Chinese and Japanese: bigrams, so a word is found inside a run.
        SearchCase(text: "リザードンは火を吹く", search: "リザードン", matches: true, why: "katakana word"),
        SearchCase(text: "火炎放射", search: "放射", matches: true, why: "Han inside a run"),
        SearchCase(text: "火炎放射", search: "炎", matches: true, why: "one ideograph"),
        SearchCase(text: "火炎放射", search: "射", matches: true, why: "the last ideograph"),
        SearchCase(text: "火炎放射", search: "放火", matches: false, why: "a pair not in the text"),
        SearchCase(text: "火炎放射", search: "射炎", matches: false, why: "a pair out of order"),
        SearchCase(text: "ガルーラ", search: "カルーラ", matches: false, why: "kana voicing marks count"),
        SearchCase(text: "パパ", search: "ハハ", matches: false, why: "papa is not haha"),
        SearchCase(text: "ﾊﾟﾊﾟ", search: "パパ", matches: true, why: "half-width voicing marks"),
        SearchCase(
            text: "Pokémonリザードン", search: "pokemon ザード", matches: true, why: "mixed scripts"),
        // Korean writes spaces: words and prefixes, as for Latin text.
        SearchCase(text: "리자몽은 불꽃을", search: "리자몽", matches: true, why: "Hangul prefix"),
        SearchCase(text: "리자몽", search: "자몽", matches: false, why: "Hangul infix"),
        // Emoji and punctuation separate words and are not searched.
        SearchCase(text: "🔥 fire 🔥", search: "fire", matches: true, why: "emoji around a word"),
        SearchCase(
            text: "fire🔥breath", search: "breath", matches: true, why: "emoji between words"),
        SearchCase(text: "Farfetch’d", search: "farfetch'd", matches: true, why: "apostrophes"),
        SearchCase(text: "Ho-Oh", search: "ho oh", matches: true, why: "a hyphen splits"),
        SearchCase(text: "Ho-Oh", search: "hooh", matches: false, why: "the parts are two words"),
        SearchCase(
            text: "Mr. Mime", search: "\"mr mime\"", matches: true, why: "quotes are no phrase"),
        SearchCase(
            text: "Type: Null", search: "type:null", matches: true, why: "colon in the search"),
        SearchCase(text: "4,600 feet", search: "600", matches: true, why: "a comma splits numbers"),
        SearchCase(
            text: "4,600 feet", search: "4600", matches: false, why: "digits are not joined"),
        SearchCase(text: "Porygon2", search: "porygon", matches: true, why: "letters and digits"),
        // Prefixes, not infixes; every word required, in any order.
        SearchCase(text: "Charizard", search: "zard", matches: false, why: "an infix"),
        SearchCase(text: "It breathes fire", search: "breath", matches: true, why: "a prefix"),
        SearchCase(text: "breath", search: "breathes", matches: false, why: "longer than the word"),
        SearchCase(text: "fire breath", search: "fi br", matches: true, why: "two prefixes"),
        SearchCase(text: "breath of fire", search: "fire breath", matches: true, why: "any order"),
        SearchCase(
            text: "fire breath", search: "fire water", matches: false, why: "one word missing"),
        // Empty and absent text.
        SearchCase(text: "", search: "fire", matches: false, why: "empty text"),
        SearchCase(text: "!!! ...", search: "fire", matches: false, why: "text without words"),
    ]
}
