import Foundation
import ModelStorage

/// One model's records and the commits of a group that changed them, handed to the
/// ``StoreWriter``: its parts of the commits' journal lines, or its section of a new
/// document.
protocol SectionWrite: Sendable {
    /// About how many bytes the model's parts of the journal lines take; 0 when no commit
    /// changes the model.
    var journalLength: Int { get }

    /// Encodes the records the commits write, when the caller has not.
    ///
    /// - Throws: `StoreError/encodingFailed(id:reason:)` for a record that does not encode.
    mutating func prepare(encoder: RecordEncoder) throws(StoreError)

    /// The model's part of each commit's journal line that changes it, by the commit's
    /// version, its deleted ids written by `encoder`.
    ///
    /// - Throws: `StoreError/encodingFailed(id:reason:)` when a deleted id does not encode.
    func journalParts(encoder: RecordEncoder) throws(StoreError) -> [(version: UInt64, part: Data)]

    /// Appends the model's section of a document, the commits applied.
    ///
    /// - Throws: `StoreError/encodingFailed(id:reason:)` for a record that does not encode.
    func appendSection(to data: inout Data, encoder: RecordEncoder) throws(StoreError)
}

/// One model's ``SectionWrite``: its records before the group, and each commit's changes.
struct ModelSectionWrite<Model: StorableModel>: SectionWrite {
    /// One commit's changes of the model.
    struct Commit: Sendable {
        /// The database's version after the commit.
        let version: UInt64
        /// The commit's changes, one per record.
        let changes: [RecordChange<Model>]
        /// The encoded records of the commit's upserts, in order.
        var encoded: [Data]
        /// When the commit deleted its records.
        var deletedAt: Date
    }

    /// The records before the group.
    let table: RecordTable<Model>
    /// The model's change history before the group, when it keeps one.
    let history: StoreDocument.History<Model>?
    /// The group's commits that change the model, in order.
    private(set) var commits: [Commit]

    init(
        table: RecordTable<Model>, history: ChangeLog<Model>?, commits: [Commit] = []
    ) {
        self.table = table
        self.history = history.map(StoreDocument.History.init)
        self.commits = commits
    }

    /// The model's change history after the group's commits, when it keeps one.
    private var historyAfterCommits: StoreDocument.History<Model>? {
        guard !commits.isEmpty else { return history }
        return history?.applying(
            commits.map { ($0.version, $0.changes, $0.deletedAt) }, over: table)
    }

    var journalLength: Int {
        commits.reduce(0) { length, commit in
            let deleted = commit.changes.count - commit.encoded.count
            return commit.encoded.reduce(
                length + 64 + Model.storageName.utf8.count + deleted * 8
            ) { $0 + $1.count + 1 }
        }
    }

    mutating func prepare(encoder: RecordEncoder) throws(StoreError) {
        for index in commits.indices {
            let upserted = commits[index].changes.compactMap { change -> Model? in
                if case .upsert(let model) = change { model } else { nil }
            }
            guard commits[index].encoded.count != upserted.count else { continue }
            var encoded: [Data] = []
            encoded.reserveCapacity(upserted.count)
            for model in upserted {
                encoded.append(try StoreDocument.encode(model, with: encoder))
            }
            commits[index].encoded = encoded
        }
    }

    func journalParts(encoder: RecordEncoder) throws(StoreError) -> [(
        version: UInt64, part: Data
    )] {
        var parts: [(version: UInt64, part: Data)] = []
        guard !commits.isEmpty else { return parts }
        let name = StoreJournal.quoted(Model.storageName)
        let keepsHistory = history != nil
        for commit in commits where !commit.changes.isEmpty {
            let deleted = commit.changes.compactMap { change -> Model.ID? in
                if case .delete(let id) = change { id } else { nil }
            }
            parts.append(
                (
                    commit.version,
                    try StoreJournal.part(
                        model: name, deleting: deleted,
                        deletedAt: keepsHistory ? commit.deletedAt : nil,
                        putting: commit.encoded, encoder: encoder)
                ))
        }
        return parts
    }

    func appendSection(to data: inout Data, encoder: RecordEncoder) throws(StoreError) {
        let history = historyAfterCommits
        guard commits.count > 1 else {
            guard let commit = commits.first else {
                return try StoreDocument.appendSection(
                    table.records, count: table.count, writeVersions: table.recordWriteVersions,
                    history: history, encoder: encoder, to: &data)
            }
            return try StoreDocument.appendSection(
                table, after: commit.changes, encoded: commit.encoded, version: commit.version,
                history: history, encoder: encoder, to: &data)
        }
        // Several commits: apply them in order, as memory and a replay of the journal do,
        // and reuse each record's latest encoding.
        var applied = table
        var encodedByID: [Model.ID: Data] = [:]
        for commit in commits {
            var index = 0
            for change in commit.changes {
                switch change {
                case .upsert(let model):
                    _ = applied.put(model, version: commit.version)
                    encodedByID[model.id] = commit.encoded[index]
                    index += 1
                case .delete(let id):
                    _ = applied.remove(id)
                    encodedByID[id] = nil
                }
            }
        }
        try StoreDocument.appendSection(
            applied.records, count: applied.count, writeVersions: applied.recordWriteVersions,
            history: history, encoded: encodedByID, encoder: encoder, to: &data)
    }
}
