/// Net changes over a table, by id, in the order the ids were first touched: `nil` for a
/// deleted record.
struct Overlay<Model: StorableModel>: Sendable {
    private(set) var values: [Model.ID: Model?] = [:]
    private(set) var order: [Model.ID] = []
    /// How many records the changes add to the table's count (negative when they remove).
    private(set) var countDelta = 0

    var isEmpty: Bool { order.isEmpty }

    /// The change for an id: `.some(nil)` when deleted, `nil` when untouched.
    subscript(id: Model.ID) -> Model?? {
        values[id]
    }

    /// Records a change, given whether a record had the id before it.
    mutating func set(_ id: Model.ID, to value: Model?, existed: Bool) {
        if values.updateValue(value, forKey: id) == nil { order.append(id) }
        countDelta += (value == nil ? 0 : 1) - (existed ? 1 : 0)
    }

    /// Lays another overlay's changes over this one's, as if they had been made here.
    mutating func absorb(_ other: Overlay) {
        for id in other.order {
            if let value = other.values[id] {
                if values.updateValue(value, forKey: id) == nil { order.append(id) }
            }
        }
        countDelta += other.countDelta
    }

    /// The net changes relative to a table, skipping records added and deleted again.
    func changes(over table: RecordTable<Model>) -> [RecordChange<Model>] {
        var changes: [RecordChange<Model>] = []
        changes.reserveCapacity(order.count)
        for id in order {
            guard let value = values[id] else { continue }
            if let model = value {
                changes.append(.upsert(model))
            } else if table.contains(id) {
                changes.append(.delete(id))
            }
        }
        return changes
    }
}
