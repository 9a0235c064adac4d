import Foundation
import ModelStorage

/// The writes of one group commit, of every model: what each model's writes leave over the
/// committed records, and the records they encoded.
///
/// Each model's part is kept under the model's `ObjectIdentifier`, typed by the model: an
/// `Overlay<Model>` and a `[Encoding<Model>]`.
struct CommitGroup {
    /// Each model's writes so far, an `Overlay<Model>` under the model's key.
    private(set) var overlays: [ObjectIdentifier: any Sendable] = [:]
    /// Each model's writes' encoded records, a `[Encoding<Model>]` under the model's key.
    private var encodings: [ObjectIdentifier: any Sendable] = [:]

    /// The records one write put, encoded, in the order it first touched them.
    struct Encoding<Model: StorableModel>: Sendable {
        var ids: [Model.ID]
        var records: [Data]
    }

    /// A model's changes, `[RecordChange<Model>]`, where the model is not known statically.
    struct Changes: Sendable {
        let isEmpty: Bool
        let value: any Sendable

        init<Model: StorableModel>(_ changes: [RecordChange<Model>]) {
            isEmpty = changes.isEmpty
            value = changes
        }
    }

    /// What one write did to one model.
    protocol Write {
        /// Encodes the records the write put.
        ///
        /// - Throws: `StoreError/encodingFailed(id:reason:)` for the first that does not
        ///   encode.
        mutating func encode(with encoder: JSONEncoder) throws(StoreError)

        /// Adds the write, encoded, to a group.
        func absorb(into group: inout CommitGroup)
    }

    /// Adds one write of every model it touched, once all of its records are encoded: a
    /// write whose records do not all encode adds nothing.
    ///
    /// - Throws: `StoreError/encodingFailed(id:reason:)` for a record that does not encode.
    mutating func absorb(_ writes: [any Write], encoder: JSONEncoder) throws(StoreError) {
        var writes = writes
        for index in writes.indices { try writes[index].encode(with: encoder) }
        for write in writes { write.absorb(into: &self) }
    }

    /// What a write did to one model, from its transaction, or `nil` when it did not change
    /// the model.
    func write<Model: StorableModel>(
        of model: Model.Type, in transaction: DatabaseTransaction,
        over tables: [ObjectIdentifier: any Sendable]
    ) -> (any Write)? {
        let changes = transaction.changes(of: model)
        guard !changes.isEmpty else { return nil }
        let key = ObjectIdentifier(model)
        let inherited = overlays[key] as? Overlay<Model>
        let table = (tables[key] as? StoreState<Model>)?.table
        var own = Overlay<Model>()
        for change in changes {
            switch change {
            case .upsert(let record):
                let existed =
                    inherited?[record.id].map { $0 != nil } ?? table?.contains(record.id) ?? false
                own.set(record.id, to: record, existed: existed)
            case .delete(let id):
                own.set(id, to: nil, existed: true)
            }
        }
        return ModelWrite(own: own)
    }

    /// A model's changes over its committed records: what the group commits of it.
    func changes<Model: StorableModel>(
        of model: Model.Type, over tables: [ObjectIdentifier: any Sendable]
    ) -> Changes {
        let key = ObjectIdentifier(model)
        guard let overlay = overlays[key] as? Overlay<Model>,
            let state = tables[key] as? StoreState<Model>
        else { return Changes([RecordChange<Model>]()) }
        return Changes(overlay.changes(over: state.table))
    }

    /// Every model's records before the commit and the group's changes of it, in the order
    /// of the models, for the writer.
    func sections(
        _ changes: [Changes], models: [any StorableModel.Type],
        tables: [ObjectIdentifier: any Sendable]
    ) -> [any SectionWrite] {
        var sections: [any SectionWrite] = []
        for (model, modelChanges) in zip(models, changes) {
            if let section = section(of: model, changes: modelChanges, tables: tables) {
                sections.append(section)
            }
        }
        return sections
    }

    private func section<Model: StorableModel>(
        of model: Model.Type, changes: Changes, tables: [ObjectIdentifier: any Sendable]
    ) -> (any SectionWrite)? {
        let key = ObjectIdentifier(model)
        guard let state = tables[key] as? StoreState<Model> else { return nil }
        let changes = changes.value as? [RecordChange<Model>] ?? []
        let encodings = encodings[key] as? [Encoding<Model>] ?? []
        return ModelSectionWrite(
            table: state.table, changes: changes,
            encoded: Self.records(of: changes, from: encodings))
    }

    /// The encoded records of a group's upserts of one model, in the order of its changes.
    ///
    /// A group of one write already has them in that order; otherwise a later write's
    /// encoding of a record replaces an earlier one's.
    private static func records<Model: StorableModel>(
        of changes: [RecordChange<Model>], from encodings: [Encoding<Model>]
    ) -> [Data] {
        if encodings.count == 1, let only = encodings.first,
            only.records.count
                == changes.count(where: { if case .upsert = $0 { true } else { false } })
        {
            return only.records
        }
        var byID: [Model.ID: Data] = [:]
        for encoding in encodings {
            for (id, record) in zip(encoding.ids, encoding.records) { byID[id] = record }
        }
        return changes.compactMap { change in
            guard case .upsert(let model) = change else { return nil }
            return byID[model.id]
        }
    }

    /// One model's ``Write``.
    private struct ModelWrite<Model: StorableModel>: Write {
        let own: Overlay<Model>
        var encoding = Encoding<Model>(ids: [], records: [])

        /// Encodes the records the write inserted or replaced, in the order it first touched
        /// them: a large batch on every core (``BatchEncoder``).
        mutating func encode(with encoder: JSONEncoder) throws(StoreError) {
            var ids: [Model.ID] = []
            var models: [Model] = []
            ids.reserveCapacity(own.entries.count)
            models.reserveCapacity(own.entries.count)
            for (id, value) in own.entries {
                guard let model = value else { continue }
                ids.append(id)
                models.append(model)
            }
            do {
                encoding = Encoding(ids: ids, records: try BatchEncoder.encode(models, with: encoder))
            } catch {
                throw .encodingFailed(
                    id: String(describing: ids[error.index]),
                    reason: RecordCoding.reason(error.error))
            }
        }

        func absorb(into group: inout CommitGroup) {
            let key = ObjectIdentifier(Model.self)
            var overlay = group.overlays.removeValue(forKey: key) as? Overlay<Model> ?? Overlay()
            overlay.absorb(own)
            group.overlays[key] = overlay
            var encodings = group.encodings.removeValue(forKey: key) as? [Encoding<Model>] ?? []
            encodings.append(encoding)
            group.encodings[key] = encodings
        }
    }

    /// The committed tables a write reads, with the group's earlier writes laid over them.
    struct Tables: DatabaseTransaction.Tables {
        let tables: [ObjectIdentifier: any Sendable]
        let overlays: [ObjectIdentifier: any Sendable]

        func transaction<Model: StorableModel>(
            of model: Model.Type, version: UInt64
        ) -> StoreTransaction<Model>? {
            let key = ObjectIdentifier(model)
            guard let state = tables[key] as? StoreState<Model> else { return nil }
            return state.makeTransaction(after: overlays[key] as? Overlay<Model> ?? Overlay())
        }
    }
}
