/// Records in insertion order with an index by id: the table both backends keep in memory.
///
/// Records sit in an array of slots; a deleted record leaves an empty slot, and the slots are
/// compacted once the empty ones outnumber the records. Lookups by id are one hash lookup;
/// iteration follows insertion order, so every query without sort keys is deterministic.
/// Replacing a record keeps its place; a record inserted again after a delete goes last.
struct RecordTable<Model: StorableModel>: Sendable {
    private var slots: [Model?] = []
    private var positions: [Model.ID: Int] = [:]
    /// The number of records.
    private(set) var count = 0

    /// A record whose id an earlier record already has.
    struct DuplicateRecord: Error {
        /// The later record's index in the sequence.
        let index: Int
        /// The id both have.
        let id: Model.ID
    }

    init() {}

    /// A table of records in order.
    ///
    /// - Throws: ``DuplicateRecord`` for the first record whose id came before.
    init(_ records: some Sequence<Model>) throws(DuplicateRecord) {
        slots.reserveCapacity(records.underestimatedCount)
        positions.reserveCapacity(records.underestimatedCount)
        for record in records {
            let id = record.id
            guard positions.updateValue(slots.count, forKey: id) == nil else {
                throw DuplicateRecord(index: slots.count, id: id)
            }
            slots.append(record)
        }
        count = slots.count
    }

    /// The record with this id.
    ///
    /// - Complexity: O(1) on average.
    subscript(id: Model.ID) -> Model? {
        guard let position = positions[id] else { return nil }
        return slots[position]
    }

    /// Whether a record has this id.
    func contains(_ id: Model.ID) -> Bool {
        positions[id] != nil
    }

    /// The records in insertion order.
    var records: Records { Records(slots: slots) }

    /// Adds a record, or replaces the one with its id in place.
    ///
    /// - Returns: The record it replaced.
    @discardableResult
    mutating func put(_ record: Model) -> Model? {
        let id = record.id
        // One hash for a new record: claim the next slot, and give it back if taken.
        if let position = positions.updateValue(slots.count, forKey: id) {
            positions[id] = position
            let old = slots[position]
            slots[position] = record
            return old
        }
        slots.append(record)
        count += 1
        return nil
    }

    /// Removes the record with this id.
    ///
    /// - Returns: The record removed.
    @discardableResult
    mutating func remove(_ id: Model.ID) -> Model? {
        guard let position = positions.removeValue(forKey: id) else { return nil }
        let old = slots[position]
        slots[position] = nil
        count -= 1
        if slots.count - count > Swift.max(32, count) { compactSlots() }
        return old
    }

    private mutating func compactSlots() {
        slots = slots.filter { $0 != nil }
        positions.removeAll(keepingCapacity: true)
        for (position, record) in slots.enumerated() {
            if let record { positions[record.id] = position }
        }
    }

    /// The records of a table in insertion order.
    struct Records: Sequence {
        fileprivate let slots: [Model?]

        func makeIterator() -> Iterator {
            Iterator(base: slots.makeIterator())
        }

        var underestimatedCount: Int { 0 }

        struct Iterator: IteratorProtocol {
            fileprivate var base: IndexingIterator<[Model?]>

            mutating func next() -> Model? {
                while let slot = base.next() {
                    if let record = slot { return record }
                }
                return nil
            }
        }
    }
}
