import InternalSupport
import KeyPathQuery
import ModelStorage
import ModelStorageTesting

/// Random records and searches for the tests of the in-memory stores' index of words: words
/// with accents, ligatures, full-width letters, Greek, Chinese and Japanese, and searches for
/// them whole, for their beginnings, for pieces of ideographic runs, and for nothing.
enum WordIndexFixture {
    /// The words records are made of.
    static let words = [
        "Charizard", "charmander", "Char", "Flabébé", "flabebe", "STRAẞE", "strasse",
        "Straßenbahn", "Pokémon", "pokemon", "fire", "Fire-breath", "breath", "ho-oh",
        "farfetch'd", "リザードン", "火炎放射", "火炎", "放射", "ポケモン", "パパ", "ハハ", "日本語",
        "Ｆｉｒｅ", "ﬁre", "Ελληνικά", "σοφός", "İstanbul", "istanbul", "e\u{301}clair", "éclair",
        "blaze", "flying", "feuer", "flug", "glurak", "x1", "x10", "x100",
    ]

    /// A few words of the list, joined by spaces, and one time in two a numbered word, `n`
    /// and a number below 300, so that writes bring words the index has not seen.
    static func text(_ random: inout SplitMix64, words count: ClosedRange<Int>) -> String {
        let count = count.lowerBound + random.below(count.count)
        let text = (0..<count).map { _ in random.pick(words) }.joined(separator: " ")
        return random.oneIn(2) ? text + " n\(random.below(300))" : text
    }

    /// A record with random texts: a note one time in three is `nil`.
    static func record(id: Int, _ random: inout SplitMix64) -> SearchRecord {
        SearchRecord(
            id: id, text: text(&random, words: 1...4),
            note: random.oneIn(3) ? nil : text(&random, words: 1...3),
            tags: (0..<random.below(4)).map { _ in random.pick(words) },
            remark: text(&random, words: 1...3))
    }

    /// What a user may type: a word, its beginning, a piece of a word, two words, or a word
    /// no record has; `nil` when the text has nothing to search.
    static func searchText(_ random: inout SplitMix64) -> String {
        let word = random.pick(words)
        let characters = Array(word)
        switch random.below(7) {
        case 0:
            return word
        case 1, 2:
            // A beginning, of the word as typed or folded.
            let source = random.oneIn(2) ? characters : Array(TextSearch.folded(word))
            return String(source.prefix(1 + random.below(source.count)))
        case 3:
            // A piece from anywhere: a bigram of an ideographic run, or a word's middle.
            let start = random.below(characters.count)
            let length = 1 + random.below(characters.count - start)
            return String(characters[start..<(start + length)])
        case 4:
            return word + " " + String(random.pick(words).prefix(2))
        case 5:
            return "n\(random.below(300))"
        default:
            return random.pick(["zzq", "火山", "ポ", "x", "x1 fire", "グ", "n", "N2 fire"])
                + (random.oneIn(2) ? "" : " n\(random.below(30))")
        }
    }

    /// A random condition with a search in it: over declared attributes, alone or with other
    /// clauses, over the undeclared remark, or where a search is not required.
    static func condition(_ random: inout SplitMix64) -> Condition<SearchRecord>? {
        guard let search = try? TextSearch(searchText(&random)),
            let other = try? TextSearch(searchText(&random))
        else { return nil }
        let id = random.below(400)
        switch random.below(10) {
        case 0: return .search(\.text, for: search)
        case 1: return .search(\.note, for: search)
        case 2: return .search(\.tags, for: search)
        case 3: return .search([\.text, \.note, \.tags], for: search)
        case 4: return .search(\.text, for: search) && \.id < id
        case 5: return .search(\.text, for: search) && .search([\.note, \.tags], for: other)
        case 6: return .search([\.text, \.remark], for: search)
        case 7: return .search(\.text, for: search) || \.id == id
        case 8: return !.search(\.tags, for: search) && .search(\.text, for: other)
        default: return .in(\.id, [id, id + 1, id + 2]) && .search(\.text, for: search)
        }
    }
}
