/// Sets of a table's slots as sorted arrays without repeats, made from the slot lists a
/// ``WordIndex`` finds: a large set is gathered through a bitmap of every slot, a small one
/// by sorting.
enum SlotSets {
    /// The slots of some lists, in order, each once.
    ///
    /// - Parameters:
    ///   - lists: Lists of slots, in any order, possibly repeated.
    ///   - size: The number of slots the lists hold together.
    ///   - slotCount: The table's number of slots: every slot is below it.
    /// - Returns: The slots, in order, each once.
    /// - Complexity: O(*s* log *s*) for *s* slots listed, or O(*s* + *n* / 64) for *n*
    ///   slots in the table when *s* is a large share of them.
    static func union(_ lists: [[Int]], size: Int, slotCount: Int) -> [Int] {
        if lists.count == 1, let only = lists.first, isStrictlyIncreasing(only) { return only }
        guard size * 8 < slotCount else {
            var bitmap = Bitmap(slotCount: slotCount)
            for list in lists { bitmap.insert(list) }
            return bitmap.slots
        }
        var all: [Int] = []
        all.reserveCapacity(size)
        for list in lists { all += list }
        all.sort()
        var unique: [Int] = []
        unique.reserveCapacity(all.count)
        for slot in all where unique.last != slot { unique.append(slot) }
        return unique
    }

    /// The slots of a set that are in some lists, in order.
    ///
    /// - Parameters:
    ///   - candidates: Slots in order, each once.
    ///   - lists: Lists of slots, in any order, possibly repeated.
    ///   - slotCount: The table's number of slots: every slot is below it.
    /// - Returns: The candidates found in a list, in order.
    /// - Complexity: O(*c* + *s* + *n* / 64) for *c* candidates, *s* slots listed and *n*
    ///   slots in the table.
    static func intersection(_ candidates: [Int], _ lists: [[Int]], slotCount: Int) -> [Int] {
        var bitmap = Bitmap(slotCount: slotCount)
        for list in lists { bitmap.insert(list) }
        return candidates.filter(bitmap.contains)
    }

    /// The slots two sets share, in order.
    ///
    /// - Parameters:
    ///   - lhs: Slots in order, each once.
    ///   - rhs: Slots in order, each once.
    /// - Returns: The slots in both, in order.
    /// - Complexity: O(*a* + *b*) for sets of *a* and *b* slots.
    static func intersection(_ lhs: [Int], _ rhs: [Int]) -> [Int] {
        var shared: [Int] = []
        shared.reserveCapacity(Swift.min(lhs.count, rhs.count))
        var left = 0
        var right = 0
        while left < lhs.count, right < rhs.count {
            if lhs[left] < rhs[right] {
                left += 1
            } else if rhs[right] < lhs[left] {
                right += 1
            } else {
                shared.append(lhs[left])
                left += 1
                right += 1
            }
        }
        return shared
    }

    private static func isStrictlyIncreasing(_ slots: [Int]) -> Bool {
        !zip(slots, slots.dropFirst()).contains { $0 >= $1 }
    }

    /// One bit for each slot of a table.
    private struct Bitmap {
        private var words: [UInt64]
        private let slotCount: Int

        init(slotCount: Int) {
            self.slotCount = slotCount
            words = Array(repeating: 0, count: (slotCount + 63) / 64)
        }

        mutating func insert(_ slots: [Int]) {
            for slot in slots where slot >= 0 && slot < slotCount {
                words[slot / 64] |= 1 << UInt64(slot % 64)
            }
        }

        func contains(_ slot: Int) -> Bool {
            slot >= 0 && slot < slotCount && words[slot / 64] & (1 << UInt64(slot % 64)) != 0
        }

        /// The slots set, in order.
        var slots: [Int] {
            var found: [Int] = []
            for (index, word) in words.enumerated() where word != 0 {
                var bits = word
                while bits != 0 {
                    found.append(index * 64 + bits.trailingZeroBitCount)
                    bits &= bits - 1
                }
            }
            return found
        }
    }
}
