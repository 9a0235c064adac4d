import Foundation
import KeyPathQuery

/// An index of one attribute of a table's records: the slots of the records, ordered by the
/// attribute's value, so that equalities, ranges and prefixes are found by binary search.
///
/// Writes are cheap: a record whose value changed is added to a small unsorted part
/// (`pending`, by value), merged into the sorted part once it grows past a fraction of it.
/// The old entry of a changed or removed record is left behind: the index may name slots
/// whose record no longer has the value, or no longer exists, but it names every live
/// record's slot under its current value. A lookup therefore gives candidates, which the
/// table checks against the whole condition; stale entries only cost time, and the index is
/// rebuilt when they outnumber the live ones.
///
/// Values are compared as the query engine compares them (``QueryValue``'s order: numbers by
/// value, text by `String`'s order). A `nil` or NaN value is never indexed: no comparison an
/// index answers holds for it. Text is ordered only when it is ASCII: `String` compares other
/// text by canonical equivalence, and its order between such texts is not always transitive
/// (`"e\u{301}"` equals `"é"` yet sorts between `"é5"` and `"é6"`), so no sorted array can
/// agree with it. The slots of text outside ASCII are kept apart (`unordered`) and are
/// candidates for every lookup; an operand outside ASCII is not looked up at all.
package struct ValueIndex<Model: StorableModel>: Sendable {
    /// The attribute.
    package let attribute: IndexedAttribute<Model>
    /// Entries ordered by value, then by slot.
    private var sorted: [Entry] = []
    /// Entries not merged yet, by value.
    private var pending: [QueryValue: [Int]] = [:]
    private var pendingCount = 0
    /// Slots whose value is text outside ASCII: candidates for every lookup.
    private var unordered: [Int] = []
    /// Entries left behind by records whose value changed since the last rebuild: while there
    /// are none, each live record has exactly one entry, under its current value.
    private var staleEntries = 0

    /// Entries and ranges are types of their own, not nested in this generic one: code in
    /// this module is not specialized for an application's model, and an array of a nested
    /// type would be read through the model's generic metadata, entry by entry.
    private typealias Entry = ValueIndexEntry
    private typealias Resolved = ResolvedIndexRange

    package init(_ attribute: IndexedAttribute<Model>) {
        self.attribute = attribute
    }

    /// The number of entries, stale ones included.
    package var entryCount: Int { sorted.count + pendingCount + unordered.count }

    /// Replaces every entry with those of the live slots.
    package mutating func rebuild(_ slots: [Model], isLive: [Bool]) {
        var entries: [Entry] = []
        entries.reserveCapacity(slots.count)
        unordered = []
        for (slot, record) in slots.enumerated() where isLive[slot] {
            let value = attribute.value(record)
            if Self.isUnorderedText(value) {
                unordered.append(slot)
            } else if let value = indexable(value) {
                entries.append(Entry(value: value, slot: slot))
            }
        }
        entries.sort(by: Self.precedes)
        sorted = entries
        pending = [:]
        pendingCount = 0
        staleEntries = 0
    }

    /// Notes that the record in a slot now has a value, after `old` had it there (`nil` for a
    /// new slot).
    package mutating func note(_ record: Model, at slot: Int, replacing old: Model?) {
        let new = attribute.value(record)
        // The old value's entry, if it had one: left behind unless the value is the same.
        let oldEntry = old.flatMap { old -> QueryValue? in
            let value = attribute.value(old)
            return Self.isUnorderedText(value) ? nil : indexable(value)
        }
        if Self.isUnorderedText(new) {
            unordered.append(slot)
            if oldEntry != nil { staleEntries += 1 }
            return
        }
        guard let value = indexable(new) else {
            if oldEntry != nil { staleEntries += 1 }
            return
        }
        if let oldEntry {
            if value.compare(to: oldEntry) == .orderedSame { return }
            staleEntries += 1
        }
        pending[value, default: []].append(slot)
        pendingCount += 1
        if pendingCount > Swift.max(512, sorted.count / 32) { mergePending() }
    }

    /// The slots of the records whose values may lie in some of the ranges.
    ///
    /// - Parameters:
    ///   - ranges: The ranges, from ``Condition/indexRanges(of:)``.
    ///   - limit: The most slots worth returning: past it, `nil`.
    /// - Returns: The slots, in no order, possibly repeated; `nil` when a range cannot be
    ///   looked up here (a value that does not convert to the attribute's type, a prefix it
    ///   cannot bound), or more than `limit` would be.
    package func slots(in ranges: [IndexRange], limit: Int) -> [Int]? {
        var resolvedRanges: [Resolved] = []
        resolvedRanges.reserveCapacity(ranges.count)
        for range in ranges {
            guard let resolved = resolve(range) else { return nil }
            resolvedRanges.append(resolved)
        }
        return slots(in: resolvedRanges, limit: limit)
    }

    /// The slots of the records whose values may lie in some of the ranges, resolved to the
    /// attribute's values; `nil` past `limit`.
    private func slots(in ranges: [Resolved], limit: Int) -> [Int]? {
        var bounds: [(lower: Int, upper: Int, range: Resolved)] = []
        bounds.reserveCapacity(ranges.count)
        var total = unordered.count
        for resolved in ranges {
            let found = self.bounds(of: resolved)
            bounds.append((found.lower, found.upper, resolved))
            total += Swift.max(0, found.upper - found.lower)
            if total > limit { return nil }
        }
        guard !bounds.isEmpty else { return [] }
        var slots = unordered
        slots.reserveCapacity(total + unordered.count)
        for (lower, upper, resolved) in bounds {
            if lower < upper {
                // By position: each entry's slot is read in place, not the entry copied.
                for position in lower..<upper { slots.append(sorted[position].slot) }
            }
            guard pendingCount > 0 else { continue }
            if case .equal(let value) = resolved {
                slots += pending[value] ?? []
            } else {
                for (value, pendingSlots) in pending where resolved.contains(value) {
                    slots += pendingSlots
                }
            }
            if slots.count > limit { return nil }
        }
        return slots
    }

    /// The number of live records whose value lies in some of the ranges, counted from the
    /// entries alone, when they are exact; `nil` otherwise.
    ///
    /// They are exact when each range is an equality with an integer, or with ASCII text on a
    /// text attribute (values that the index and the query engine compare alike), no entry is
    /// stale, and no text is kept apart: each live record then has one entry, under its
    /// value. Entries of deleted records are counted: the caller must know that no slot is
    /// dead.
    ///
    /// - Complexity: O(*r* log *n*) for *r* ranges.
    package func exactCount(in ranges: [IndexRange]) -> Int? {
        guard let values = exactValues(ranges) else { return nil }
        var count = 0
        // A value listed twice is counted once.
        for value in values.count > 1 ? Array(Set(values)) : values {
            let found = bounds(of: .equal(value))
            count += found.upper - found.lower + (pending[value]?.count ?? 0)
        }
        return count
    }

    /// The slots of exactly the records whose value lies in the ranges, dead slots aside.
    ///
    /// `nil` when the entries are not exact for the ranges (see ``exactCount(in:)``), or past
    /// `limit`. A value listed twice gives its slots twice, which the table drops as it drops
    /// dead slots.
    package func exactSlots(in ranges: [IndexRange], limit: Int) -> [Int]? {
        guard let values = exactValues(ranges) else { return nil }
        return slots(in: values.map(Resolved.equal), limit: limit)
    }

    /// The ranges' values, converted, when the entries are exact for them.
    private func exactValues(_ ranges: [IndexRange]) -> [QueryValue]? {
        guard staleEntries == 0, unordered.isEmpty else { return nil }
        var values: [QueryValue] = []
        values.reserveCapacity(ranges.count)
        for range in ranges {
            guard case .equal(let operand) = range, let value = converted(operand) else {
                return nil
            }
            switch value {
            case .integer: break
            case .string where attribute.isText: break
            default: return nil
            }
            values.append(value)
        }
        return values
    }

    // MARK: Ranges

    private func resolve(_ range: IndexRange) -> Resolved? {
        switch range {
        case .equal(let value):
            return converted(value).map(Resolved.equal)
        case .between(let lower, let upper):
            var resolvedLower: (QueryValue, Bool)?
            var resolvedUpper: (QueryValue, Bool)?
            if let lower {
                guard let value = converted(lower.value) else { return nil }
                resolvedLower = (value, lower.isIncluded)
            }
            if let upper {
                guard let value = converted(upper.value) else { return nil }
                resolvedUpper = (value, upper.isIncluded)
            }
            return .between(lower: resolvedLower, upper: resolvedUpper)
        case .prefix(let prefix):
            // Texts that start with an ASCII prefix (`Character` by `Character`, as
            // `hasPrefix` compares) have a canonical form that starts with its bytes, so they
            // lie from the prefix up to the prefix with its last byte raised by one. A prefix
            // that is not ASCII has no such simple bound: it is scanned.
            let bytes = Array(prefix.utf8)
            guard attribute.isText, let last = bytes.last, last < 0x7F,
                bytes.allSatisfy({ $0 < 0x80 })
            else { return nil }
            let upper = String(decoding: bytes.dropLast() + [last + 1], as: UTF8.self)
            return .between(lower: (.string(prefix), true), upper: (.string(upper), false))
        }
    }

    /// An operand as the index compares it, or `nil` for one it cannot look up.
    private func converted(_ value: QueryValue) -> QueryValue? {
        guard let converted = attribute.converted(value).flatMap(indexable),
            !Self.isUnorderedText(converted)
        else { return nil }
        return converted
    }

    /// Whether a value is text outside ASCII, which the index does not order.
    private static func isUnorderedText(_ value: QueryValue) -> Bool {
        guard case .string(let text) = value else { return false }
        return !text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// The range of `sorted` whose values lie in a range.
    private func bounds(of range: Resolved) -> (lower: Int, upper: Int) {
        switch range {
        case .equal(let value):
            let lower = firstIndex { $0.compare(to: value) != .orderedAscending }
            // The equal entries follow: their end is searched near them, in memory the first
            // search has just read, rather than by a second search over the whole index.
            let upper = firstIndex(from: lower) { $0.compare(to: value) == .orderedDescending }
            return (lower, upper)
        case .between(let lower, let upper):
            let start =
                lower.map { bound, included in
                    firstIndex { value in
                        let order = value.compare(to: bound)
                        return order == .orderedDescending || (included && order == .orderedSame)
                    }
                } ?? 0
            let end =
                upper.map { bound, included in
                    firstIndex { value in
                        let order = value.compare(to: bound)
                        return order == .orderedDescending || (!included && order == .orderedSame)
                    }
                } ?? sorted.count
            return (start, Swift.max(start, end))
        }
    }

    /// The first index of `sorted` whose value passes a test that fails before it and holds
    /// from it on.
    private func firstIndex(where test: (QueryValue) -> Bool) -> Int {
        firstIndex(in: 0, sorted.count, where: test)
    }

    /// The same index, known to be `start` or later, found by galloping from `start`: in
    /// O(log *d*) for an answer *d* entries past it.
    private func firstIndex(from start: Int, where test: (QueryValue) -> Bool) -> Int {
        var low = start
        var probe = start
        var step = 1
        while probe < sorted.count, !test(sorted[probe].value) {
            low = probe + 1
            probe = start + step
            step *= 2
        }
        return firstIndex(in: low, Swift.min(probe, sorted.count), where: test)
    }

    /// The same index, known to lie in `low...high`.
    private func firstIndex(in low: Int, _ high: Int, where test: (QueryValue) -> Bool) -> Int {
        var low = low
        var high = high
        while low < high {
            let middle = low + (high - low) / 2
            if test(sorted[middle].value) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }

    // MARK: Upkeep

    private mutating func mergePending() {
        var added: [Entry] = []
        added.reserveCapacity(pendingCount)
        for (value, slots) in pending {
            for slot in slots { added.append(Entry(value: value, slot: slot)) }
        }
        added.sort(by: Self.precedes)
        sorted = sorted.mergingSorted(added, by: Self.precedes)
        pending = [:]
        pendingCount = 0
    }

    private static func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
        switch lhs.value.compare(to: rhs.value) {
        case .orderedAscending: true
        case .orderedDescending: false
        default: lhs.slot < rhs.slot
        }
    }

    /// The value, unless it is `nil` or NaN.
    private func indexable(_ value: QueryValue) -> QueryValue? {
        switch value {
        case .null: nil
        case .double(let number) where number.isNaN: nil
        default: value
        }
    }
}

/// A value with the slot of a record that had it when it was indexed.
private struct ValueIndexEntry: Sendable {
    let value: QueryValue
    let slot: Int
}

/// A range with its values converted to the attribute's type: bounds, each included or
/// not, or one value.
private enum ResolvedIndexRange {
    case equal(QueryValue)
    case between(lower: (QueryValue, Bool)?, upper: (QueryValue, Bool)?)

    func contains(_ value: QueryValue) -> Bool {
        switch self {
        case .equal(let bound):
            return value.compare(to: bound) == .orderedSame
        case .between(let lower, let upper):
            if let (bound, included) = lower {
                guard let order = value.compare(to: bound) else { return false }
                if order == .orderedAscending || (order == .orderedSame && !included) {
                    return false
                }
            }
            if let (bound, included) = upper {
                guard let order = value.compare(to: bound) else { return false }
                if order == .orderedDescending || (order == .orderedSame && !included) {
                    return false
                }
            }
            return true
        }
    }
}
