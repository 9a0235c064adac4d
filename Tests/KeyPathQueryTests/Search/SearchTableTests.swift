import Foundation
import Testing

@testable import KeyPathQuery

/// A record to search: one text, an optional one and a list of texts.
struct SearchedEntry: Queryable, Hashable, Sendable {
    var id: Int
    var text: String
    var note: String?
    var tags: [String]

    static let queryAttributes: AttributeMap<SearchedEntry> = [
        \.id: "id", \.text: "text", \.note: "note", \.tags: "tags",
    ]
}

/// The meaning of a text search, row by row.
///
/// A row is a text, what a user typed, and whether the text matches. Each row is checked through every route the search has in memory — the
/// condition compiled, `TextSearch.matches`, the text's stored tokens (what a store keeps on
/// write), and the condition encoded and decoded.
@Suite("Text search: the condition table")
struct SearchTableTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var text: String
        var search: String
        var matches: Bool
        var why: String

        var testDescription: String {
            "\(why): \(text.debugDescription) / \(search.debugDescription)"
        }
    }

    static let rows: [Row] = [
        // Case.
        Row(text: "Charizard", search: "CHARIZARD", matches: true, why: "upper-case search"),
        Row(text: "CHARIZARD", search: "char", matches: true, why: "upper-case text"),
        // Diacritics, precomposed or decomposed, on either side.
        Row(text: "Flabébé", search: "flabebe", matches: true, why: "accents in the text"),
        Row(text: "Flabebe", search: "FLABÉBÉ", matches: true, why: "accents in the search"),
        Row(text: "Poke\u{301}mon", search: "pokémon", matches: true, why: "decomposed text"),
        Row(text: "Phở", search: "pho", matches: true, why: "stacked Vietnamese marks"),
        Row(text: "Ёж", search: "еж", matches: true, why: "Cyrillic diaeresis"),
        Row(text: "مَرْحَبًا", search: "مرحبا", matches: true, why: "Arabic vowel points"),
        Row(text: "Øre", search: "ore", matches: false, why: "ø is a letter of its own"),
        Row(text: "Œuvre", search: "oeuvre", matches: false, why: "œ is a letter of its own"),
        // ß and ss.
        Row(text: "Straße", search: "strasse", matches: true, why: "ß in the text"),
        Row(text: "STRASSE", search: "straße", matches: true, why: "ß in the search"),
        Row(text: "STRAẞE", search: "strasse", matches: true, why: "capital sharp s"),
        Row(text: "Strassenbahn", search: "straß", matches: true, why: "ß as a prefix"),
        // Turkish dotted and dotless i: no language tailoring.
        Row(text: "İstanbul", search: "istanbul", matches: true, why: "dotted capital I"),
        Row(text: "İZMİR", search: "izmir", matches: true, why: "dotted capitals"),
        Row(text: "ISTANBUL", search: "istanbul", matches: true, why: "I is i, in every locale"),
        Row(text: "ıstanbul", search: "istanbul", matches: false, why: "dotless ı stays ı"),
        Row(text: "Istanbul", search: "ıstanbul", matches: false, why: "ı is not i"),
        // Greek final sigma and accents.
        Row(text: "ΣΊΣΥΦΟΣ", search: "σίσυφος", matches: true, why: "final sigma in the search"),
        Row(text: "σίσυφος", search: "ΣΙΣΥΦΟΣ", matches: true, why: "final sigma in the text"),
        Row(text: "ᾼ", search: "αι", matches: true, why: "iota subscript folds to iota"),
        // Width and compatibility forms.
        Row(text: "ＦＩＲＥ", search: "fire", matches: true, why: "full-width text"),
        Row(text: "fire", search: "ｆｉｒｅ", matches: true, why: "full-width search"),
        Row(text: "ｶﾞﾙｰﾗ", search: "ガルーラ", matches: true, why: "half-width katakana"),
        Row(text: "ﬁre", search: "fire", matches: true, why: "fi ligature"),
        Row(text: "oﬃce", search: "office", matches: true, why: "ffi ligature"),
        Row(text: "x²", search: "x2", matches: true, why: "superscript digit"),
        Row(text: "① Ⅻ", search: "1 xii", matches: true, why: "circled and Roman numerals"),
        Row(text: "Glu\u{AD}rak", search: "glurak", matches: true, why: "soft hyphen ignored"),
        // Chinese and Japanese: bigrams, so a word is found inside a run.
        Row(text: "リザードンは火を吹く", search: "リザードン", matches: true, why: "katakana word"),
        Row(text: "火炎放射", search: "放射", matches: true, why: "Han inside a run"),
        Row(text: "火炎放射", search: "炎", matches: true, why: "one ideograph"),
        Row(text: "火炎放射", search: "射", matches: true, why: "the last ideograph"),
        Row(text: "火炎放射", search: "放火", matches: false, why: "a pair not in the text"),
        Row(text: "火炎放射", search: "射炎", matches: false, why: "a pair out of order"),
        Row(text: "ガルーラ", search: "カルーラ", matches: false, why: "kana voicing marks count"),
        Row(text: "パパ", search: "ハハ", matches: false, why: "papa is not haha"),
        Row(text: "ﾊﾟﾊﾟ", search: "パパ", matches: true, why: "half-width voicing marks"),
        Row(text: "Pokémonリザードン", search: "pokemon ザード", matches: true, why: "mixed scripts"),
        // Korean writes spaces: words and prefixes, as for Latin text.
        Row(text: "리자몽은 불꽃을", search: "리자몽", matches: true, why: "Hangul prefix"),
        Row(text: "리자몽", search: "자몽", matches: false, why: "Hangul infix"),
        // Emoji and punctuation separate words and are not searched.
        Row(text: "🔥 fire 🔥", search: "fire", matches: true, why: "emoji around a word"),
        Row(text: "fire🔥breath", search: "breath", matches: true, why: "emoji between words"),
        Row(text: "Farfetch’d", search: "farfetch'd", matches: true, why: "apostrophes"),
        Row(text: "Ho-Oh", search: "ho oh", matches: true, why: "a hyphen splits"),
        Row(text: "Ho-Oh", search: "hooh", matches: false, why: "the parts are two words"),
        Row(text: "Mr. Mime", search: "\"mr mime\"", matches: true, why: "quotes are no phrase"),
        Row(text: "Type: Null", search: "type:null", matches: true, why: "colon in the search"),
        Row(text: "4,600 feet", search: "600", matches: true, why: "a comma splits numbers"),
        Row(text: "4,600 feet", search: "4600", matches: false, why: "digits are not joined"),
        Row(text: "Porygon2", search: "porygon", matches: true, why: "letters and digits"),
        // Prefixes, not infixes; every word required, in any order.
        Row(text: "Charizard", search: "zard", matches: false, why: "an infix"),
        Row(text: "It breathes fire", search: "breath", matches: true, why: "a prefix"),
        Row(text: "breath", search: "breathes", matches: false, why: "longer than the word"),
        Row(text: "fire breath", search: "fi br", matches: true, why: "two prefixes"),
        Row(text: "breath of fire", search: "fire breath", matches: true, why: "any order"),
        Row(text: "fire breath", search: "fire water", matches: false, why: "one word missing"),
        // Empty and absent text.
        Row(text: "", search: "fire", matches: false, why: "empty text"),
        Row(text: "!!! ...", search: "fire", matches: false, why: "text without words"),
    ]

    @Test("each row matches as stated, by every route in memory", arguments: rows)
    func row(_ row: Row) throws {
        let search = try TextSearch(row.search)
        let entry = SearchedEntry(id: 1, text: row.text, note: nil, tags: [])
        let condition: Condition<SearchedEntry> = .search(\.text, for: search)
        #expect(try condition.compiled().evaluate(entry) == row.matches)
        #expect(search.matches(row.text) == row.matches)
        #expect(search.matches(tokens: TextSearch.tokens(of: row.text)) == row.matches)
        let decoded = try JSONDecoder().decode(
            Condition<SearchedEntry>.self, from: JSONEncoder().encode(condition))
        #expect(decoded == condition)
        #expect(try decoded.compiled().evaluate(entry) == row.matches)
        // The negation holds exactly where the search does not.
        #expect(try (!condition).compiled().evaluate(entry) == !row.matches)
    }

    @Test("the table is not trivial: rows match and rows do not, in every group")
    func tableIsBalanced() {
        #expect(Self.rows.filter(\.matches).count >= 20)
        #expect(Self.rows.filter { !$0.matches }.count >= 15)
    }

    @Test("several attributes, a list and an optional are one document")
    func severalAttributes() throws {
        let entry = SearchedEntry(
            id: 1, text: "Charizard", note: "Blaze", tags: ["Fire", "Flying"])
        let blank = SearchedEntry(id: 2, text: "Charizard", note: nil, tags: [])
        let search = try TextSearch("char fly blaze")
        let all: Condition<SearchedEntry> = .search([\.text, \.note, \.tags], for: search)
        #expect(try all.compiled().evaluate(entry))
        #expect(try !all.compiled().evaluate(blank))
        #expect(
            try !Condition<SearchedEntry>.search(\.text, for: search).compiled().evaluate(entry))
        let tags: Condition<SearchedEntry> = .search(\.tags, for: try TextSearch("FLY fire"))
        #expect(try tags.compiled().evaluate(entry))
        #expect(try !tags.compiled().evaluate(blank))
        let note: Condition<SearchedEntry> = .search(\.note, for: try TextSearch("blaze"))
        #expect(try note.compiled().evaluate(entry))
        #expect(try !note.compiled().evaluate(blank))
        // No attribute: nothing is found.
        #expect(try !Condition<SearchedEntry>.search([], for: search).compiled().evaluate(entry))
        // Inside other conditions, and on a list's elements.
        let mixed: Condition<SearchedEntry> = \.id == 1 && all
        #expect(try [entry, blank].filter(mixed.compiled().evaluate) == [entry])
        let element: Condition<SearchedEntry> = .anyElement(
            \.tags, where: .search(\.self, for: try TextSearch("fl")))
        #expect(try element.compiled().evaluate(entry))
        #expect(search.matches(["Charizard", "Blaze", "Fire", "Flying"]))
    }

    @Test("an attribute that is not text is refused when compiled")
    func notText() throws {
        let condition: Condition<SearchedEntry> = .search([\.id], for: try TextSearch("1"))
        #expect {
            _ = try condition.compiled()
        } throws: { ($0 as? QueryError)?.code == .unsupported }
    }

    @Test("SQL and NSPredicate refuse a search, so a store answers it in memory")
    func renderersRefuse() throws {
        let search = try TextSearch("fire")
        let conditions: [Condition<SearchedEntry>] = [
            .search(\.text, for: search),
            \.id > 3 || !.search([\.text, \.tags], for: search),
            .anyElement(\.tags, where: .search(\.self, for: search)),
        ]
        for condition in conditions {
            for options in [
                SQLOptions(), SQLOptions(textFunctions: SQLTextFunctions()),
                SQLOptions(dialect: .postgreSQL),
            ] {
                #expect {
                    _ = try condition.sqlExpression(options: options)
                } throws: { error in
                    let error = error as? QueryError
                    return error?.code == .unsupported && error?.target == .sql
                }
            }
            #expect {
                _ = try condition.predicateFormat()
            } throws: { error in
                let error = error as? QueryError
                return error?.code == .unsupported && error?.target == .predicateFormat
            }
        }
    }

    @Test("a search encodes as its folded words, and equal searches are the same words")
    func codable() throws {
        let search = try TextSearch("  Breath, FIRE! breath ")
        #expect(search.words == ["breath", "fire"])
        #expect(search == (try TextSearch("breath fire")))
        #expect(search != (try TextSearch("fire breath")))
        let data = try JSONEncoder().encode(search)
        #expect(String(decoding: data, as: UTF8.self) == #""breath fire""#)
        #expect(try JSONDecoder().decode(TextSearch.self, from: data) == search)
        let condition: Condition<SearchedEntry> = .search([\.text, \.tags], for: search)
        let json = String(decoding: try JSONEncoder().encode(condition), as: UTF8.self)
        #expect(json.contains(#""search":"breath fire""#))
        #expect(
            try JSONDecoder().decode(Condition<SearchedEntry>.self, from: Data(json.utf8))
                == condition)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(TextSearch.self, from: Data(#""?!""#.utf8))
        }
        // On a list's elements, and with other conditions around it.
        let nested: Condition<SearchedEntry> =
            !(.anyElement(\.tags, where: .search(\.self, for: search)) || \.id == 2)
        #expect(
            try JSONDecoder().decode(
                Condition<SearchedEntry>.self, from: JSONEncoder().encode(nested)) == nested)
        // A saved search that no longer parses does not decode.
        // Keys sorted: JSONEncoder's order otherwise follows a hash seeded per process.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let saved = String(
            decoding: try encoder.encode(Condition<SearchedEntry>.search(\.text, for: search)),
            as: UTF8.self)
        #expect(saved == #"{"search":{"attributes":["text"],"search":"breath fire"}}"#)
        let broken = Data(saved.replacingOccurrences(of: "breath fire", with: " ?! ").utf8)
        #expect {
            try JSONDecoder().decode(Condition<SearchedEntry>.self, from: broken)
        } throws: { error in
            guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
            return (context.underlyingError as? QueryError)?.code == .invalidSearch
        }
    }
}
