import PokedexKit
import Testing

@testable import pokedex

@Suite("Display width and wrapping with wide characters")
struct DisplayWidthTests {
    @Test(
        "a text's width in columns",
        arguments: [
            ("", 0), ("Charizard", 9), ("Pokémon", 7), ("e\u{301}", 1),
            ("リザードン", 10), ("噴火龍", 6), ("喷火龙", 6), ("리자몽", 6),
            ("\u{1112}\u{1161}", 2), ("Ａ！", 4), ("\u{3000}", 2), ("ｱ", 1),
            ("…★─█·×½′″", 9), ("\u{200B}", 0), ("\u{FE0F}", 0), ("\t", 0),
            ("🔥", 2), ("かえん Pokémon", 14), ("𠀋", 2),
        ])
    func width(text: String, columns: Int) {
        #expect(text.displayWidth == columns, "\(text.unicodeScalars.map(\.value))")
    }

    @Test("Chinese prose without spaces is broken between characters within the width")
    func wrapsChinese() {
        let text = String(repeating: "它的翅膀可以带着它飞到接近1400米的高空。", count: 5)
        let lines = CommandSpec.wrap([text], width: 40)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { TerminalColumns.count($0) <= 40 }, "\(lines)")
        #expect(lines.dropLast().allSatisfy { TerminalColumns.count($0) >= 38 }, "\(lines)")
        #expect(lines.joined() == text)
        #expect(!lines.contains { $0.hasPrefix("。") })
        // A run of digits is not cut.
        #expect(lines.allSatisfy { !$0.hasPrefix("400") && !$0.hasPrefix("00") })
    }

    @Test("Korean is wrapped at its spaces, Latin text as before")
    func wrapsWords() {
        let words = "불꽃 포켓몬 리자몽은 하늘을 날며 불을 뿜는다".split(separator: " ").map(String.init)
        let lines = CommandSpec.wrap(words, width: 12)
        #expect(lines.allSatisfy { TerminalColumns.count($0) <= 12 }, "\(lines)")
        #expect(lines.joined(separator: " ") == words.joined(separator: " "))
        #expect(CommandSpec.wrap(["a", "bb", "ccc"], width: 4) == ["a bb", "ccc"])
        #expect(CommandSpec.wrap(["abcdefgh"], width: 4) == ["abcdefgh"])
    }

    @Test("a table's columns line up by display width")
    func tableAligns() {
        let table = TableFormatter(columns: [
            .init(title: "NAME", alignment: .left), .init(title: "N", alignment: .right),
        ])
        let lines = table.format([["リザードン", "6"], ["Glurak", "6"]]).split(separator: "\n")
        #expect(lines == ["NAME        N", "──────────  ─", "リザードン  6", "Glurak      6"])
    }

    @Test("every language of the tool has every phrase")
    func phrasesAreTranslated() {
        for language in Phrase.languages where language != .english {
            let phrases = Phrase.translations[language.rawValue] ?? [:]
            #expect(Set(phrases.keys) == Set(Phrase.allCases), "\(language)")
        }
        #expect(Phrase.baseStats.text(in: "ja-hrkt") == "種族値")
        #expect(Phrase.baseStats.text(in: "es-419") == "Estadísticas base")
        #expect(Phrase.generation.text(in: "ko", "1") == "1세대")
        #expect(Phrase.baseStats.text(in: "cs") == "Base stats")
    }

    @Test("the environment's language: LC_ALL, then LANG; C, POSIX and unknown ones are English")
    func environmentLanguage() {
        #expect(Wording.environmentLanguage([:]) == .english)
        #expect(Wording.environmentLanguage(["LANG": "ja_JP.UTF-8"]) == "ja")
        #expect(Wording.environmentLanguage(["LANG": "ja_JP.UTF-8", "LC_ALL": "de_DE"]) == "de")
        #expect(Wording.environmentLanguage(["LANG": "ko_KR", "LC_ALL": ""]) == "ko")
        #expect(Wording.environmentLanguage(["LANG": "C"]) == .english)
        #expect(Wording.environmentLanguage(["LC_ALL": "POSIX", "LANG": "fr_FR"]) == .english)
        #expect(Wording.environmentLanguage(["LANG": "zh_TW.UTF-8"]) == "zh-hant")
        #expect(Wording.environmentLanguage(["LANG": "xx_YY"]) == .english)
    }
}
