/// A word search over text that ignores case and diacritics: the words a user typed, each to
/// be found at the start of a word of the text.
///
/// A search is parsed from what a user types. Every word must be found (the words are
/// and'ed), each as the beginning of a word of the text, and case, accents and the width of
/// characters do not count. Punctuation separates words, so quotes, hyphens and apostrophes
/// only split them: `"fire breath"` is the two words `fire` and `breath`, anywhere in the
/// text, and `ho-oh` is `ho` and `oh`. Phrases and operators are not part of the syntax.
///
/// ```swift
/// let search = try TextSearch("Breath FIRE")
/// search.words                                  // ["breath", "fire"]
/// search.matches("It breathes fire.")           // true: "breath" begins "breathes"
/// search.matches("It spits fire.")              // false: no word begins with "breath"
///
/// let condition: Condition<Pokemon> = .search([\.name, \.abilities], for: search)
/// ```
///
/// Text is compared in a folded form, by one Unicode rule, the same in every target and every
/// locale: ``folded(_:)``; and cut into tokens by ``tokens(of:)``, which a store can keep on
/// write to answer a search from an index. <doc:SearchingText> states both, and what a
/// search means for Chinese and Japanese text, which has no spaces.
///
/// Two searches are equal when they have the same folded words: `TextSearch("Fire")` equals
/// `TextSearch("FIRE")`. A search encodes as its folded words, joined by spaces.
public struct TextSearch: Sendable, CustomStringConvertible {
    /// The search's words, folded, in the order they were written, each once.
    ///
    /// A word is a run of letters, marks and digits, or a run of ideographs and kana
    /// (see ``tokens(of:)``).
    public let words: [String]

    /// The folded tokens the search looks for, each once: a text matches when each of them
    /// begins one of the text's ``tokens(of:)``.
    ///
    /// A word is one token, except a run of ideographs and kana, which gives its bigrams and
    /// its last character, as a text's run does.
    public let tokens: [String]

    /// The longest text a search is parsed from, in UTF-8 bytes: 1,024.
    public static var maximumLength: Int { 1_024 }

    /// The most words a search may have, as written (a repeated word counts each time): 16.
    public static var maximumWordCount: Int { 16 }

    /// Parses a search from what a user typed.
    ///
    /// The text is folded (``folded(_:)``) and cut into words; every word is required.
    /// Anything may be passed: the parser never traps, and refuses what it cannot search with
    /// a ``QueryError`` that says why and at which character.
    ///
    /// ```swift
    /// let search = try TextSearch("Flabébé flower")   // words: ["flabebe", "flower"]
    /// ```
    ///
    /// - Parameter text: The search as typed.
    /// - Throws: ``QueryError/invalidSearch(_:reason:position:)`` when the text is longer than
    ///   ``maximumLength`` bytes, has more than ``maximumWordCount`` words, or has no letter
    ///   or digit once folded (it is empty, or only punctuation, symbols or emoji).
    /// - Complexity: O(*n*), where *n* is the length of the text.
    public init(_ text: String) throws(QueryError) {
        if text.utf8.count > Self.maximumLength {
            throw .invalidSearch(
                text, reason: "it is longer than \(Self.maximumLength) bytes of UTF-8",
                position: Self.positionPastMaximumLength(in: text))
        }
        let words = Self.words(ofFolded: Self.folded(text))
        if words.isEmpty {
            throw .invalidSearch(
                text,
                reason: "it has no letter or digit once folded (punctuation, symbols and "
                    + "emoji are not searched)",
                position: 0)
        }
        if words.count > Self.maximumWordCount {
            throw .invalidSearch(
                text, reason: "it has more than \(Self.maximumWordCount) words",
                position: Self.positionOfWord(Self.maximumWordCount + 1, in: text))
        }
        self.init(words: words)
    }

    /// A search of words already folded and cut.
    init(words: [Word]) {
        var seenWords: Set<String> = []
        var seenTokens: Set<String> = []
        var texts: [String] = []
        var tokens: [String] = []
        for word in words where seenWords.insert(word.text).inserted {
            texts.append(word.text)
            for token in word.tokens where seenTokens.insert(token).inserted {
                tokens.append(token)
            }
        }
        self.words = texts
        self.tokens = tokens
    }

    /// The search's folded words, joined by spaces: text that parses back to an equal search.
    public var description: String { words.joined(separator: " ") }

    // MARK: Matching

    /// Whether a text matches: each of the search's ``tokens`` begins one of its tokens.
    ///
    /// ```swift
    /// try TextSearch("straße").matches("STRASSENBAHN")   // true
    /// ```
    ///
    /// - Parameter text: The text to look in.
    /// - Returns: Whether every word of the search is found in the text.
    /// - Complexity: O(*n* × *w*), where *n* is the length of the text and *w* the number of
    ///   the search's tokens.
    public func matches(_ text: String) -> Bool {
        var progress = SearchProgress(self)
        return progress.add(text)
    }

    /// Whether several texts, taken as one document, match.
    ///
    /// Each of the search's ``tokens`` must begin a token of one of them. A record's searched
    /// attributes are such a document.
    ///
    /// - Parameter texts: The texts to look in.
    /// - Returns: Whether every word of the search is found in one of the texts.
    /// - Complexity: O(*n* × *w*), where *n* is the length of the texts and *w* the number of
    ///   the search's tokens.
    public func matches(_ texts: some Sequence<String>) -> Bool {
        var progress = SearchProgress(self)
        for text in texts where progress.add(text) { return true }
        return false
    }

    /// Whether a document, given by its folded tokens (as ``tokens(of:)`` makes them and a
    /// store keeps them), matches: each of the search's ``tokens`` begins one of them.
    ///
    /// - Parameter documentTokens: The document's tokens, folded.
    /// - Returns: Whether every word of the search is found among the tokens.
    /// - Complexity: O(*t* × *w*), where *t* is the number of the document's tokens and *w*
    ///   the number of the search's.
    public func matches(tokens documentTokens: some Sequence<String>) -> Bool {
        var progress = SearchProgress(self)
        for token in documentTokens where progress.add(token: token) { return true }
        return false
    }

    // MARK: Positions for errors

    /// The offset, in `Character`s, of the first character that ends past
    /// ``maximumLength`` bytes.
    private static func positionPastMaximumLength(in text: String) -> Int {
        var bytes = 0
        var position = 0
        for character in text {
            bytes += character.utf8.count
            if bytes > maximumLength { return position }
            position += 1
        }
        return position
    }

    /// The offset, in `Character`s, of the character where the `number`th word begins: the
    /// shortest beginning of the text that has that many words, less its last character.
    private static func positionOfWord(_ number: Int, in text: String) -> Int {
        let characters = Array(text)
        var low = 1
        var high = characters.count
        while low < high {
            let middle = (low + high) / 2
            let count = words(ofFolded: folded(String(characters[..<middle]))).count
            if count >= number { high = middle } else { low = middle + 1 }
        }
        return max(low - 1, 0)
    }
}

extension TextSearch: Hashable {
    /// Whether two searches have the same folded words, in the same order.
    public static func == (lhs: TextSearch, rhs: TextSearch) -> Bool {
        lhs.words == rhs.words
    }

    /// Hashes the folded words.
    ///
    /// - Parameter hasher: The hasher to use.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(words)
    }
}
