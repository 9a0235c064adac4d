import KeyPathQuery

/// An index of the words of a model's ``StorableModel/searchableAttributes``: for each
/// declared attribute, the slots of the records under each folded token of its texts
/// (`TextSearch.tokens(of:)`, as ``StorableModel/searchTokens(of:)`` gives them), so that a
/// `Condition.search` over declared attributes finds its candidates without reading every
/// record.
///
/// A search's token is found as SQL finds it in a store's token table: as the tokens it
/// begins, byte by byte, of any of the attributes searched; every token of the search is
/// required. The slots found are candidates: the table evaluates the whole condition on
/// them, so the index gives exactly the answer a scan gives.
///
/// Writes add the tokens a record gains; a token it loses, or the whole record when it is
/// deleted, leaves a stale entry behind (see ``TokenPostings``), which only costs time. The
/// index is rebuilt when the stale entries outnumber the others, and whenever the table
/// rebuilds its ``ValueIndex``es.
package struct WordIndex<Model: StorableModel>: Sendable {
    /// The declared attributes, each with its name's position in `postings`.
    private let attributes: [(position: Int, attribute: SearchableAttribute<Model>)]
    /// Whether two attributes have the same name, whose tokens are then taken together.
    private let sharesNames: Bool
    /// Each distinct name's position in `postings`.
    private let positions: [String: Int]
    /// Each attribute name's tokens, in the order of `positions`.
    private var postings: [TokenPostings]
    /// Entries left behind by tokens records lost since the last rebuild.
    private var staleEntries = 0

    /// The index of a model's searchable attributes, empty; `nil` when it declares none, or
    /// one that its attribute map does not name (a search over it is then scanned).
    package init?() {
        guard let attributes = try? Model.namedSearchableAttributes(), !attributes.isEmpty
        else { return nil }
        var positions: [String: Int] = [:]
        for (name, _) in attributes where positions[name] == nil {
            positions[name] = positions.count
        }
        self.attributes = attributes.map { name, attribute in
            (positions[name] ?? 0, attribute)
        }
        sharesNames = positions.count < attributes.count
        self.positions = positions
        postings = Array(repeating: TokenPostings(), count: positions.count)
    }

    /// Whether stale entries outnumber the others, so that a rebuild would pay.
    package var needsRebuild: Bool {
        let entries = postings.reduce(0) { $0 + $1.entryCount }
        return staleEntries > entries - staleEntries + 1_024
    }

    /// Replaces every entry with those of the live slots.
    package mutating func rebuild(_ slots: [Model], isLive: [Bool]) {
        for position in postings.indices { postings[position].removeAll() }
        for (slot, record) in slots.enumerated() where isLive[slot] {
            for (position, tokens) in tokens(of: record).enumerated() {
                for token in tokens {
                    postings[position].add(token, slot: slot, defersSort: true)
                }
            }
        }
        for position in postings.indices { postings[position].sortTokens() }
        staleEntries = 0
    }

    /// Notes that the record in a slot now has its tokens, after `old` had its own there
    /// (`nil` for a new slot): the tokens it gained are added, the ones it lost left stale.
    package mutating func note(_ record: Model, at slot: Int, replacing old: Model?) {
        let oldTokens = old.map(tokens(of:))
        for (position, tokens) in tokens(of: record).enumerated() {
            let had = oldTokens.map { Set($0[position]) } ?? []
            var kept = 0
            for token in tokens {
                if had.contains(token) {
                    kept += 1
                } else {
                    postings[position].add(token, slot: slot)
                }
            }
            staleEntries += had.count - kept
        }
    }

    /// A record's tokens under each name, in the order of `postings`, each once.
    private func tokens(of record: Model) -> [[String]] {
        var tokens = Array(repeating: [String](), count: postings.count)
        for (position, attribute) in attributes {
            tokens[position] += attribute.tokens(in: record)
        }
        guard sharesNames else { return tokens }
        return tokens.map { all in
            var seen: Set<String> = []
            return all.filter { seen.insert($0).inserted }
        }
    }

    /// The slots of the records that may match a search, in order, each once: dead slots and
    /// records that lost a token since included; `nil` when an attribute it searches is not
    /// declared, or it has no token to look up.
    ///
    /// The search's tokens are looked up from the one with the fewest entries; once the
    /// candidates are few against a token's entries, the rest are left to the evaluation of
    /// the condition, which costs less than looking them up.
    ///
    /// - Parameters:
    ///   - required: The search, with the names of the attributes it looks in.
    ///   - slotCount: The table's number of slots: every slot is below it.
    /// - Returns: The candidates' slots, or `nil` when the index cannot look the search up.
    /// - Complexity: O(*w* (log *t* + *s* + *n* / 64)) for *w* tokens of the search, *t*
    ///   tokens in the index, *s* entries found for each and *n* slots.
    package func candidateSlots(for required: RequiredSearch, slotCount: Int) -> [Int]? {
        var searched: [Int] = []
        for name in required.attributeNames {
            guard let position = positions[name] else { return nil }
            if !searched.contains(position) { searched.append(position) }
        }
        let tokens = required.search.tokens
        guard !tokens.isEmpty else { return nil }
        var found: [(lists: [[Int]], size: Int)] = []
        found.reserveCapacity(tokens.count)
        for token in tokens {
            var lists: [[Int]] = []
            var size = 0
            for position in searched {
                let matches = postings[position].slotLists(withPrefix: token)
                lists += matches.lists
                size += matches.size
            }
            found.append((lists, size))
        }
        found.sort { $0.size < $1.size }
        guard let first = found.first else { return nil }
        var candidates = SlotSets.union(first.lists, size: first.size, slotCount: slotCount)
        for next in found.dropFirst() {
            guard !candidates.isEmpty, next.size <= candidates.count * 64 else { break }
            candidates = SlotSets.intersection(candidates, next.lists, slotCount: slotCount)
        }
        return candidates
    }
}
