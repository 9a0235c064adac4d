import KeyPathQuery

/// Committed records with some of them read ahead: a read by id of one of those is answered
/// from memory, every other read from the records behind.
///
/// A ``StoreTransaction`` over a database reads a record by id with a trip to the backend; a
/// body that reads many known ids (a sync server applying a push) reads them first in one
/// query with ``StoreTransaction/prefetch(ids:)``.
struct PrefetchedRecords<Model: StorableModel>: CommittedRecords {
    /// The records behind.
    let base: any CommittedRecords<Model>
    /// The records read ahead, with their positions, by id.
    let found: [Model.ID: (position: Int, record: Model)]
    /// The ids read ahead, those found and those that no record has.
    let asked: Set<Model.ID>

    var count: Int { base.count }

    func record(withID id: Model.ID) -> Model? {
        guard asked.contains(id) else { return base.record(withID: id) }
        return found[id]?.record
    }

    func position(ofID id: Model.ID) -> Int? {
        guard asked.contains(id) else { return base.position(ofID: id) }
        return found[id]?.position
    }

    func writeVersion(ofID id: Model.ID) -> UInt64? {
        guard !asked.contains(id) || found[id] != nil else { return nil }
        return base.writeVersion(ofID: id)
    }

    func records(
        selectedBy query: RecordQuery<Model>, excluding ids: Set<Model.ID>
    ) throws -> [(position: Int, record: Model)] {
        try base.records(selectedBy: query, excluding: ids)
    }

    func count(where condition: Condition<Model>, excluding ids: Set<Model.ID>) throws -> Int {
        try base.count(where: condition, excluding: ids)
    }
}

extension StoreTransaction where Model.ID: QueryValueConvertible {
    /// Reads the committed records with some ids in one query, so that the transaction's
    /// later reads of those ids by id need no trip to the backend.
    ///
    /// - Parameter ids: The ids; those the transaction has written read as they did.
    /// - Throws: A ``StoreError`` when the records cannot be read, or
    ///   ``StoreError/invalidQuery(_:)`` when the model's id is not a query attribute.
    /// - Complexity: One query of the backend, then O(1) a read.
    package mutating func prefetch(ids: [Model.ID]) throws {
        let asked = Set(ids)
        guard !asked.isEmpty else { return }
        let rows = try base.records(
            selectedBy: RecordQuery(where: .in(\Model.id, Array(asked))), excluding: [])
        var found: [Model.ID: (position: Int, record: Model)] = [:]
        found.reserveCapacity(rows.count)
        for row in rows { found[row.record.id] = row }
        base = PrefetchedRecords(base: base, found: found, asked: asked)
    }
}
