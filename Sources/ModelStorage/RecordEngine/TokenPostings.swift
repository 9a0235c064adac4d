/// The slots of a table's records under each folded token of one searchable attribute, with
/// the tokens ordered byte by byte, so that the tokens a search's token begins are found by
/// binary search: one attribute's part of a ``WordIndex``.
///
/// Tokens are ordered by their UTF-8 bytes, the order in which a search compares them (a
/// token begins another when its bytes do: see `TextSearch.matches(tokens:)`), so the tokens
/// that begin with a prefix lie together, from the prefix on. A token first seen since the
/// last sort waits, unsorted, in a short list that every lookup reads, and is merged in once
/// that list grows.
///
/// Entries are only added: a record that loses a token, or is deleted, leaves its slot under
/// the token (a *stale* entry). A lookup therefore gives candidates: every live record that
/// has a token, and maybe others, which the table checks against the whole condition.
package struct TokenPostings: Sendable {
    /// Each token's slots, in the order they were added, possibly repeated.
    private var slotsByToken: [String: [Int]] = [:]
    /// The tokens, ordered by their UTF-8 bytes.
    private var sortedTokens: [String] = []
    /// Tokens added since the last sort.
    private var newTokens: [String] = []
    /// The number of entries, stale ones included.
    package private(set) var entryCount = 0

    package init() {}

    /// Notes that the record in a slot has a token.
    ///
    /// - Parameters:
    ///   - token: The token.
    ///   - slot: The record's slot.
    ///   - defersSort: Whether to leave a new token unsorted however many wait, for a
    ///     rebuild that calls ``sortTokens()`` once at its end.
    package mutating func add(_ token: String, slot: Int, defersSort: Bool = false) {
        entryCount += 1
        if slotsByToken[token]?.append(slot) != nil { return }
        slotsByToken[token] = [slot]
        newTokens.append(token)
        if !defersSort, newTokens.count > Swift.max(256, sortedTokens.count / 16) {
            sortTokens()
        }
    }

    /// Drops every entry.
    package mutating func removeAll() {
        slotsByToken = [:]
        sortedTokens = []
        newTokens = []
        entryCount = 0
    }

    /// Merges the tokens added since the last sort into the ordered ones.
    package mutating func sortTokens() {
        guard !newTokens.isEmpty else { return }
        newTokens.sort(by: Self.precedes)
        sortedTokens = sortedTokens.mergingSorted(newTokens, by: Self.precedes)
        newTokens = []
    }

    /// The slot lists of the tokens that begin with a prefix, byte by byte: every record
    /// that has such a token is in one of them.
    ///
    /// - Parameter prefix: A folded token of a search.
    /// - Returns: The lists, and the number of slots they hold together.
    /// - Complexity: O(log *t* + *m* + *u*) for *t* tokens, *m* of them matching and *u*
    ///   added since the last sort.
    package func slotLists(withPrefix prefix: String) -> (lists: [[Int]], size: Int) {
        var lists: [[Int]] = []
        var size = 0
        func take(_ token: String) {
            guard let slots = slotsByToken[token] else { return }
            lists.append(slots)
            size += slots.count
        }
        var low = 0
        var high = sortedTokens.count
        while low < high {
            let middle = low + (high - low) / 2
            if Self.precedes(sortedTokens[middle], prefix) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        while low < sortedTokens.count, sortedTokens[low].utf8.starts(with: prefix.utf8) {
            take(sortedTokens[low])
            low += 1
        }
        for token in newTokens where token.utf8.starts(with: prefix.utf8) { take(token) }
        return (lists, size)
    }

    /// Whether one token comes before another, byte by byte.
    private static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}
