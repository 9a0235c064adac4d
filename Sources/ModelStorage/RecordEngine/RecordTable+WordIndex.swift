import KeyPathQuery

// Narrowing a scan by the words of the model's searchable attributes: the records the
// searches a condition requires may match, found in the table's `WordIndex`.
extension RecordTable {
    /// The live slots, in order, of the records that every search the condition requires
    /// (see `Condition.requiredSearches()`) over declared searchable attributes may match;
    /// `nil` when the table keeps no index of words or the condition requires no such
    /// search.
    ///
    /// A search over an attribute that is not declared is left to the evaluation of the
    /// whole condition, as is every other clause: the slots are candidates, never the
    /// answer.
    ///
    /// - Complexity: That of ``WordIndex/candidateSlots(for:slotCount:)`` for each search,
    ///   plus O(*c*) for *c* candidates.
    func wordIndexSlots(for condition: Condition<Model>) -> [Int]? {
        guard let wordIndex else { return nil }
        let slotCount = count + deadSlots
        var found: [Int]?
        for required in condition.requiredSearches() {
            guard let slots = wordIndex.candidateSlots(for: required, slotCount: slotCount)
            else { continue }
            found = found.map { SlotSets.intersection($0, slots) } ?? slots
        }
        guard let found else { return nil }
        return liveSlots(found)
    }
}
