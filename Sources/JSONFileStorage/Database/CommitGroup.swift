import Foundation
import ModelStorage

/// The writes of one group commit, of every model: each write is a commit of its own, with
/// its own version, and the group stores them all with one durable write.
///
/// Each model's part is typed by the model: an `Overlay<Model>` of the group's writes so far,
/// which later writes read over, and the `ModelCommits<Model>` of each write that changed it.
struct CommitGroup {
    /// Each model's writes so far, its `Overlay<Model>`.
    private(set) var overlays = PerModelValues()
    /// Each model's commits, its `ModelCommits<Model>`.
    private var commits = PerModelValues()
    /// The version of each commit of the group, in order.
    private(set) var versions: [UInt64] = []
    /// When the group's commits delete their records: the time their tombstones keep.
    let date = Date()

    /// What one write did to one model.
    protocol Write {
        /// Encodes the records the write put.
        ///
        /// - Throws: `StoreError/encodingFailed(id:reason:)` for the first that does not
        ///   encode.
        mutating func encode(with encoder: RecordEncoder) throws(StoreError)

        /// Adds the write, encoded, to a group as a commit at a version.
        func absorb(into group: inout CommitGroup, version: UInt64)
    }

    /// Adds one write as a commit at a version, once all of its records, of every model it
    /// changed, are encoded: a write whose records do not all encode adds nothing, and a
    /// write that changed nothing is no commit.
    ///
    /// - Throws: `StoreError/encodingFailed(id:reason:)` for a record that does not encode.
    mutating func absorb(_ writes: [any Write], version: UInt64, encoder: RecordEncoder)
        throws(StoreError)
    {
        guard !writes.isEmpty else { return }
        var writes = writes
        for index in writes.indices { try writes[index].encode(with: encoder) }
        for write in writes { write.absorb(into: &self, version: version) }
        versions.append(version)
    }

    /// What a write did to one model, from its transaction, or `nil` when it did not change
    /// the model.
    func write<Model: StorableModel>(
        of model: Model.Type, in transaction: DatabaseTransaction,
        over tables: PerModelValues
    ) -> (any Write)? {
        let changes = transaction.changes(of: model)
        guard !changes.isEmpty else { return nil }
        let inherited = overlays[Overlay<Model>.self]
        let table = tables[StoreState<Model>.self]?.table
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
        return ModelWrite(own: own, changes: changes)
    }

    /// Every model's records before the group and the group's commits of it, in the order
    /// of the models, for the writer.
    func sections(
        models: [any StorableModel.Type], tables: PerModelValues
    ) -> [any SectionWrite] {
        models.compactMap { section(of: $0, tables: tables) }
    }

    private func section<Model: StorableModel>(
        of model: Model.Type, tables: PerModelValues
    ) -> (any SectionWrite)? {
        guard let state = tables[StoreState<Model>.self] else { return nil }
        return ModelSectionWrite(
            table: state.table, history: state.history,
            commits: commits[ModelCommits<Model>.self]?.commits ?? [])
    }

    /// One model's commits in the group, in order: their versions and changes.
    func commits<Model: StorableModel>(of model: Model.Type) -> [(
        version: UInt64, changes: [RecordChange<Model>]
    )] {
        (commits[ModelCommits<Model>.self]?.commits ?? []).map { ($0.version, $0.changes) }
    }

    /// One model's commits in the group, in order.
    private struct ModelCommits<Model: StorableModel>: PerModelValue {
        var commits: [ModelSectionWrite<Model>.Commit] = []
    }

    /// One model's ``Write``.
    private struct ModelWrite<Model: StorableModel>: Write {
        let own: Overlay<Model>
        let changes: [RecordChange<Model>]
        var encoded: [Data] = []

        /// Encodes the records the write inserted or replaced, in the order it first touched
        /// them, which is the order of its changes: a large batch on every core
        /// (``BatchEncoder``).
        mutating func encode(with encoder: RecordEncoder) throws(StoreError) {
            var ids: [Model.ID] = []
            var models: [Model] = []
            ids.reserveCapacity(own.entries.count)
            models.reserveCapacity(own.entries.count)
            for entry in own.entries {
                guard let model = entry.value else { continue }
                ids.append(entry.id)
                models.append(model)
            }
            do {
                encoded = try BatchEncoder.encode(models, with: encoder)
            } catch {
                throw .encodingFailed(
                    id: String(describing: ids[error.index]),
                    reason: RecordCoding.reason(error.error))
            }
        }

        func absorb(into group: inout CommitGroup, version: UInt64) {
            group.overlays[Overlay<Model>.self, default: Overlay()].absorb(own)
            group.commits[ModelCommits<Model>.self, default: ModelCommits()].commits.append(
                .init(
                    version: version, changes: changes, encoded: encoded,
                    deletedAt: group.date))
        }
    }

    /// The committed tables a write reads, with the group's earlier writes laid over them.
    struct Tables: DatabaseTransaction.Tables {
        let tables: PerModelValues
        let overlays: PerModelValues

        func transaction<Model: StorableModel>(
            of model: Model.Type, version: UInt64
        ) -> StoreTransaction<Model>? {
            guard let state = tables[StoreState<Model>.self] else { return nil }
            return StoreTransaction(
                base: state.table, version: version,
                inherited: overlays[Overlay<Model>.self] ?? Overlay())
        }
    }
}
