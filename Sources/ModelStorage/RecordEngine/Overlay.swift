/// Net changes over a table, by id, in the order the ids were first touched: `nil` for a
/// deleted record.
///
/// The changes are kept in an array, with an index by id, so that reading them back in order
/// hashes nothing. Its elements are structs, not tuples: code generic over the model looks up
/// a tuple type's metadata under a lock on every use.
package struct Overlay<Model: StorableModel>: Sendable {
    /// A touched id and its value now: `nil` for a deleted record.
    package struct Entry: Sendable {
        package let id: Model.ID
        package var value: Model?
    }

    /// An id first written without asking whether the table had it, and whether that write
    /// left a record.
    package struct Uncounted: Sendable {
        let id: Model.ID
        let adds: Bool
    }

    /// Each touched id with its value now, in the order first touched.
    package private(set) var entries: [Entry] = []
    private var positions: [Model.ID: Int] = [:]
    /// How many records the changes add to the table's count (negative when they remove),
    /// those of ``uncounted`` aside.
    package private(set) var countDelta = 0
    /// The ids first written here without asking whether the table had them (an upsert), and
    /// whether that write left a record: their share of the count is settled only when the
    /// count is read (see ``countDelta(over:)``), so that an upsert costs no lookup.
    package private(set) var uncounted: [Uncounted] = []

    /// No changes.
    package init() {}

    package var isEmpty: Bool { entries.isEmpty }

    /// The touched ids, in the order first touched.
    package var order: [Model.ID] { entries.map { $0.id } }

    /// The change for an id: `.some(nil)` when deleted, `nil` when untouched.
    package subscript(id: Model.ID) -> Model?? {
        guard !entries.isEmpty, let position = positions[id] else { return nil }
        return entries[position].value
    }

    /// Records a change, given whether a record had the id before it.
    package mutating func set(_ id: Model.ID, to value: Model?, existed: Bool) {
        store(id, value)
        countDelta += (value == nil ? 0 : 1) - (existed ? 1 : 0)
    }

    /// Records the first change to an id that the overlay does not hold, without knowing
    /// whether a record had the id before it.
    package mutating func setUncounted(_ id: Model.ID, to value: Model?) {
        store(id, value)
        uncounted.append(Uncounted(id: id, adds: value != nil))
    }

    /// How many records the changes add to a table's count, given whether the table holds
    /// an id (asked once for each id in ``uncounted``).
    package func countDelta(over contains: (Model.ID) -> Bool) -> Int {
        var delta = countDelta
        for entry in uncounted {
            delta += (entry.adds ? 1 : 0) - (contains(entry.id) ? 1 : 0)
        }
        return delta
    }

    private mutating func store(_ id: Model.ID, _ value: Model?) {
        if let position = positions.updateValue(entries.count, forKey: id) {
            positions[id] = position
            entries[position].value = value
        } else {
            entries.append(Entry(id: id, value: value))
        }
    }

    /// Lays another overlay's changes over this one's, as if they had been made here.
    package mutating func absorb(_ other: Overlay) {
        guard !isEmpty else {
            self = other
            return
        }
        for entry in other.entries { store(entry.id, entry.value) }
        countDelta += other.countDelta
        uncounted += other.uncounted
    }

    /// The net changes relative to a table, skipping records added and deleted again.
    package func changes(over table: RecordTable<Model>) -> [RecordChange<Model>] {
        var changes: [RecordChange<Model>] = []
        changes.reserveCapacity(entries.count)
        for entry in entries {
            if let model = entry.value {
                changes.append(.upsert(model))
            } else if table.contains(entry.id) {
                changes.append(.delete(entry.id))
            }
        }
        return changes
    }
}
