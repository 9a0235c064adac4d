import Foundation
import ModelStorage

/// One model's records as a commit leaves them, handed to the ``StoreWriter``: its part of
/// the commit's journal line, or its section of a new document.
protocol SectionWrite: Sendable {
    /// About how many bytes the model's part of the journal line takes; 0 when the commit
    /// does not change the model.
    var journalLength: Int { get }

    /// Encodes the records the commit writes, when the caller has not.
    ///
    /// - Throws: `StoreError/encodingFailed(id:reason:)` for a record that does not encode.
    mutating func prepare(encoder: JSONEncoder) throws(StoreError)

    /// The model's part of the commit's journal line, or `nil` when the commit does not
    /// change the model.
    ///
    /// - Throws: `StoreError/encodingFailed(id:reason:)` when a deleted id does not encode.
    func journalPart() throws(StoreError) -> Data?

    /// Appends the model's section of a document written at some version.
    ///
    /// - Throws: `StoreError/encodingFailed(id:reason:)` for a record that does not encode.
    func appendSection(to data: inout Data, version: UInt64, encoder: JSONEncoder)
        throws(StoreError)
}

/// One model's ``SectionWrite``: its records before the commit, and the commit's changes.
struct ModelSectionWrite<Model: StorableModel>: SectionWrite {
    /// The records before the commit.
    let table: RecordTable<Model>
    /// The commit's changes, one per record.
    let changes: [RecordChange<Model>]
    /// The encoded records of the commit's upserts, in order.
    private(set) var encoded: [Data]

    init(table: RecordTable<Model>, changes: [RecordChange<Model>] = [], encoded: [Data] = []) {
        self.table = table
        self.changes = changes
        self.encoded = encoded
    }

    var journalLength: Int {
        guard !changes.isEmpty else { return 0 }
        let deleted = changes.count - encoded.count
        return encoded.reduce(64 + Model.storageName.utf8.count + deleted * 8) {
            $0 + $1.count + 1
        }
    }

    mutating func prepare(encoder: JSONEncoder) throws(StoreError) {
        let upserted = changes.compactMap { change -> Model? in
            if case .upsert(let model) = change { model } else { nil }
        }
        guard encoded.count != upserted.count else { return }
        encoded = []
        encoded.reserveCapacity(upserted.count)
        for model in upserted {
            encoded.append(try StoreDocument.encode(model, with: encoder))
        }
    }

    func journalPart() throws(StoreError) -> Data? {
        guard !changes.isEmpty else { return nil }
        let deleted = changes.compactMap { change -> Model.ID? in
            if case .delete(let id) = change { id } else { nil }
        }
        return try StoreJournal.part(
            model: Model.storageName, deleting: deleted, putting: encoded)
    }

    func appendSection(to data: inout Data, version: UInt64, encoder: JSONEncoder)
        throws(StoreError)
    {
        try StoreDocument.appendSection(
            table, after: changes, encoded: encoded, version: version, encoder: encoder,
            to: &data)
    }
}
