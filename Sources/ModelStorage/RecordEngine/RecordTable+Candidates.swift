import KeyPathQuery

// Narrowing a scan: the records a condition can hold for, found by id or through an index of
// the model's indexed attributes, for the stores' queries and counts to evaluate instead of
// every record.
extension RecordTable {
    /// The only records a condition can hold for, in the table's order, when the ids it pins,
    /// an index of an attribute it bounds or the index of words of the attributes it searches
    /// narrow them to fewer than the table has; `nil` when every record must be scanned.
    ///
    /// The whole condition is still evaluated on them: this only narrows the scan, so the
    /// records a query selects are the same either way.
    ///
    /// - Complexity: That of ``candidateSlots(for:)``, plus a copy of each candidate.
    package func candidates(for condition: Condition<Model>) -> [Model]? {
        // Not `.map(records(inLiveSlots:))`: a partial application copies the table.
        guard let slots = candidateSlots(for: condition) else { return nil }
        return records(inLiveSlots: slots)
    }

    /// The slots of the records ``candidates(for:)`` returns, in order, each once, all live.
    ///
    /// When both an index of an attribute and the index of words narrow the scan, the
    /// records are those both find.
    ///
    /// - Complexity: O(*k* log *k*) for *k* ids pinned; O(log *n* + *c* log *c*) for *c*
    ///   candidates found in an index, plus a pass over the index's unmerged entries for a
    ///   range; that of ``WordIndex/candidateSlots(for:slotCount:)`` for each search the
    ///   condition requires; O(1) when it finds none.
    package func candidateSlots(for condition: Condition<Model>) -> [Int]? {
        if let ids = condition.pinnedIDs(through: idKeyPaths), ids.count < count {
            return liveSlots(ids.compactMap(position(ofID:)))
        }
        guard count > 0 else { return nil }
        let byValue = valueIndexSlots(for: condition)
        guard let byWords = wordIndexSlots(for: condition) else { return byValue }
        guard let byValue else { return byWords.count < count ? byWords : nil }
        return SlotSets.intersection(byValue, byWords)
    }

    /// The live slots, in order, of the records that the index of one of the model's indexed
    /// attributes finds for a condition, when it finds under a quarter of the table.
    private func valueIndexSlots(for condition: Condition<Model>) -> [Int]? {
        guard !indexes.isEmpty else { return nil }
        // A candidate costs more than a record scanned in place: an index helps while it
        // finds well under the whole table.
        var best: [Int]?
        let count = count
        // Through a buffer, so that each index is read in place rather than copied.
        indexes.withUnsafeBufferPointer { indexes in
            for index in indexes.indices {
                guard let ranges = condition.indexRanges(of: indexes[index].attribute.keyPath)
                else { continue }
                let limit = Swift.min(best?.count ?? .max, count / 4)
                if let slots = indexes[index].slots(in: ranges, limit: limit),
                    slots.count <= limit
                {
                    best = slots
                }
            }
        }
        guard let best else { return nil }
        return liveSlots(best)
    }

    /// The records a compiled query selects, leaving out some ids: it runs over the
    /// candidates its condition narrows the scan to, or else over every record.
    ///
    /// - Parameters:
    ///   - compiled: The query, compiled.
    ///   - condition: The query's condition, which narrows the scan (see
    ///     ``candidates(for:)``).
    ///   - ids: The ids of records to leave out.
    /// - Returns: The selected records.
    /// - Complexity: That of ``candidates(for:)``, plus the query over the candidates or,
    ///   without them, over every record.
    package func matching(
        _ compiled: CompiledQuery<Model>, narrowedBy condition: Condition<Model>,
        excluding ids: Set<Model.ID> = []
    ) -> [Model] {
        if ids.isEmpty, let slots = exactSlots(for: condition) {
            // Exactly the matches: copied once, never evaluated.
            return compiled.arrange(matches: records(inLiveSlots: slots))
        }
        if let candidates = candidates(for: condition) {
            return compiled.apply(
                to: ids.isEmpty ? candidates : candidates.filter { !ids.contains($0.id) })
        }
        if ids.isEmpty { return compiled.apply(to: records) }
        return compiled.apply(to: records.lazy.filter { !ids.contains($0.id) })
    }

