/// The tokens of a search found so far in a document, as its texts or tokens are read: one
/// per record, so that reading stops as soon as every token is found.
struct SearchProgress {
    /// The search's tokens, as UTF-8, compared byte by byte: a token begins another when its
    /// Unicode scalars do.
    private let wanted: [String]
    /// Which of them have been found.
    private var found: [Bool]
    /// How many have not.
    private var missing: Int

    /// Nothing found yet of a search's tokens.
    init(_ search: TextSearch) {
        wanted = search.tokens
        found = Array(repeating: false, count: search.tokens.count)
        missing = search.tokens.count
    }

    /// Whether every token has been found.
    var isComplete: Bool { missing == 0 }

    /// Reads a text's tokens; returns whether every token has now been found.
    mutating func add(_ text: String) -> Bool {
        guard !isComplete else { return true }
        for word in TextSearch.words(ofFolded: TextSearch.folded(text)) {
            for token in word.tokens where add(token: token) { return true }
        }
        return isComplete
    }

    /// Reads one folded token of the document; returns whether every token has now been
    /// found.
    mutating func add(token: String) -> Bool {
        for index in wanted.indices where !found[index] {
            if token.utf8.starts(with: wanted[index].utf8) {
                found[index] = true
                missing -= 1
            }
        }
        return isComplete
    }
}
