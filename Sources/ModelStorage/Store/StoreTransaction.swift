import KeyPathQuery

/// Several reads and writes that commit together or not at all.
///
/// A ``ModelStore/transaction(_:)`` body receives one and works on it synchronously; reads
/// see the body's own writes. When the body returns, every change commits at once; when it
/// throws, none does, and memory and disk stay exactly as they were:
///
/// ```swift
/// try await store.transaction { transaction in
///     guard var pikachu = transaction.fetch(id: 25) else { throw StoreError.notFound("25") }
///     pikachu.favorite = true
///     transaction.upsert(pikachu)
///     try transaction.delete(where: \.attack < 10)
/// }
/// ```
///
/// Backends make one over their committed records and read back ``changes`` after the body
/// returns. A simple backend can make one from a sequence of records with
/// ``init(_:writeVersions:version:)``; a database backend, over records it reads on demand,
/// with ``init(over:version:)``.
public struct StoreTransaction<Model: StorableModel>: Sendable {
    /// The committed records the transaction reads.
    var base: any CommittedRecords<Model>
    /// Writes earlier in the same group commit: read, but not this transaction's changes.
    let inherited: Overlay<Model>
    /// This transaction's writes.
    package private(set) var own = Overlay<Model>()

    /// The store's version the transaction reads: the number of commits before it.
    public let version: UInt64
    /// The database transaction this one is part of, as it was when handed out: where a
    /// condition that follows a reference reads the other models' records.
    package var database: DatabaseTransaction?

    package init(
        base: some CommittedRecords<Model>, version: UInt64, inherited: Overlay<Model> = Overlay()
    ) {
        self.base = base
        self.version = version
        self.inherited = inherited
    }

    /// Creates a transaction over records a backend reads on demand, such as a database's.
    ///
    /// ```swift
    /// var transaction = StoreTransaction(over: databaseRecords, version: version)
    /// let result = try body(&transaction)
    /// try database.apply(transaction.changes)
    /// ```
    ///
    /// - Parameters:
    ///   - committed: The committed records.
    ///   - version: The store's version: the number of commits so far.
    /// - Complexity: O(1); each read then asks `committed` for what it needs.
    public init(over committed: some CommittedRecords<Model>, version: UInt64) {
        self.init(base: committed, version: version)
    }

    /// Creates a transaction over some records, for a backend of your own that keeps them in
    /// its own form.
    ///
    /// A backend that keeps each record's write version — the store's version after the
    /// commit that last inserted or updated it, `version + 1` for the records this
    /// transaction's ``changes`` write — passes them, so that ``save(_:mergePolicy:)`` sees a
    /// record written since a read as a conflict even when its values are back to those read,
    /// as the conformance suite requires. Without them, a save compares values instead.
    ///
    /// - Parameters:
    ///   - records: The committed records, in their order.
    ///   - writeVersions: Each record's write version, in the records' order; `nil` when the
    ///     backend does not keep them.
    ///   - version: The store's version: the number of commits so far.
    /// - Throws: ``StoreError/duplicateID(_:)`` when two records have the same id.
    /// - Complexity: O(*n*) in the number of records.
    public init(
        _ records: some Sequence<Model>, writeVersions: [UInt64]? = nil, version: UInt64 = 0
    ) throws {
        do {
            let table = try RecordTable(records, writeVersions: writeVersions, isIndexed: false)
            self.init(base: table, version: version)
        } catch {
            throw StoreError.duplicateID(String(describing: error.id))
        }
    }

    /// The net changes the transaction made, one per record, in the order it first touched
    /// them; a record inserted and deleted again is left out.
    public var changes: [RecordChange<Model>] {
        var changes: [RecordChange<Model>] = []
        changes.reserveCapacity(own.entries.count)
        for entry in own.entries {
            if let model = entry.value {
                changes.append(.upsert(model))
            } else if inherited[entry.id].map({ $0 != nil })
                ?? (base.position(ofID: entry.id) != nil)
            {
                changes.append(.delete(entry.id))
            }
        }
        return changes
    }

