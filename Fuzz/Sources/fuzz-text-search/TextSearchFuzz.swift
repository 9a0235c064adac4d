import Foundation
import FuzzSupport

@testable import KeyPathQuery

/// Feeds the text search's folding, tokenizer and parser arbitrary text (the input's bytes as
/// UTF-8, invalid sequences read as U+FFFD).
///
/// Properties, for every input:
/// - folding is idempotent, `folded(folded(x)) == folded(x)`, and its ASCII fast path gives
///   what the general path gives;
/// - tokens are non-empty, folded, each listed once, and hold no scalar that separates words;
/// - parsing never traps: it gives a search with words and tokens, or throws
///   `QueryError.invalidSearch` with a position inside the text; a search encodes and decodes
///   back equal, and its description parses back to it;
/// - a text matches every search made of its own tokens (in groups the parser accepts);
/// - a search made from the first half of the input matches the second half exactly when it
///   matches that half's tokens, and when the condition compiled for memory says so.
@main
enum TextSearchFuzz: FuzzTarget {
    static func main() {
        FuzzDriver.main(Self.self)
    }

    /// A record with one text attribute, to evaluate a search condition on.
    struct Entry: Queryable {
        var text: String
        static let queryAttributes: AttributeMap<Entry> = [\.text: "text"]
    }

    /// Names and flavor texts of the fixtures' species, in every language they have, and a
    /// few texts the folding rule treats specially.
    static func seeds() throws -> [String: Data] {
        var seeds: [String: Data] = [:]
        let special = [
            "Straße STRAẞE İstanbul ıstanbul ΣΊΣΥΦΟΣ ＦＩＲＥ ﬁre ｶﾞﾙｰﾗ パパ ᾼ Ꭰ ꭰ",
            "Farfetch’d Ho-Oh 4,600 x² ① Ⅻ Glu\u{AD}rak 🔥fire🔥 ❤️ 👍🏽",
            "火炎放射 リザードンの ほのお 리자몽은 불꽃 ㄱㅏ ᄀ\u{1161}\u{11A8} हिन्दी مَرْحَبًا",
        ]
        for (index, text) in special.enumerated() {
            seeds["special-\(index).txt"] = Data(text.utf8)
        }
        for (name, data) in try FuzzFixtures.files(in: "full/pokemon-species") {
            let texts = strings(in: try JSONSerialization.jsonObject(with: data))
            for (index, text) in texts.enumerated() where index % 7 == 0 {
                seeds["\(name)-\(index).txt"] = Data(text.utf8)
            }
        }
        return seeds
    }

    /// Every string value named `name` or `flavor_text` in a JSON value.
    static func strings(in json: Any) -> [String] {
        if let object = json as? [String: Any] {
            return object.flatMap { key, value -> [String] in
                if key == "name" || key == "flavor_text", let text = value as? String {
                    return [text]
                }
                return strings(in: value)
            }.sorted()
        }
        if let array = json as? [Any] { return array.flatMap(strings(in:)) }
        return []
    }

    static func run(_ input: Data) {
        let text = String(decoding: input, as: UTF8.self)
        checkFolding(text)
        let tokens = checkTokens(text)
        checkParsing(text)
        checkOwnTokens(text, tokens)
        let characters = Array(text)
        let half = characters.count / 2
        checkMatching(String(characters[..<half]), in: String(characters[half...]))
    }

    static func checkFolding(_ text: String) {
        let once = TextSearch.folded(text)
        require(TextSearch.folded(once) == once, "folding is not idempotent: \(scalars(text))")
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            require(once == TextSearch.unicodeFolded(text), "the ASCII path differs: \(text)")
        }
    }

    static func checkTokens(_ text: String) -> [String] {
        let tokens = TextSearch.tokens(of: text)
        require(Set(tokens).count == tokens.count, "a token twice: \(scalars(text))")
        for token in tokens {
            require(!token.isEmpty, "an empty token: \(scalars(text))")
            require(TextSearch.folded(token) == token, "an unfolded token: \(scalars(token))")
            require(
                token.unicodeScalars.allSatisfy { TextSearch.kind(of: $0) != .separator },
                "a separator in a token: \(scalars(token))")
        }
        return tokens
    }

    static func checkParsing(_ text: String) {
        let search: TextSearch
        do {
            search = try TextSearch(text)
        } catch {
            require(error.code == .invalidSearch, "parsing threw \(error)")
            require(
                (0...text.count).contains(error.position ?? -1), "a position outside: \(error)")
            return
        }
        require(!search.words.isEmpty && !search.tokens.isEmpty, "a search without words")
        require(search.words.count <= TextSearch.maximumWordCount, "too many words kept")
        require((try? TextSearch(search.description)) == search, "the description differs")
        do {
            let data = try JSONEncoder().encode(search)
            let decoded = try JSONDecoder().decode(TextSearch.self, from: data)
            require(decoded == search, "a search decodes as \(decoded), not \(search)")
        } catch {
            fatalError("a search does not encode and decode: \(error)")
        }
    }

    /// Searches made of the text's own tokens, in groups of at most the words and bytes the
    /// parser takes, each match the text.
    static func checkOwnTokens(_ text: String, _ tokens: [String]) {
        var group: [String] = []
        var bytes = 0
        func check() {
            guard !group.isEmpty else { return }
            let joined = group.joined(separator: " ")
            guard let search = try? TextSearch(joined) else {
                fatalError("a search of a text's tokens is refused: \(scalars(joined))")
            }
            require(search.matches(text), "a text misses its own tokens: \(scalars(text))")
            group = []
            bytes = 0
        }
        for token in tokens where token.utf8.count < TextSearch.maximumLength {
            if group.count == TextSearch.maximumWordCount
                || bytes + token.utf8.count + 1 > TextSearch.maximumLength
            {
                check()
            }
            group.append(token)
            bytes += token.utf8.count + 1
        }
        check()
    }

    /// A search matches a text as it matches the text's tokens, and as the condition does.
    static func checkMatching(_ searchText: String, in document: String) {
        guard let search = try? TextSearch(searchText) else { return }
        let matches = search.matches(document)
        require(
            matches == search.matches(tokens: TextSearch.tokens(of: document)),
            "text and tokens disagree: \(scalars(searchText)) in \(scalars(document))")
        do {
            let condition = try Condition<Entry>.search(\.text, for: search).compiled()
            require(condition(Entry(text: document)) == matches, "the condition disagrees")
        } catch {
            fatalError("a search condition does not compile: \(error)")
        }
    }

    /// A text's scalars, for a report.
    static func scalars(_ text: String) -> String {
        text.unicodeScalars.prefix(200).map { String($0.value, radix: 16) }.joined(separator: " ")
    }
}