    /// The number of records a compiled condition holds for, leaving out some ids: counted
    /// over the candidates the condition narrows the scan to, or else over every record.
    ///
    /// - Parameters:
    ///   - compiled: The condition, compiled.
    ///   - condition: The condition as written, which narrows the scan (see
    ///     ``candidates(for:)``).
    ///   - ids: The ids of records to leave out.
    /// - Returns: The number of matching records.
    /// - Complexity: That of ``candidates(for:)``, plus the condition over the candidates
    ///   or, without them, over every record.
    package func countMatching(
        _ compiled: CompiledCondition<Model>, narrowedBy condition: Condition<Model>,
        excluding ids: Set<Model.ID> = []
    ) -> Int {
        if ids.isEmpty, let count = exactCount(for: condition) { return count }
        if let slots = candidateSlots(for: condition) {
            // Counted in place: nothing is copied.
            if ids.isEmpty { return count(inLiveSlots: slots, where: compiled.evaluate(at:)) }
            return count(inLiveSlots: slots) {
                compiled.evaluate(at: $0) && !ids.contains($0.pointee.id)
            }
        }
        if ids.isEmpty { return compiled.count(in: records) }
        return compiled.count(in: records.lazy.filter { !ids.contains($0.id) })
    }

    /// The number of records a condition holds for, read from an index alone, when the
    /// condition is an equality or an `IN` on an indexed attribute whose index finds exactly
    /// the records with those values (see ``ValueIndex/exactCount(in:)``); `nil` otherwise.
    ///
    /// Nothing is evaluated and no record is read: a count of one species' 1,000 Pokémon
    /// among 1,000,000 would otherwise touch 1,000 records scattered through memory. While
    /// a slot is dead, the slots found are checked for liveness.
    package func exactCount(for condition: Condition<Model>) -> Int? {
        guard let (position, ranges) = equalityLookup(for: condition) else { return nil }
        return indexes.withUnsafeBufferPointer { indexes in
            if deadSlots == 0 { return indexes[position].exactCount(in: ranges) }
            return indexes[position].exactSlots(in: ranges, limit: .max).map {
                liveSlots($0).count
            }
        }
    }

    /// The slots of exactly the records a condition holds for, in order, found as
    /// ``exactCount(for:)`` finds their number; `nil` otherwise, or when they are more than
    /// a quarter of the table (a scan then costs less than sorting their slots).
    package func exactSlots(for condition: Condition<Model>) -> [Int]? {
        guard let (position, ranges) = equalityLookup(for: condition) else { return nil }
        let limit = count / 4
        guard
            let slots = indexes.withUnsafeBufferPointer({
                $0[position].exactSlots(in: ranges, limit: limit)
            })
        else { return nil }
        // Not `.map(liveSlots)`: a partial application copies the table.
        return liveSlots(slots)
    }

    /// The position in `indexes` of the index of the attribute that the condition is only an
    /// equality or an `IN` on, and the condition's ranges of it.
    private func equalityLookup(
        for condition: Condition<Model>
    ) -> (position: Int, ranges: [IndexRange])? {
        guard !indexes.isEmpty else { return nil }
        // Through a buffer, so that each index is read in place rather than copied.
        return indexes.withUnsafeBufferPointer { indexes in
            guard let first = indexes.baseAddress else { return nil }
            for position in indexes.indices {
                let keyPath = (first + position).pointee.attribute.keyPath
                guard condition.isEquality(of: keyPath),
                    let ranges = condition.indexRanges(of: keyPath)
                else { continue }
                return (position, ranges)
            }
            return nil
        }
    }

    /// How many records a query or count with this condition evaluates it on: the candidates
    /// an id or an index narrows it to, or every record.
    package func examinedCount(for condition: Condition<Model>) -> Int {
        candidateSlots(for: condition)?.count ?? count
    }
}