    /// The records the transaction wrote, as they are now, in the order first touched.
    package var upserts: [Model] {
        var upserts: [Model] = []
        upserts.reserveCapacity(own.entries.count)
        for entry in own.entries {
            if let model = entry.value { upserts.append(model) }
        }
        return upserts
    }

    // MARK: Reading

    /// The number of records, the transaction's writes included.
    ///
    /// - Complexity: O(*u*) lookups in the committed records, for the *u* records first
    ///   written by an upsert (which does not look them up itself); O(1) otherwise.
    public var count: Int {
        let contains = { (id: Model.ID) in base.position(ofID: id) != nil }
        return base.count + inherited.countDelta(over: contains) + own.countDelta(over: contains)
    }

    /// The record with an id, the transaction's writes included.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record, or `nil` when none has the id.
    /// - Complexity: O(1) on average.
    public func fetch(id: Model.ID) -> Model? {
        if !own.isEmpty, let value = own[id] { return value }
        if !inherited.isEmpty, let value = inherited[id] { return value }
        return base.record(withID: id)
    }

    /// Whether a record has this id.
    ///
    /// - Parameter id: The id.
    /// - Returns: `true` when a record has it.
    /// - Complexity: O(1) on average.
    public func contains(id: Model.ID) -> Bool {
        if let value = touchedValue(id) { return value != nil }
        return base.position(ofID: id) != nil
    }

    /// The records a query selects, the transaction's writes included.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the query cannot be evaluated.
    /// - Complexity: O(*n*) to filter the *n* records, plus the sort (see `CompiledQuery`).
    public func fetch(_ query: RecordQuery<Model>) throws -> [Model] {
        let query = try resolvingReferences(query)
        guard !isUntouched else {
            return try base.records(selectedBy: query, excluding: []).map { $0.record }
        }
        let compiled = try Self.compile(query)
        // The committed records the page can hold (those the body has not written, sorted,
        // up to the page's end), and the written ones that match, in store order: the
        // query's page of all records is the same query's page of these.
        var window = query
        window.offset = 0
        window.limit = query.limit.flatMap {
            let (end, overflow) = $0.addingReportingOverflow(query.offset)
            return overflow ? nil : end
        }
        let touched = touchedIDs
        var candidates = try base.records(selectedBy: window, excluding: touched.set).map {
            (position: (0, $0.position), record: $0.record)
        }
        candidates += matchingTouched(touched.inOrder, compiled.condition)
        candidates.sort { $0.position < $1.position }
        return compiled.apply(to: candidates.map { $0.record })
    }

    /// The number of records that satisfy a condition.
    ///
    /// - Parameter condition: The condition.
    /// - Returns: The number of matching records.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the condition cannot be evaluated.
    /// - Complexity: O(1) for `.true`, O(*n*) otherwise.
    public func count(where condition: Condition<Model>) throws -> Int {
        if condition.isAlwaysTrue { return count }
        let condition = try resolvingReferences(condition)
        guard !isUntouched else { return try base.count(where: condition, excluding: []) }
        let compiled = try Self.compile(condition)
        let touched = touchedIDs
        return try base.count(where: condition, excluding: touched.set)
            + matchingTouched(touched.inOrder, compiled).count
    }

    /// Whether the transaction and the earlier writes of its group have written nothing, so
    /// that the committed records answer every read.
    private var isUntouched: Bool { own.isEmpty && inherited.isEmpty }

    /// The ids written by the earlier writes of the group and by this transaction, in the
    /// order first written, each once.
    private var touchedIDs: (inOrder: [Model.ID], set: Set<Model.ID>) {
        var set: Set<Model.ID> = []
        var inOrder: [Model.ID] = []
        for id in inherited.order + own.order where set.insert(id).inserted {
            inOrder.append(id)
        }
        return (inOrder, set)
    }

