import KeyPathQuery

/// Records in insertion order with an index by id, one by each of the model's
/// ``StorableModel/storedIndexes``, and one of the words of its
/// ``StorableModel/searchableAttributes`` (``WordIndex``): the table both backends keep in
/// memory.
///
/// Records sit densely in one array, so that the query engine scans them in place through
/// contiguous storage. A deleted record leaves a dead slot (marked in `isLive`, its value kept
/// until the slots are compacted, once the dead ones outnumber the records); while no slot is
/// dead, queries see the array itself. Lookups by id are one hash lookup; iteration follows
/// insertion order, so every query without sort keys is deterministic. Replacing a record
/// keeps its place; a record inserted again after a delete goes last.
///
/// Beside each record the table keeps its *write version*: the store's version after the
/// commit that last inserted or updated it, which a save of an earlier read compares with
/// the read's version to tell whether the record was written since.
package struct RecordTable<Model: StorableModel>: Sendable {
    private var slots: [Model] = []
    /// Each slot's write version.
    private var writeVersions: [UInt64] = []
    /// Whether the write versions are known: `false` for a table made from records whose
    /// write versions its backend does not keep, which then answers `nil` for them.
    private var knowsWriteVersions = true
    private var isLive: [Bool] = []
    /// Each live record's slot: one entry a record, so its count is the table's.
    private var positions: [Model.ID: Int] = [:]
    /// The number of records.
    package var count: Int { positions.count }
    /// The number of dead slots, which compaction reclaims.
    var deadSlots: Int { slots.count - positions.count }
    /// The model's mapped attributes (``Queryable/queryAttributes``) of the id's type whose
    /// value has equalled the id in every record put so far.
    ///
    /// They are `\.id` itself, as the model's own conditions write it, and any attribute that
    /// mirrors it. A condition that pins one of them is answered by looking ids up
    /// (``records(withIDs:)``).
    package private(set) var idKeyPaths: [IDKeyPath] = Self.attributesOfIDType
    /// An index of each of the model's ``StorableModel/storedIndexes`` (its indexed
    /// attributes and its references' attributes), kept up to date by every write (see
    /// ``ValueIndex``).
    package private(set) var indexes: [ValueIndex<Model>] = Model.storedIndexes.map(
        ValueIndex.init)
    /// An index of the words of the model's ``StorableModel/searchableAttributes``, kept up
    /// to date by every write as `indexes` are; `nil` when the model declares none.
    package private(set) var wordIndex = WordIndex<Model>()
    /// Whether writes leave the indexes alone, during a batch that rebuilds them after it
    /// (``writingBatch(of:_:)``).
    private var defersIndexes = false

    /// A record whose id an earlier record already has.
    package struct DuplicateRecord: Error {
        /// The later record's index in the sequence.
        package let index: Int
        /// The id both have.
        package let id: Model.ID
    }

    package init() {}

    /// A table of records in order.
    ///
    /// - Parameters:
    ///   - records: The records.
    ///   - versions: Each record's write version, in the records' order; a record past the
    ///     end of the list was written at `fallbackVersion`. `nil` when the backend does not
    ///     keep them: the table then answers `nil` for every record's write version.
    ///   - fallbackVersion: The write version of the records `versions` does not cover.
    ///   - isIndexed: Whether to index the model's indexed attributes: `false` for a table
    ///     made for one transaction, which only reads it once or twice.
    /// - Throws: ``DuplicateRecord`` for the first record whose id came before.
    package init(
        _ records: some Sequence<Model>, writeVersions versions: [UInt64]?,
        fallbackVersion: UInt64 = 0, isIndexed: Bool = true
    ) throws(DuplicateRecord) {
        if !isIndexed {
            indexes = []
            wordIndex = nil
        }
        knowsWriteVersions = versions != nil
        let versions = versions ?? []
        slots.reserveCapacity(records.underestimatedCount)
        positions.reserveCapacity(records.underestimatedCount)
        for record in records {
            let id = record.id
            guard positions.updateValue(slots.count, forKey: id) == nil else {
                throw DuplicateRecord(index: slots.count, id: id)
            }
            slots.append(record)
            keepIDKeyPaths(matching: record)
        }
        writeVersions =
            Array(versions.prefix(slots.count))
            + repeatElement(fallbackVersion, count: Swift.max(0, slots.count - versions.count))
        isLive = Array(repeating: true, count: slots.count)
        rebuildIndexes()
    }

    /// The record with this id.
    ///
    /// - Complexity: O(1) on average.
    package subscript(id: Model.ID) -> Model? {
        guard let position = positions[id] else { return nil }
        return slots[position]
    }

    /// The write version of the record with this id: the store's version after the commit
    /// that last inserted or updated it.
    ///
    /// - Complexity: O(1) on average.
    package func writeVersion(ofID id: Model.ID) -> UInt64? {
        guard knowsWriteVersions, let position = positions[id] else { return nil }
        return writeVersions[position]
    }

    /// The write versions of the records, in insertion order.
    package var recordWriteVersions: [UInt64] {
        deadSlots == 0
            ? writeVersions : writeVersions.indices.filter { isLive[$0] }.map { writeVersions[$0] }
    }

    /// Whether a record has this id.
    package func contains(_ id: Model.ID) -> Bool {
        positions[id] != nil
    }

    /// The slot of the record with this id: slots increase along insertion order.
    package func position(ofID id: Model.ID) -> Int? {
        positions[id]
    }

    /// The records with some of these ids, in insertion order, each once; ids no record has
    /// are skipped.
    ///
    /// - Complexity: O(*k* log *k*) for *k* ids.
    package func records(withIDs ids: [Model.ID]) -> [Model] {
        records(inSlots: ids.compactMap { positions[$0] })
    }

    /// The records of some slots, in insertion order, each once; dead slots are skipped.
    ///
    /// - Complexity: O(*k* log *k*) for *k* slots.
    package func records(inSlots candidates: [Int]) -> [Model] {
        records(inLiveSlots: liveSlots(candidates))
    }

    /// Some slots in insertion order, each once, without the dead ones.
    ///
    /// - Complexity: O(*k* log *k*) for *k* slots.
    package func liveSlots(_ candidates: [Int]) -> [Int] {
        var found = candidates
        // An index gives one value's slots in order already.
        if zip(found, found.dropFirst()).contains(where: { $0 > $1 }) { found.sort() }
        var live: [Int] = []
        live.reserveCapacity(found.count)
        var previous = -1
        guard deadSlots > 0 else {
            // Every slot is live: only repeats are dropped.
            for slot in found where slot != previous {
                previous = slot
                live.append(slot)
            }
            return live
        }
        isLive.withUnsafeBufferPointer { isLive in
            for slot in found where slot != previous {
                previous = slot
                if isLive[slot] { live.append(slot) }
            }
        }
        return live
    }

    /// The records of live slots, in the slots' order.
    ///
    /// - Complexity: O(*k*) for *k* slots.
    package func records(inLiveSlots found: [Int]) -> [Model] {
        guard !found.isEmpty else { return [] }
        // Written into storage allocated once: appending one at a time costs more than the
        // copy itself for a generic record.
        return slots.withUnsafeBufferPointer { source in
            [Model](unsafeUninitializedCapacity: found.count) { records, initialized in
                for slot in found {
                    records.initializeElement(at: initialized, to: source[slot])
                    initialized += 1
                }
            }
        }
    }

    /// The number of live slots whose record passes a test, read in place.
    ///
    /// - Complexity: O(*k*) tests for *k* slots.
    package func count(
        inLiveSlots found: [Int], where test: (UnsafePointer<Model>) -> Bool
    ) -> Int {
        slots.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return 0 }
            var count = 0
            for slot in found where test(base + slot) { count += 1 }
            return count
        }
    }

    /// The records in insertion order.
    package var records: Records { Records(slots: slots, isLive: deadSlots == 0 ? nil : isLive) }

    /// Adds a record, or replaces the one with its id in place.
    ///
    /// - Parameters:
    ///   - record: The record.
    ///   - version: Its write version: the store's version after the commit that writes it.
    /// - Returns: The record it replaced.
    @discardableResult
    package mutating func put(_ record: Model, version: UInt64) -> Model? {
        let id = record.id
        keepIDKeyPaths(matching: record)
        // One hash for a new record: claim the next slot, and give it back if taken.
        if let position = positions.updateValue(slots.count, forKey: id) {
            positions[id] = position
            let old = slots[position]
            slots[position] = record
            writeVersions[position] = version
            noteInIndexes(record, at: position, replacing: old)
            return old
        }
        slots.append(record)
        writeVersions.append(version)
        isLive.append(true)
        noteInIndexes(record, at: slots.count - 1, replacing: nil)
        return nil
    }

    /// Removes the record with this id.
    ///
    /// - Returns: The record removed.
    @discardableResult
    package mutating func remove(_ id: Model.ID) -> Model? {
        guard let position = positions.removeValue(forKey: id) else { return nil }
        let old = slots[position]
        isLive[position] = false
        if deadSlots > Swift.max(32, count) || count == 0 { compactSlots() }
        return old
    }

    /// An attribute of the id's type: taken from the model's attribute map, whose key paths
    /// are `Sendable`, and never changed.
    package struct IDKeyPath: @unchecked Sendable {
        let keyPath: KeyPath<Model, Model.ID>
    }

    private static var attributesOfIDType: [IDKeyPath] {
        // `\Model.id` as generic code writes it (a related fetch, a resolved condition
        // through a reference) is the id by definition.
        Model.queryAttributes.entries.compactMap {
            ($0.keyPath as? KeyPath<Model, Model.ID>).map(IDKeyPath.init(keyPath:))
        } + [IDKeyPath(keyPath: \Model.id)]
    }

    /// Drops the id key paths whose value in this record is not its id.
    ///
    /// The last one, `\Model.id`, is the id by definition and is never read: a table of *n*
    /// records reads each mapped attribute of the id's type at most *n* times, and none once
    /// the records have ruled them out.
    private mutating func keepIDKeyPaths(matching record: Model) {
        // A plain loop from the back, so that a removal leaves the entries still to check in
        // place: this runs for every record a table is made of.
        var index = idKeyPaths.count - 2
        guard index >= 0 else { return }
        let id = record.id
        while index >= 0 {
            if record[keyPath: idKeyPaths[index].keyPath] != id { idKeyPaths.remove(at: index) }
            index -= 1
        }
    }

    /// Runs a batch of writes; when the batch is large against the table, the indexes are
    /// rebuilt once after it rather than kept up to date write by write.
    ///
    /// An index takes each write into a small unsorted part that it merges into its sorted
    /// part as that grows: for a batch of a quarter of the table or more (a first save, a
    /// restore), one sort of every entry costs less.
    ///
    /// - Parameters:
    ///   - size: The number of writes in the batch.
    ///   - body: The writes.
    /// - Returns: What `body` returns.
    /// - Complexity: The writes', plus O(*n* log *n*) for *n* records when the indexes are
    ///   rebuilt.
    package mutating func writingBatch<Result>(
        of size: Int, _ body: (inout RecordTable) -> Result
    ) -> Result {
        guard !indexes.isEmpty || wordIndex != nil, size >= 1_024, size * 4 >= count + size else {
            return body(&self)
        }
        defersIndexes = true
        let result = body(&self)
        defersIndexes = false
        rebuildIndexes()
        return result
    }

    private mutating func noteInIndexes(_ record: Model, at slot: Int, replacing old: Model?) {
        guard !defersIndexes else { return }
        if wordIndex != nil {
            wordIndex?.note(record, at: slot, replacing: old)
            if wordIndex?.needsRebuild == true { wordIndex?.rebuild(slots, isLive: isLive) }
        }
        guard !indexes.isEmpty else { return }
        for index in indexes.indices {
            indexes[index].note(record, at: slot, replacing: old)
        }
        // Entries left behind by changed values: rebuilt once they outnumber the records.
        if indexes[0].entryCount > 2 * count + 1024 { rebuildValueIndexes() }
    }

    private mutating func rebuildIndexes() {
        rebuildValueIndexes()
        wordIndex?.rebuild(slots, isLive: isLive)
    }

    private mutating func rebuildValueIndexes() {
        for index in indexes.indices {
            indexes[index].rebuild(slots, isLive: isLive)
        }
    }

    private mutating func compactSlots() {
        var live: [Model] = []
        var liveVersions: [UInt64] = []
        live.reserveCapacity(count)
        liveVersions.reserveCapacity(count)
        for (position, record) in slots.enumerated() where isLive[position] {
            live.append(record)
            liveVersions.append(writeVersions[position])
        }
        slots = live
        writeVersions = liveVersions
        isLive = Array(repeating: true, count: slots.count)
        positions.removeAll(keepingCapacity: true)
        for (position, record) in slots.enumerated() {
            positions[record.id] = position
        }
        rebuildIndexes()
    }

    /// The records of a table in insertion order.
    ///
    /// While no slot is dead, the records are the slots themselves, and the sequence offers
    /// them as contiguous storage: the query engine then scans them in place.
    package struct Records: Sequence {
        fileprivate let slots: [Model]
        /// Which slots hold records, or `nil` when every one does.
        fileprivate let isLive: [Bool]?

        package func makeIterator() -> Iterator {
            Iterator(slots: slots, isLive: isLive)
        }

        package var underestimatedCount: Int { isLive == nil ? slots.count : 0 }

        package func withContiguousStorageIfAvailable<Result>(
            _ body: (UnsafeBufferPointer<Model>) throws -> Result
        ) rethrows -> Result? {
            guard isLive == nil else { return nil }
            return try slots.withUnsafeBufferPointer(body)
        }

        package struct Iterator: IteratorProtocol {
            fileprivate let slots: [Model]
            fileprivate let isLive: [Bool]?
            fileprivate var position = 0

            fileprivate init(slots: [Model], isLive: [Bool]?) {
                self.slots = slots
                self.isLive = isLive
            }

            package mutating func next() -> Model? {
                while position < slots.count {
                    defer { position += 1 }
                    if isLive?[position] ?? true { return slots[position] }
                }
                return nil
            }
        }
    }
}