    /// The written records that exist now and satisfy a condition, with their places in the
    /// store's order: a committed record's own place, and after every committed record, the
    /// new ones in the order first written.
    private func matchingTouched(
        _ ids: [Model.ID], _ condition: CompiledCondition<Model>
    ) -> [(position: (Int, Int), record: Model)] {
        var matching: [(position: (Int, Int), record: Model)] = []
        var added = 0
        for id in ids {
            let committedPosition = base.position(ofID: id)
            if committedPosition == nil { added += 1 }
            guard let value = touchedValue(id) ?? nil, condition.evaluate(value) else { continue }
            matching.append((committedPosition.map { (0, $0) } ?? (1, added), value))
        }
        return matching
    }

    package static func compile(_ query: RecordQuery<Model>) throws(StoreError)
        -> CompiledQuery<Model>
    {
        do { return try query.compiled() } catch { throw .invalidQuery(error) }
    }

    package static func compile(_ condition: Condition<Model>) throws(StoreError)
        -> CompiledCondition<
            Model
        >
    {
        do { return try condition.compiled() } catch { throw .invalidQuery(error) }
    }

    // MARK: Writing

    /// Writes a record, new or not: the one primitive every write goes through.
    mutating func put(_ id: Model.ID, _ value: Model?) {
        if let current = touchedValue(id) {
            put(id, value, existed: current != nil)
        } else {
            // Whether the committed records hold the id matters only to `count`, which asks
            // then: an upsert costs no lookup (for a database, no round trip to the server).
            own.setUncounted(id, to: value)
        }
    }

    /// Writes a record whose existence the caller has just checked, without asking the
    /// committed records again (for a database, a round trip to the server saved).
    private mutating func put(_ id: Model.ID, _ value: Model?, existed: Bool) {
        own.set(id, to: value, existed: existed)
    }

    /// Inserts a new record.
    ///
    /// - Parameter model: The record.
    /// - Throws: ``StoreError/duplicateID(_:)`` when a record already has its id.
    /// - Complexity: O(1) on average.
    public mutating func insert(_ model: Model) throws {
        let id = model.id
        guard !contains(id: id) else { throw StoreError.duplicateID(String(describing: id)) }
        put(id, model, existed: false)
    }

    /// Inserts a record, or replaces the one with its id (which keeps its place in the order).
    ///
    /// - Parameter model: The record.
    /// - Complexity: O(1) on average.
    public mutating func upsert(_ model: Model) {
        put(model.id, model)
    }

    /// Inserts or replaces several records, in order.
    ///
    /// - Parameter models: The records; a later one with the same id wins.
    /// - Complexity: O(*m*) in the number of records.
    public mutating func upsert(contentsOf models: some Sequence<Model>) {
        for model in models { put(model.id, model) }
    }

    /// Deletes the record with an id.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: Whether a record was deleted.
    /// - Complexity: O(1) on average.
    @discardableResult
    public mutating func delete(id: Model.ID) -> Bool {
        guard contains(id: id) else { return false }
        put(id, nil, existed: true)
        return true
    }

    /// Deletes every record that satisfies a condition.
    ///
    /// - Parameter condition: The condition.
    /// - Returns: The number of records deleted.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the condition cannot be evaluated.
    /// - Complexity: O(*n*) in the number of records.
    @discardableResult
    public mutating func delete(where condition: Condition<Model>) throws -> Int {
        let condition = try resolvingReferences(condition)
        let compiled = try Self.compile(condition)
        let touched = touchedIDs
        let doomed =
            try base.records(selectedBy: RecordQuery(where: condition), excluding: touched.set)
            .map { $0.record.id }
            + matchingTouched(touched.inOrder, compiled).map { $0.record.id }
        for id in doomed { put(id, nil, existed: true) }
        return doomed.count
    }

    /// Changes one record in place.
    ///
    /// ```swift
    /// try transaction.update(id: 25) { $0.favorite.toggle() }
    /// ```
    ///
    /// - Parameters:
    ///   - id: The record's id.
    ///   - body: Changes the record; it must not change the id. When it throws, the record is
    ///     left as it was and the error is rethrown.
    /// - Returns: The record as changed.
    /// - Throws: ``StoreError/notFound(_:)`` when no record has the id,
    ///   ``StoreError/identifierChanged(from:to:)`` when `body` changes it, or what `body`
    ///   throws.
    /// - Complexity: O(1) on average, plus `body`.
    @discardableResult
    public mutating func update(id: Model.ID, _ body: (inout Model) throws -> Void) throws
        -> Model
    {
        guard var model = fetch(id: id) else {
            throw StoreError.notFound(String(describing: id))
        }
        try body(&model)
        guard model.id == id else {
            throw StoreError.identifierChanged(
                from: String(describing: id), to: String(describing: model.id))
        }
        put(id, model, existed: true)
        return model
    }

    /// Saves an edit of a record read earlier, resolving any write made since the read with
    /// a merge policy.
    ///
    /// The record was *written since the read* when a commit after the read's version
    /// inserted or updated it (its write version is greater than ``Versioned/version``), or
    /// when this transaction or an earlier write of its group wrote it — whatever its values
    /// are now. Such a save is a conflict, which the merge policy resolves attribute by
    /// attribute; a save that changes nothing is never one, and writes nothing. A record
    /// deleted since the read is resolved as ``MergePolicy`` describes.
    ///
    /// - Parameters:
    ///   - edit: The record as read and as edited.
    ///   - mergePolicy: What to do when the record was written since the read.
    /// - Returns: The record as stored after the save.
    /// - Throws: ``StoreError/conflict(_:)`` under ``MergePolicy/error``;
    ///   ``StoreError/notFound(_:)`` when the record was deleted and the policy keeps the
    ///   store's state; ``StoreError/identifierChanged(from:to:)`` when the edit changed the
    ///   id.
    /// - Complexity: O(1) when nothing was written since the read; otherwise O(*a*) in the
    ///   size of the record's encoded attributes.
    @discardableResult
    public mutating func save(_ edit: Versioned<Model>, mergePolicy: MergePolicy = .error)
        throws -> Model
    {
        let id = edit.base.id
        guard edit.value.id == id else {
            throw StoreError.identifierChanged(
                from: String(describing: id), to: String(describing: edit.value.id))
        }
        let current = fetch(id: id)
        let written = current == nil ? nil : writtenSince(edit.version, id: id)
        if written == false {
            put(id, edit.value, existed: true)
            return edit.value
        }
        switch try MergeResolver.resolve(
            edit, against: current, policy: mergePolicy, writtenSinceRead: written == true)
        {
        case .write(let model):
            put(id, model, existed: current != nil)
            return model
        case .keep(let model):
            return model
        }
    }

    /// The record with an id as it was before this transaction's writes.
    ///
    /// That is the committed record, or one written earlier in the same group commit. Sync's
    /// replica takes it as the base of a write.
    package func recordBeforeWrites(id: Model.ID) -> Model? {
        if !inherited.isEmpty, let value = inherited[id] { return value }
        return base.record(withID: id)
    }

    /// Whether the record with an id was written after a read at a version.
    ///
    /// `nil` when the committed records keep no write versions and a commit came since the
    /// read, so only its values can tell. Sync's server asks it of a pushed deletion.
    package func writtenSince(_ readVersion: UInt64, id: Model.ID) -> Bool? {
        if touchedValue(id) != nil { return true }
        if let written = base.writeVersion(ofID: id) { return written > readVersion }
        return readVersion == version ? false : nil
    }
}

extension StoreTransaction {
    /// The value the group's writes give an id: `.some(nil)` when deleted, `nil` when
    /// untouched.
    fileprivate func touchedValue(_ id: Model.ID) -> Model?? {
        if !own.isEmpty, let value = own[id] { return value }
        if !inherited.isEmpty, let value = inherited[id] { return value }
        return nil
    }
}
